/// Runs jobs on one actor, each enqueued there directly from whichever thread asks.
///
/// A plain `Task { await job(isolation: actor) }` starts on the global executor and only then
/// hops to the actor, so code already running on the actor can pass its next suspension point
/// before the job arrives, and overtake it. A task whose operation is isolated to the actor is
/// enqueued on the actor at once: behind what the actor was already asked to do, ahead of what
/// comes later. Only a function isolated to the actor can make such an operation, so the runner
/// is made on the actor and then asked to run jobs from anywhere.
// @unchecked: `jobs` is a `Locked`; `drainOne` is isolated to its actor and captures only
// `Sendable` state, so running it from any task is safe.
final class ActorRunner: @unchecked Sendable {
    private let jobs: Locked<FIFO<@Sendable () -> Void>>
    private let drainOne: @isolated(any) () async -> Void

    /// Makes a runner for the caller's actor; with no actor, jobs run on the global executor.
    init(isolation: isolated (any Actor)? = #isolation) {
        let jobs = Locked(FIFO<@Sendable () -> Void>())
        self.jobs = jobs
        drainOne = {
            _ = isolation
            jobs.withLock { $0.pop() }?()
        }
    }

    /// Enqueues `job` on the actor; it runs after every job enqueued before it.
    func run(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.push(job) }
        // Safe: see the type's comment. Each task runs the oldest job, in the order enqueued.
        nonisolated(unsafe) let operation = drainOne
        Task(operation: operation)
    }
}
