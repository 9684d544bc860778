// The wait seam (see CONTRIBUTING.md): what ObservationTesting's waits and recorders on an
// `@Observable` property (`until(publisher(for:on:), …)`, `record()`) need of
// ``ObservedProperty`` beyond its public `Publisher` interface. It lives in `Publishing` because
// it reaches the publisher's internal runner and its read machinery, which the public
// `publisher(for:on:)` runs too.

/// Takes the jobs an observer would queue on the main actor, for code suspended there that runs
/// them, in order and one at a time, when its wake (which the hand-off queues) comes: a wait on
/// the main actor, whose mailbox runs each read after a change when the change wakes it.
@usableFromInline
package typealias JobHandoff = @Sendable (@escaping @Sendable () -> Void) -> Void

extension ObservedProperty {
    /// Whether it was made on the main actor, where a wait suspended on the main actor can run
    /// its reads: see ``sink(handingReadsTo:receiveCompletion:receiveValue:)``.
    @inlinable
    package var readsOnMainActor: Bool { runner.isMainActor }

    /// The model it observes: the recorders a wait on it lets catch up are that model's.
    @inlinable
    package var observedModel: Model { model }

    /// The model it observes, as the one object it reads.
    @inlinable
    package var observedObjects: [AnyObject] { [model] }

    /// Like `sink`, but each read after a change is handed to `handoff` to run, instead of being
    /// queued on the actor by itself. For a subscriber suspended on the main actor whose wake is
    /// queued there directly (a wait, through its mailbox), which runs the read when it wakes:
    /// one wake per change, not two, and still ahead of the changing code's next suspension.
    /// With no `handoff` (a recorder), reads run as a plain subscription's do, and the returned
    /// scheduler lets a wait on the same model make the recorder read once more before it
    /// returns. The subscription ends when the scheduler is cancelled (not when it is released).
    @inlinable
    package func sink(
        handingReadsTo handoff: JobHandoff?,
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Value) -> Void
    ) -> ReadScheduler {
        observe(
            handingReadsTo: handoff, receiveCompletion: receiveCompletion,
            receiveValue: receiveValue)
    }
}
