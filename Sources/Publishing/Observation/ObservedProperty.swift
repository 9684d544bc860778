import Dispatch

#if canImport(Darwin)
    public import Observation
#else
    // `withObservationTracking(_:didSet:)` is SPI, for SwiftUI; this toolchain has it.
    @_spi(SwiftUI) public import Observation
#endif

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
public struct ObservedProperty<Model: AnyObject & Observable, Value>: Publisher,
    CoalescingPublisher, ReadHandingPublisher
{
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
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Value) -> Void
    ) -> AnyCancellable {
        let subscription = sink(
            handingReadsTo: nil,
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        return AnyCancellable { subscription.cancel() }
    }

    /// Whether it was made on the main actor, where a subscriber suspended on the main actor can
    /// run its reads: see ``sink(handingReadsTo:receiveCompletion:receiveValue:)``.
    @inlinable
    package var readsOnMainActor: Bool { runner.isMainActor }

    /// Like `sink`, but each read after a change is handed to `handoff` to run, instead of being
    /// queued on the actor by itself. For a subscriber suspended on the main actor whose wake is
    /// queued there directly (a wait, through its mailbox), which runs the read when it wakes:
    /// one wake per change, not two, and still ahead of the changing code's next suspension.
    ///
    /// Inlinable, with ``StateObserver``'s reading: run at the caller's types, the read after a
    /// change is specialised for them, instead of asking the runtime for the metadata of each
    /// generic type it touches (cold, on every change: about a third of the read's cost).
    @inlinable
    package func sink(
        handingReadsTo handoff: JobHandoff?,
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Value) -> Void
    ) -> ReadScheduler {
        let keyPath = keyPath
        let read: () -> Value?
        if handoff != nil {
            // Held strongly: a weak load costs microseconds, cold, on every read after a change.
            // The subscriber that hands reads off (a wait) is passed the model, or this publisher
            // that holds it, for as long as it waits, and cancels (releasing this) as it ends.
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

/// Takes the jobs an observer would queue on the main actor, for code suspended there that runs
/// them, in order and one at a time, when its wake (which the hand-off queues) comes.
@usableFromInline
package typealias JobHandoff = @Sendable (@escaping @Sendable () -> Void) -> Void

/// A publisher of observed state whose reads after a change a subscriber suspended on the main
/// actor can run itself: ``ObservedProperty`` and ``ObservedState``.
@usableFromInline
package protocol ReadHandingPublisher<Output>: Publisher where Failure == Never {
    /// Whether it was made on the main actor, where such a subscriber can run its reads.
    var readsOnMainActor: Bool { get }

    /// Like `sink`, but each read after a change is handed to `handoff` to run: see
    /// ``ObservedProperty/sink(handingReadsTo:receiveCompletion:receiveValue:)``. The
    /// subscription ends when the returned scheduler is cancelled (not when it is released).
    func sink(
        handingReadsTo handoff: JobHandoff?,
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> ReadScheduler
}

/// A publisher that sends several changes made with no suspension point between them as one:
/// failure messages say so where a value seems to be missing.
package protocol CoalescingPublisher {}

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

/// One subscription to observed state: reads it on its actor after each change, and sends what
/// is new.
///
/// Not `Sendable`: it is used only where the subscription was made, and in tasks that
/// ``ReadScheduler`` runs on that same actor.
@usableFromInline
final class StateObserver<Value> {
    /// Reads the state; `nil` once what it reads is gone, which finishes the subscription.
    @usableFromInline let read: () -> Value?
    @usableFromInline let receiveValue: (Value) -> Void
    @usableFromInline let receiveCompletion: (Subscribers.Completion<Never>) -> Void
    /// The last value sent, as the array's only element. An array is one reference whatever
    /// `Value` is, so this class's deinit (not specialised, as no generic class's is) releases
    /// it, where a `Value?` made it ask the runtime for `Optional<Value>`'s metadata, cold, on
    /// every wait's way out (1.4–1.8 µs of it, by timestamps inside waits).
    // @exclusivity(unchecked) here and on `watches`: touched only on the observer's actor, one
    // job at a time, with no access spanning a call that could reach it again; the runtime's
    // check was four calls on every read after a change.
    @usableFromInline @exclusivity(unchecked) var lastSent: [Value] = []
    @usableFromInline let scheduler: ReadScheduler
    /// Subscriptions to the `ObservableObject`s whose changes also wake it.
    @usableFromInline @exclusivity(unchecked) var watches: [AnyCancellable] = []

    @usableFromInline
    init(
        read: @escaping () -> Value?,
        runner: ActorRunner,
        handoff: JobHandoff?,
        signal: ChangeSignal,
        receiveValue: @escaping (Value) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void
    ) {
        self.read = read
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
        scheduler = ReadScheduler(runner: runner, handoff: handoff, signal: signal)
    }

    /// Starts observing: reads at once on the caller's thread, then after each change of the
    /// `@Observable` state the read touches, and of each of `objects` that is an
    /// `ObservableObject`. Observing stops when the returned scheduler is cancelled.
    @inlinable
    static func start(
        read: @escaping () -> Value?,
        watching objects: [AnyObject] = [],
        trigger: ReadTrigger? = nil,
        runner: ActorRunner,
        handoff: JobHandoff? = nil,
        signal: ChangeSignal,
        receiveValue: @escaping (Value) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void
    ) -> ReadScheduler {
        // An `objectWillChange` comes before the change: reads after it are confirmed.
        let observer = StateObserver(
            read: read,
            runner: runner,
            handoff: handoff,
            signal: objects.isEmpty ? signal : .beforeStore,
            receiveValue: receiveValue,
            receiveCompletion: receiveCompletion
        )
        let scheduler = observer.scheduler
        trigger?.attach(scheduler)
        observer.watches = objects.flatMap { object in
            ModelState.subscribeToChanges(of: object) { scheduler.noteChange() }
        }
        // The scheduler holds the observer, and so its watches, until the subscription is
        // cancelled: the observer is touched only on its actor.
        scheduler.start { [observer] isTracking in observer.read(isTracking: isTracking) }
        return scheduler
    }

    /// Reads the state and sends it if it is new; with `isTracking`, first registers for the next
    /// change, so that a store landing after the read is always noticed.
    @inlinable
    func read(isTracking: Bool) {
        if isTracking {
            // Tracking is installed only once the tracked read returns: a store landing
            // during that read would be noticed by nobody, so the value sent is read after.
            let read = read
            scheduler.track { _ = read() }
        }
        guard let value = read() else {
            scheduler.cancel()
            watches.removeAll()
            receiveCompletion(.finished)
            return
        }
        if let last = lastSent.first {
            if isEqual(last, value) { return }
            lastSent[0] = value
        } else {
            lastSent.append(value)
        }
        receiveValue(value)
    }

    /// `==` for `Value` if it is `Equatable`, found when the subscription starts: asking whether
    /// a value conforms looks the conformance up, which on a change (even the first) would be
    /// cold work between the change and its waiter.
    @usableFromInline let isEqual: (Value, Value) -> Bool = equality(of: Value.self)
}

/// Publishes a value read from observable state: at once, then after each change of what the
/// read touched (`@Observable` properties, through Observation tracking) and of the given
/// `ObservableObject`s, on the actor it was made on. Like ``ObservedProperty``, several changes
/// with no suspension point between them arrive as one, and an `Equatable` value is sent only
/// when it differs from the last one sent.
package struct ObservedState<Value>: Publisher, CoalescingPublisher, ReadHandingPublisher {
    package typealias Output = Value
    package typealias Failure = Never

    let read: () -> Value?
    let objects: [AnyObject]
    let trigger: ReadTrigger?
    let runner: ActorRunner

    /// - Parameters:
    ///   - objects: Objects whose `objectWillChange` and `@Published` changes also wake it.
    ///   - trigger: Asks for a read when the reader's needs change, with no change of state.
    ///   - isolation: The caller's actor: reads run on it.
    ///   - read: Reads the state; `nil` once what it reads is gone, which finishes.
    package init(
        watching objects: [AnyObject],
        trigger: ReadTrigger? = nil,
        isolation: isolated (any Actor)? = #isolation,
        read: @escaping () -> Value?
    ) {
        self.read = read
        self.objects = objects
        self.trigger = trigger
        runner = .current(isolation: isolation)
    }

    package func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Value) -> Void
    ) -> AnyCancellable {
        let subscription = sink(
            handingReadsTo: nil,
            receiveCompletion: receiveCompletion,
            receiveValue: receiveValue
        )
        return AnyCancellable { subscription.cancel() }
    }

    /// Whether it was made on the main actor: see ``ObservedProperty/readsOnMainActor``.
    package var readsOnMainActor: Bool { runner.isMainActor }

    /// Like `sink`, but each read after a change is handed to `handoff` to run: see
    /// ``ObservedProperty/sink(handingReadsTo:receiveCompletion:receiveValue:)``.
    package func sink(
        handingReadsTo handoff: JobHandoff?,
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Value) -> Void
    ) -> ReadScheduler {
        StateObserver.start(
            read: read,
            watching: objects,
            trigger: trigger,
            runner: runner,
            handoff: handoff,
            signal: .preferred,
            receiveValue: receiveValue,
            receiveCompletion: receiveCompletion
        )
    }
}

