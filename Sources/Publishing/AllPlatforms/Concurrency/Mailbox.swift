import Dispatch

/// A queue of messages with one receiver that suspends until a message arrives.
///
/// Any thread may post; the receiver wakes and takes the message on its own isolation.
/// Cancelling the receiving task wakes it with `nil`.
///
/// A receiver on the main actor (a view-model test) is woken by enqueueing its job on the main
/// queue directly, with no hop through the global executor: it runs behind what the main actor
/// was already asked to do and ahead of what comes later, so code that changed a value and then
/// yielded does not run again before the waiter sees the change. To hand over its job, the
/// receiver parks by calling into a ``ParkingActor``, an actor whose executor is the mailbox,
/// which holds the job until a message arrives. Other receivers park on a continuation.
///
/// Inlinable, and `@usableFromInline` so that its bodies are, for a waiter to specialise it for
/// its message type.
@usableFromInline
// @unchecked: all state is guarded by `lock`. A message changes hands under the lock, from the
// poster to the single receiver, which owns it from then on.
package final class Mailbox<Message>: @unchecked Sendable {
    @usableFromInline
    struct State {
        /// The messages, in order, in a queue that keeps its room between messages, so that a
        /// post and its wake allocate nothing; not a `Message?` field, so that the state's
        /// layout, which the unspecialised deinit reads, does not depend on `Message`.
        @usableFromInline var messages = FIFO<Message>(reserved: 4)
        /// Whether the receiver is parked or its task cancelled.
        @usableFromInline var receiver = MailboxReceiverState.idle

        @inlinable
        init() {}
    }

    @usableFromInline let lock = Lock()
    // @exclusivity(unchecked): only reached while holding `lock`, which already makes every
    // access exclusive, so the runtime's own check, a call on every post and take, is spared.
    @usableFromInline @exclusivity(unchecked) var state = State()

    @inlinable
    package init() {}

    /// Adds a message and wakes the receiver if it is waiting.
    @inlinable
    package func post(_ message: Message) {
        lock.lock()
        state.messages.push(message)
        let receiver = state.receiver.unpark()
        lock.unlock()
        receiver?.wake()
    }

    /// Whether a message is waiting, so that ``receive(isolation:)`` would not suspend.
    @inlinable
    package var hasMessage: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !state.messages.isEmpty
    }

    /// Takes the oldest message, suspending until one arrives; `nil` once the task is cancelled
    /// and no message is waiting.
    ///
    /// Only a message or the cancel ends the wait. A receiver that finds neither when it goes on
    /// parks again, on a continuation: the parking actor's park is an actor hop the optimiser
    /// may drop as having nothing to run, and the caller would otherwise take that for a cancel,
    /// ending its wait with no failure recorded.
    @inlinable
    package func receive(isolation: isolated (any Actor)? = #isolation) async -> Message? {
        var parksOnTheActor = isMainActor(isolation)
        while true {
            let (message, isCancelled) = take()
            if let message {
                return message
            }
            if isCancelled {
                return nil
            }
            let onTheActor = parksOnTheActor
            await withTaskCancellationHandler {
                if onTheActor {
                    await ParkingActor(executor: asUnownedSerialExecutor()).park()
                } else {
                    await withUnsafeContinuation(isolation: isolation) { continuation in
                        park(.continuation(continuation))
                    }
                }
            } onCancel: {
                cancel()
            }
            parksOnTheActor = false
        }
    }

    /// The oldest message, if any, and whether the receiving task was cancelled.
    @inlinable
    func take() -> (message: Message?, isCancelled: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (state.messages.pop(), state.receiver.isCancelled)
    }

    @inlinable
    func park(_ receiver: MailboxReceiver) {
        // If the task was cancelled before this point, `onCancel` already ran: don't park.
        lock.lock()
        let parks = state.messages.isEmpty && !state.receiver.isCancelled
        if parks { state.receiver = .parked(receiver) }
        lock.unlock()
        if !parks { receiver.wake() }
    }

    /// Whether a receiver is parked here; for the package's tests.
    var hasParkedReceiver: Bool {
        lock.lock()
        defer { lock.unlock() }
        if case .parked = state.receiver { return true }
        return false
    }

    /// Wakes the parked receiver with no message and no cancel, as a park that did not hold
    /// would; for the package's tests.
    func wakeReceiverWithNothing() {
        lock.lock()
        let receiver = state.receiver.unpark()
        lock.unlock()
        receiver?.wake()
    }

    @inlinable
    func cancel() {
        lock.lock()
        let receiver = state.receiver.unpark()
        state.receiver = .cancelled
        lock.unlock()
        receiver?.wake()
    }
}

