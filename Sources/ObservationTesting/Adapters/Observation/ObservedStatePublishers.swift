public import Publishing

/// A publisher of observed state whose reads after a change a wait suspended on the main actor
/// can run itself: ``ObservedProperty`` and `ObservedState`. Their side of it is the wait seam in
/// `Publishing` (`WaitSeam/`).
@usableFromInline
protocol ReadHandingPublisher<Output>: Publisher where Failure == Never {
    /// Whether it was made on the main actor, where such a subscriber can run its reads.
    var readsOnMainActor: Bool { get }

    /// The objects whose state it reads: a wait on them lets recorders of them catch up.
    var observedObjects: [AnyObject] { get }

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
@usableFromInline
protocol CoalescingPublisher {}

extension ObservedProperty: ReadHandingPublisher, CoalescingPublisher {}

extension ObservedState: ReadHandingPublisher, CoalescingPublisher {}