/// Asks an ``ObservedState`` subscription for one more read, as a change would.
@usableFromInline
package final class ReadTrigger: Sendable {
    private let scheduler = Locked<ReadScheduler?>(nil)

    package init() {}

    @usableFromInline
    func attach(_ scheduler: ReadScheduler) {
        self.scheduler.withLock { $0 = scheduler }
    }

    /// Schedules a read on the subscription's actor; does nothing before the subscription starts.
    package func fire() {
        scheduler.withLock { $0 }?.noteChange()
    }
}

/// Whether `body` read any `@Observable` property: a read that reads none can never be woken
/// by a change.
package func readsObservableState(_ body: () -> Void) -> Bool {
    var didRead = false
    // Observation evaluates `onChange` only when the body read something it can track.
    withObservationTracking(
        body,
        onChange: {
            didRead = true
            return {}
        }())
    return didRead
}

/// When Observation tells an observer of a change: before or after the new value is stored.
@usableFromInline
enum ChangeSignal {
    /// After the store (`withObservationTracking(_:didSet:)`): a read enqueued then cannot miss
    /// it. Where that form is unavailable (Apple platforms), this falls back to `beforeStore`.
    case afterStore
    /// Before the store (the public `onChange`): a read may run before a store on another thread
    /// lands, so each read after a change is confirmed by later ones.
    case beforeStore

