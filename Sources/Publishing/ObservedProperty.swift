import Dispatch
public import Observation

/// Publishes a property of an `@Observable` object: its current value, then each new value.
///
/// Built on `withObservationTracking`, re-registered after every change. Observation reports a
/// change *before* the new value is stored, so the value is read afterwards, in a task enqueued
/// directly on the actor the publisher was made on; code that changes a `@MainActor` model on the
/// main actor is therefore always read after its change is complete.
///
/// What it can and cannot see:
/// - Several changes made without a suspension point in between arrive as one: the last.
/// - Changes made on the publisher's actor with any suspension point in between, even a
///   `Task.yield()`, each arrive: the read is enqueued on the actor before the changing code
///   can resume.
/// - An `Equatable` value is sent only when it differs from the last value sent.
/// - A model changed from another thread may be read before its store lands. An `Equatable`
///   value is then read again, at once and after 1, 5, 25, 125 and 625 ms, so the last value is
///   not lost;
///   a value that is not `Equatable` shows up with the next change.
///
/// Make it with ``publisher(for:on:isolation:)``, and subscribe on the same actor.
public struct ObservedProperty<Model: AnyObject & Observable, Value>: Publisher {
    /// The property's values.
    public typealias Output = Value
    /// Observing a property never fails.
    public typealias Failure = Never

    let model: Model
    let keyPath: KeyPath<Model, Value>
    /// Reads after a change run here: on the actor the publisher was made on.
    let runner: ActorRunner

    /// Sends the current value at once, then each new value; nothing more once the model is gone.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called with `.finished` if a change finds the model released.
    ///   - receiveValue: Called with each value, on the actor the publisher was made on.
    /// - Returns: A token that stops observing when cancelled or released.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Value) -> Void
    ) -> AnyCancellable {
        let scheduler = PropertyObserver(
            model: model,
            keyPath: keyPath,
            runner: runner,
            receiveValue: receiveValue,
            receiveCompletion: receiveCompletion
        ).scheduler
        return AnyCancellable { scheduler.cancel() }
    }
}

/// Makes a publisher of an `@Observable` object's property.
///
/// Every helper that takes a publisher then works with the property:
///
/// ```swift
/// let isLoading = publisher(for: \.isLoading, on: model)
/// let recorder = isLoading.record()
/// ```
///
/// - Parameters:
///   - keyPath: The property to observe.
///   - model: The object that has it.
///   - isolation: The caller's actor, inferred: values are read and sent on it.
/// - Returns: A publisher of the property's values; see ``ObservedProperty`` for what it sees.
public func publisher<Model: AnyObject & Observable, Value>(
    for keyPath: KeyPath<Model, Value>,
    on model: Model,
    isolation: isolated (any Actor)? = #isolation
) -> ObservedProperty<Model, Value> {
    ObservedProperty(model: model, keyPath: keyPath, runner: ActorRunner(isolation: isolation))
}

/// One subscription to an observed property: reads it, and sends what is new.
///
/// Not `Sendable`: it is used only where the subscription was made, and in tasks that
/// ``ReadScheduler`` runs on that same actor.
private final class PropertyObserver<Model: AnyObject & Observable, Value> {
    private weak var model: Model?
    private let keyPath: KeyPath<Model, Value>
    private let receiveValue: (Value) -> Void
    private let receiveCompletion: (Subscribers.Completion<Never>) -> Void
    private var lastSent: Value?
    let scheduler: ReadScheduler

    init(
        model: Model,
        keyPath: KeyPath<Model, Value>,
        runner: ActorRunner,
        receiveValue: @escaping (Value) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void
    ) {
        self.model = model
        self.keyPath = keyPath
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
        scheduler = ReadScheduler(runner: runner)
        // The scheduler holds this observer until the subscription is cancelled.
        scheduler.start { [self] isTracking in read(isTracking: isTracking) }
    }

    /// Reads the value and sends it if it is new; with `isTracking`, also registers for the next
    /// change.
    func read(isTracking: Bool) -> ReadScheduler.Outcome {
        guard let model else {
            scheduler.cancel()
            receiveCompletion(.finished)
            return .stopped
        }
        let value: Value
        if isTracking {
            value = withObservationTracking {
                model[keyPath: keyPath]
            } onChange: { [scheduler] in
                scheduler.changed()
            }
        } else {
            value = model[keyPath: keyPath]
        }
        if let lastSent, areEqual(lastSent, value) { return .unchanged }
        lastSent = value
        receiveValue(value)
        return value is any Equatable ? .sent : .sentUncomparable
    }
}

/// Schedules an observer's reads: one after each change, on the observer's actor, and the
/// confirming reads after a change that seemed to change nothing.
///
/// Not generic, so the `@Sendable` closures that reach it from Observation and Dispatch capture
/// no metatype of the model.
// @unchecked: all mutable state, the read closure included, is guarded by `state`'s lock; the
// read closure is taken out under the lock and called only in jobs that `runner` runs on the
// observer's actor.
final class ReadScheduler: @unchecked Sendable {
    enum Outcome {
        case sent
        /// Sent a value that cannot be compared, so a change that changes nothing can't be told.
        case sentUncomparable
        case unchanged
        case stopped
    }

    private struct State {
        var read: ((Bool) -> Outcome)?
        var isReadScheduled = false
        /// Bumped by each change, so a confirming read knows a newer read has taken over.
        var changeCount = 0
    }

    /// Delays, in milliseconds, of the reads that look again after a change seemed to change
    /// nothing: long enough in all for a store on another thread to land.
    private static var confirmationDelays: [Int] { [0, 1, 5, 25, 125, 625] }

    private let runner: ActorRunner
    private let state = Locked(State())

    init(runner: ActorRunner) {
        self.runner = runner
    }

    /// Makes the first, tracking read, on the caller's thread.
    func start(reading read: @escaping (Bool) -> Outcome) {
        state.withLock { $0.read = read }
        _ = read(true)
    }

    func cancel() {
        state.withLock { $0.read = nil }
    }

    /// Called by Observation before a change is stored, on the changing thread.
    func changed() {
        let shouldSchedule = state.withLock { state -> Bool in
            state.changeCount += 1
            guard state.read != nil, !state.isReadScheduled else { return false }
            state.isReadScheduled = true
            return true
        }
        guard shouldSchedule else { return }
        // Enqueued on the observer's actor before the changing code there can suspend again,
        // so a change followed by any suspension point is read before the next change.
        runner.run { self.readAfterChange() }
    }

    /// Runs on the observer's actor.
    private func readAfterChange() {
        let (read, change) = state.withLock { state in
            state.isReadScheduled = false
            return (state.read, state.changeCount)
        }
        // Nothing new was read: either the change stored an equal value, or its store, on
        // another thread, has not landed yet. Look again shortly, unless a newer change does.
        if read?(true) == .unchanged {
            confirm(change: change, attempt: 0)
        }
    }

    private func confirm(change: Int, attempt: Int) {
        let delays = Self.confirmationDelays
        guard attempt < delays.count else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delays[attempt])) {
            self.runner.run { self.readToConfirm(change: change, attempt: attempt) }
        }
    }

    /// Runs on the observer's actor.
    private func readToConfirm(change: Int, attempt: Int) {
        let read = state.withLock { $0.changeCount == change ? $0.read : nil }
        if read?(false) == .unchanged {
            confirm(change: change, attempt: attempt + 1)
        }
    }
}

/// Whether two values are equal, for values whose type is `Equatable`; `false` otherwise.
private func areEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
