import Dispatch

/// Runs jobs one at a time on one actor, each enqueued there directly from whichever thread
/// asks.
///
/// A plain `Task { await job(isolation: actor) }` starts on the global executor and only then
/// hops to the actor, so code already running on the actor can pass its next suspension point
/// before the job arrives, and overtake it. A task whose operation is isolated to the actor is
/// enqueued on the actor at once: behind what the actor was already asked to do, ahead of what
/// comes later. Only a function isolated to the actor can make such an operation, so the runner
/// is made on the actor and then asked to run jobs from anywhere.
///
/// Jobs never overlap, even with no actor (on the global executor): one task drains the queue,
/// and a new one is started only when none is draining.
///
/// On the main actor no task is made: the main actor's executor is the main queue, and a block
/// put there is enqueued in the same place a task isolated to the main actor would be, without
/// allocating and starting a task for each change.
@usableFromInline
// @unchecked: `state` is a `Locked`; `drain` is isolated to its actor and captures only
// `Sendable` state, so starting it from any task is safe.
final class ActorRunner: @unchecked Sendable {
    private struct State {
        var jobs = FIFO<@Sendable () -> Void>()
        var isDraining = false
    }

    private let state: Locked<State>
    private let drain: @isolated(any) () async -> Void
    /// Whether the actor is the main actor.
    @usableFromInline let isMainActor: Bool

    /// The runner for the caller's actor. On the main actor it is one runner shared by every
    /// observer (their jobs all go to the one main queue, in order, either way), so observing
    /// from a test on the main actor allocates none.
    @usableFromInline
    static func current(isolation: isolated (any Actor)? = #isolation) -> ActorRunner {
        if Publishing.isMainActor(isolation) { return mainActor }
        return ActorRunner(isolation: isolation)
    }

    private static let mainActor = ActorRunner(onMainActor: ())

    /// Makes a runner for the main actor, whose jobs go to the main queue: it starts no task.
    private init(onMainActor: Void) {
        state = Locked(State())
        isMainActor = true
        // swift-format-ignore: NoEmptyClosures
        drain = {}
    }

    /// Makes a runner for the caller's actor; with no actor, jobs run on the global executor.
    init(isolation: isolated (any Actor)? = #isolation) {
        let state = Locked(State())
        self.state = state
        isMainActor = Publishing.isMainActor(isolation)
        drain = {
            _ = isolation
            Self.runJobs(in: state)
        }
    }

    /// Runs the queued jobs, in order, until none is left.
    private static func runJobs(in state: Locked<State>) {
        while let job = state.withLock({ state -> (@Sendable () -> Void)? in
            guard let job = state.jobs.pop() else {
                state.isDraining = false
                return nil
            }
            return job
        }) {
            job()
        }
    }

    /// Enqueues `job` on the actor; it runs after every job enqueued before it, and before the
    /// caller, if it is on the actor, resumes from its next suspension point.
    func run(_ job: @escaping @Sendable () -> Void) {
        let queue = state
        // The drain is enqueued while the lock that claims it is held. Enqueued after it, a drain
        // claimed by another thread (a confirming read, a change made there) could reach the
        // actor only after code on the actor had queued a job behind it and suspended: that code
        // would resume before its own job ran. `DispatchQueue.main.async` and `Task(operation:)`
        // only enqueue, so the drain takes the lock once this call has released it; an actor
        // whose executor ran a job inside `enqueue` would deadlock here, and none may (a
        // `SerialExecutor` enqueues).
        queue.withLock { state in
            state.jobs.push(job)
            guard !state.isDraining else { return }
            state.isDraining = true
            if isMainActor {
                DispatchQueue.main.async { Self.runJobs(in: queue) }
                return
            }
            // Safe: see the type's comment.
            nonisolated(unsafe) let operation = drain
            Task(operation: operation)
        }
    }
}
