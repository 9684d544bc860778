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
    /// it without looking up `Optional<Value>`'s metadata.
    // @exclusivity(unchecked) here and on `watches`: touched only on the observer's actor, one
    // job at a time, with no access spanning a call that could reach it again.
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