    /// The exact signal, where the platform has it.
    @usableFromInline
    static var preferred: ChangeSignal { ChangeSignal.afterStore.available }
}

/// Schedules an observer's reads: one after each change, on the observer's actor, and with a
/// ``ChangeSignal/beforeStore`` signal, the reads that confirm it.
///
/// Not generic, so the `@Sendable` closures that reach it from Observation and Dispatch capture
/// no metatype of the model.
@usableFromInline
// @unchecked: all mutable state, the read closure included, is guarded by `state`'s lock; the
// read closure is taken out under the lock and called only in jobs that `runner` runs on the
// observer's actor.
package final class ReadScheduler: Cancellable, @unchecked Sendable {
    private struct State {
        var read: ((Bool) -> Void)?
        /// Where reads go instead of `runner`, until the subscription is cancelled.
        var handoff: JobHandoff?
        var isReadScheduled = false
        /// Bumped by each change, so a confirming read knows a newer read has taken over.
        var changeCount = 0
    }

    /// Delays, in milliseconds, of the reads that confirm a read made after a `beforeStore`
    /// signal: long enough in all for a store on another thread to land.
    private static var confirmationDelays: [Int] { [0, 1, 5, 25, 125, 625] }

    private let runner: ActorRunner
    private let signal: ChangeSignal
    private let state: Locked<State>

    /// - Parameter handoff: Takes the reads instead of `runner`, for a subscriber suspended on the
    ///   main actor that runs them when it wakes.
    @usableFromInline
    init(runner: ActorRunner, handoff: JobHandoff? = nil, signal: ChangeSignal) {
        self.runner = runner
        self.signal = signal.available
        state = Locked(State(handoff: handoff))
    }

    /// Makes the first, tracking read, on the caller's thread.
    @usableFromInline
    func start(reading read: @escaping (Bool) -> Void) {
        let change = state.withLock { state in
            state.read = read
            return state.changeCount
        }
        read(true)
        // Told before the store, a change whose notice came while the first read was registering
        // (too early to be heard) may land after the read: the first read is confirmed too.
        if case .beforeStore = signal {
            confirm(change: change, attempt: 0)
        }
    }

    /// Ends the subscription: no read starts after this returns.
    @usableFromInline
    package func cancel() {
        // The hand-off's owner (a wait) is done: nothing more may reach it, nor be kept for it.
        // Moved out into locals of the stored types and released after the lock. (Returned
        // through `withLock`'s generic result, a closure is re-wrapped in a new one: an
        // allocation each, on every wait's way out.)
        var read: ((Bool) -> Void)?
        var handoff: JobHandoff?
        state.withLock { state in
            // Assigned, not `swap`ped: the generic `swap` re-wraps closures too.
            read = state.read
            handoff = state.handoff
            state.read = nil
            state.handoff = nil
        }
        _ = consume read
        _ = consume handoff
    }

    /// Registers for the next change of what `access` reads.
    @usableFromInline
    func track(_ access: () -> Void) {
        #if !canImport(Darwin)
            if case .afterStore = signal {
                withObservationTracking(
                    access,
                    didSet: { [self] tracking in
                        // One notice per registration, as with `onChange`: the read it schedules
                        // registers again.
                        tracking.cancel()
                        self.noteChange()
                    })
                return
            }
        #endif
        withObservationTracking(access) { [self] in noteChange() }
    }

    /// Called on the changing thread: by Observation before or after the store, per `signal`,
    /// and by the `ObservableObject`s an observer watches.
    @usableFromInline
    func noteChange() {
        // Copied out through a local, not `withLock`'s result: see `cancel()`.
        var handoff: JobHandoff?
        let shouldSchedule = state.withLock { state -> Bool in
            state.changeCount += 1
            guard state.read != nil, !state.isReadScheduled else { return false }
            state.isReadScheduled = true
            handoff = state.handoff
            return true
        }
        guard shouldSchedule else { return }
        // Enqueued on the observer's actor before the changing code there can suspend again,
        // so a change followed by any suspension point is read before the next change.
        run({ self.readAfterChange() }, handingTo: handoff)
    }

    /// Runs `job` on the observer's actor: through `handoff` if there is one, else `runner`.
    private func run(_ job: @escaping @Sendable () -> Void, handingTo handoff: JobHandoff?) {
        if let handoff {
            handoff(job)
        } else {
            runner.run(job)
        }
    }

    /// Runs on the observer's actor.
    private func readAfterChange() {
        // Copied out through locals, not `withLock`'s result: see `cancel()`.
        var read: ((Bool) -> Void)?
        var handoff: JobHandoff?
        let change = state.withLock { state in
            state.isReadScheduled = false
            read = state.read
            handoff = state.handoff
            return state.changeCount
        }
        guard let read else { return }
        guard let handoff else { return readTracking(read, change: change) }
        // The subscriber that runs this job looks at the value before it runs the next one, and
        // stops there if the value is what it waited for: registering for a change nobody waits
        // for (most of a read's cost) is then never done. The tracked read that follows reads
        // again, so a store landing in between is still sent.
        read(false)
        // Capturing only `self`, the job needs no allocation of its own.
        handoff { [self] in readTrackingAfterHandoff() }
    }

    /// The tracked read that follows a handed-off read. Runs on the observer's actor.
    private func readTrackingAfterHandoff() {
        var read: ((Bool) -> Void)?
        let change = state.withLock { state in
            read = state.read
            return state.changeCount
        }
        if let read { readTracking(read, change: change) }
    }

    /// Reads, registering for the next change first. Runs on the observer's actor.
    private func readTracking(_ read: (Bool) -> Void, change: Int) {
        read(true)
        // Told before the store, the read may have come before a store on another thread
        // landed, whether or not it saw something new: look again, unless a newer change does.
        if case .beforeStore = signal {
            confirm(change: change, attempt: 0)
        }
    }

    private func confirm(change: Int, attempt: Int) {
        let delays = Self.confirmationDelays
        guard attempt < delays.count else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delays[attempt])) {
            var handoff: JobHandoff?
            self.state.withLock { handoff = $0.handoff }
            self.run({ self.readToConfirm(change: change, attempt: attempt) }, handingTo: handoff)
        }
    }

    /// Runs on the observer's actor.
    private func readToConfirm(change: Int, attempt: Int) {
        var read: ((Bool) -> Void)?
        state.withLock { if $0.changeCount == change { read = $0.read } }
        guard let read else { return }
        read(false)
        confirm(change: change, attempt: attempt + 1)
    }
}