extension Mailbox: SerialExecutor {
    /// Takes the job of a receiver parking in ``ParkingActor/park()``: the only job ever
    /// enqueued here. It is held until a message arrives (or the task is cancelled), then run
    /// on the main actor.
    @usableFromInline
    package func enqueue(_ job: consuming ExecutorJob) {
        park(.mainActorJob(UnownedJob(job)))
    }

    @inlinable
    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

/// Where a ``Mailbox``'s receiver is: one state at a time, so that a receiver cannot stay
/// parked once its task is cancelled.
@usableFromInline
enum MailboxReceiverState {
    /// Not waiting: taking messages, or about to park.
    case idle
    /// Parked, waiting for a message. The lock hands it to exactly one waker (a post or a
    /// cancel).
    case parked(MailboxReceiver)
    /// The receiving task was cancelled: it takes what is left, then ends, and parks no more.
    case cancelled

    @inlinable
    var isCancelled: Bool {
        if case .cancelled = self { return true }
        return false
    }

    /// Takes the parked receiver, for its waker; a cancel stays.
    @inlinable
    mutating func unpark() -> MailboxReceiver? {
        guard case .parked(let receiver) = self else { return nil }
        self = .idle
        return receiver
    }
}

/// A receiver parked in a ``Mailbox``, waiting for a message.
@usableFromInline
enum MailboxReceiver: Sendable {
    /// Unsafe, not checked: the mailbox's lock hands it to exactly one waker, and a checked
    /// continuation allocates a canary on every suspension.
    case continuation(UnsafeContinuation<Void, Never>)
    /// The job of a task on the main actor that parked through a ``ParkingActor``.
    case mainActorJob(UnownedJob)

    /// Resumes the receiver; called once, by whoever took it from the mailbox.
    @inlinable
    func wake() {
        switch self {
        case .continuation(let continuation): continuation.resume()
        case .mainActorJob(let job): runOnMainActor(job)
        }
    }
}

/// Whether `isolation` is the main actor: where a mailbox's receiver is woken through the main
/// queue, so where an observer may hand its reads to a waiting receiver (see `ActorRunner`).
/// One test for both, as the second is only safe where the first holds.
@inlinable
package func isMainActor(_ isolation: (any Actor)?) -> Bool {
    guard let isolation else { return false }
    return isolation === MainActor.shared
}

/// Runs a receiver's job on the main queue, as the main actor, whose executor that queue is:
/// behind whatever the main actor was asked to do before, ahead of what comes later.
///
/// The job resumes in ``ParkingActor/park()``, which only marks the actor it was made for, and
/// then returns to code isolated to the main actor, which is where it is running: it goes on
/// with no further hop. Running it as the main actor rather than as the parking actor is sound
/// because nothing else isolated to that actor ever runs: each is made for one park, by one
/// task.
@usableFromInline
func runOnMainActor(_ job: UnownedJob) {
    DispatchQueue.main.async {
        job.runSynchronously(on: MainActor.sharedUnownedExecutor)
    }
}

/// An actor whose executor is a ``Mailbox``: calling ``park()`` hands the calling task to the
/// mailbox, which holds it until a message arrives. See ``Mailbox``.
@usableFromInline
final actor ParkingActor {
    @usableFromInline nonisolated let executor: UnownedSerialExecutor

    @inlinable
    init(executor: UnownedSerialExecutor) {
        self.executor = executor
    }

    @inlinable
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor }

    /// Whether ``park()`` has run; written only there.
    // @exclusivity(unchecked): written once, by the one task that parks on this actor; the
    // runtime's check would be a call in every wake.
    @usableFromInline @exclusivity(unchecked) var hasParked = false

    /// Returns when the mailbox runs the parked task: when a message arrives, or at cancel.
    ///
    /// It touches the actor's state so that the hop to it is needed: with an empty body the
    /// optimiser may drop the hop, and the task then goes on without parking (`receive` then
    /// parks again on a continuation, a slower wake).
    @inlinable
    func park() {
        hasParked = true
    }
}
