public import Observation

/// Publishes a property of an `@Observable` object: its current value, then each new value.
///
/// Built on `withObservationTracking`, re-registered after every change. Each change enqueues a
/// read directly on the actor the publisher was made on (on the main actor, a block on the main
/// queue; elsewhere, a task isolated to the actor); code that changes a `@MainActor` model on the
/// main actor is therefore always read after its change is complete.
///
/// What it can and cannot see:
/// - Several changes made without a suspension point in between arrive as one: the last.
/// - Changes made on the publisher's actor with any suspension point in between, even a
///   `Task.yield()`, each arrive: the read is enqueued on the actor before the changing code
///   can resume.
/// - An `Equatable` value is sent only when it differs from the last value sent.
/// - Changes made on another thread: on Linux, the last value of any burst always arrives.
///   Tracking is told of a change after its store, and is installed before each read, so no
///   store can fall between a read and the next notice. On Apple platforms, where only the
///   public notice (sent *before* the store) is available, a read that may have come too early
///   is repeated at once and after 1, 5, 25, 125 and 625 ms, so the last value arrives unless its
///   store takes longer than that.
///
/// Make it with ``publisher(for:on:isolation:)``, and subscribe on the same actor.
public struct ObservedProperty<Model: AnyObject & Observable, Value>: ClosurePublisher {
    /// The property's values.
    public typealias Output = Value
    /// Observing a property never fails.
    public typealias Failure = Never

    @usableFromInline let model: Model
    @usableFromInline let keyPath: KeyPath<Model, Value>
    /// Reads after a change run here: on the actor the publisher was made on.
    @usableFromInline let runner: ActorRunner
    /// When Observation tells of a change; the package's tests also try the fallback.
    @usableFromInline var signal = ChangeSignal.preferred

    @usableFromInline
    init(model: Model, keyPath: KeyPath<Model, Value>, runner: ActorRunner) {
        self.model = model
        self.keyPath = keyPath
        self.runner = runner
    }

    /// Sends the current value at once, then each new value; nothing more once the model is gone.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called with `.finished` if a change finds the model released.
    ///   - receiveValue: Called with each value, on the actor the publisher was made on.
    /// - Returns: A token that stops observing when cancelled or released.
    @inlinable
    package func subscribeClosures(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Value) -> Void
    ) -> AnyCancellable {
        let subscription = observe(
            handingReadsTo: nil,
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        return AnyCancellable { subscription.cancel() }
    }

    /// Starts observing: reads at once, then after each change. Each read after a change is
    /// queued on the publisher's actor, or, given a `handoff` (the wait seam's
    /// ``sink(handingReadsTo:receiveCompletion:receiveValue:)``), handed to it to run.
    ///
    /// Inlinable, with ``StateObserver``'s reading, so that the read after a change is
    /// specialised for the caller's types.
    @inlinable
    func observe(
        handingReadsTo handoff: JobHandoff?,
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Value) -> Void
    ) -> ReadScheduler {
        let keyPath = keyPath
        let read: () -> Value?
        if handoff != nil {
            // Held strongly, so a read after a change loads no weak reference: the subscriber
            // that hands reads off (a wait) holds the model, or this publisher that holds it, for
            // as long as it waits, and cancels (releasing this) as it ends.
            read = { [model] in model[keyPath: keyPath] }
        } else {
            read = { [weak model] in model.map { $0[keyPath: keyPath] } }
        }
        return StateObserver.start(
            read: read,
            runner: runner,
            handoff: handoff,
            signal: signal,
            receiveValue: receiveValue,
            receiveCompletion: receiveCompletion
        )
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
@inlinable
public func publisher<Model: AnyObject & Observable, Value>(
    for keyPath: KeyPath<Model, Value>,
    on model: Model,
    isolation: isolated (any Actor)? = #isolation
) -> ObservedProperty<Model, Value> {
    ObservedProperty(model: model, keyPath: keyPath, runner: .current(isolation: isolation))
}