extension ChangeSignal {
    /// This signal where the platform has it, else ``beforeStore``.
    fileprivate var available: ChangeSignal {
        #if canImport(Darwin)
            .beforeStore
        #else
            self
        #endif
    }
}

/// `==` for values of `type` if it is `Equatable`; otherwise `==` for values that turn out to be
/// `Equatable` (an existential's), and `false` for the rest.
@usableFromInline
func equality<Value>(of type: Value.Type) -> (Value, Value) -> Bool {
    guard let equatable = type as? any Equatable.Type else {
        return { equalIfEquatable($0, $1) ?? false }
    }
    return equatable.equality(as: Value.self)
}

/// Whether two values are equal by `==`, or `nil` if the first one's type is not `Equatable`.
package func equalIfEquatable(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let lhs = lhs as? any Equatable else { return nil }
    return lhs.isEqual(to: rhs)
}

extension Equatable {
    /// `==`, for values of type `Value`, which must be this type.
    ///
    /// The values are viewed as `Self` where they are, not cast: two dynamic casts per change,
    /// cold, on the way from a change to its waiter.
    fileprivate static func equality<Value>(as _: Value.Type) -> (Value, Value) -> Bool {
        precondition(Value.self == Self.self)
        return { lhs, rhs in
            withUnsafePointer(to: lhs) { lhs in
                withUnsafePointer(to: rhs) { rhs in
                    UnsafeRawPointer(lhs).assumingMemoryBound(to: Self.self).pointee
                        == UnsafeRawPointer(rhs).assumingMemoryBound(to: Self.self).pointee
                }
            }
        }
    }

    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

#if canImport(Combine)
    extension ObservedProperty {
        /// Attaches a Combine subscriber: it receives the current value, then each new value,
        /// within the demand it requests.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Value, Downstream.Failure == Never {
            Publishing.subscribe(
                subscriber, bySinking: { sink(receiveCompletion: $0, receiveValue: $1) })
        }
    }

    extension ObservedState {
        package func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Value, Downstream.Failure == Never {
            Publishing.subscribe(
                subscriber, bySinking: { sink(receiveCompletion: $0, receiveValue: $1) })
        }
    }
#endif
