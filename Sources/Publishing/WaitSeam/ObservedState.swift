// The wait seam (see CONTRIBUTING.md): what ObservationTesting's `until { … }`,
// `until(viewModel) { … }` and `recordChanges()` read state through. It lives in `Publishing`
// because it runs the read machinery of the public `publisher(for:on:)`: `StateObserver`,
// `ReadScheduler` and `ActorRunner`, which stay internal here.

/// Publishes a value read from observable state: at once, then after each change of what the
/// read touched (`@Observable` properties, through Observation tracking) and of the given
/// `ObservableObject`s, on the actor it was made on. Like ``ObservedProperty``, several changes
/// with no suspension point between them arrive as one, and an `Equatable` value is sent only
/// when it differs from the last one sent.
///
/// The source of a state check (`StateChecks`: `until { … }`, `until(viewModel) { … }`) and of
/// a change recorder's snapshots (`recordChanges()`); nothing in `Publishing` uses it.
package struct ObservedState<Value>: ClosurePublisher {
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

    @usableFromInline
    package func subscribeClosures(
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

    /// The objects it watches.
    package var observedObjects: [AnyObject] { objects }

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

/// Asks an ``ObservedState`` subscription for one more read, as a change would: a state check
/// (`StateChecks`) fires it when the condition it waits for moves on with no change of state.
/// In `Publishing` because the read it asks for is scheduled by the subscription's internal
/// ``ReadScheduler``.
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
