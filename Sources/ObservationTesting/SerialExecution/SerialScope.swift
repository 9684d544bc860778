import Dispatch
import Publishing

/// One serial-executor scope: the jobs of the tasks a test started, run one at a time, first in
/// first out, or in an order drawn from a seed.
///
/// The scope runs one job at a time: when one ends, the next is picked and handed to its queue,
/// the main queue for main-actor work and a global queue for the rest. So the order does not
/// depend on which thread runs a job, and scopes of tests that run at once each keep their own
/// order without holding up each other, or other tests' main-actor work, on the main queue.
final class SerialScope: Sendable {
    /// Whether a task belongs to a scope, as its task-local says; `nil` when it says nothing.
    enum Membership: Sendable {
        case inside(SerialScope)
        /// The package's own tasks (the hang watch, say), which a scope must not hold up.
        case outside
    }

    @TaskLocal static var membership: Membership?

    /// The scope the current task runs in, if it is live.
    static var current: SerialScope? {
        if case .inside(let scope) = membership, scope.isLive { return scope }
        return nil
    }

    /// Where a job runs: on the default executor's terms or the main actor's.
    enum Place: Sendable {
        case global
        case main
    }

    /// A job on the line. Only the turn that takes it from `State.runnable`, under the scope's
    /// lock, runs it: the runtime hands each over once.
    struct Job: Sendable {
        let job: UnownedJob
        let place: Place
    }

    enum Stage {
        case live
        case ended
    }

    /// Whether a job of the scope is running or handed to its queue, or none is.
    enum Turn {
        case idle
        case taken
    }

    struct State {
        var stage = Stage.live
        var turn = Turn.idle
        var runnable: [Job] = []
        /// Jobs waiting for a real-time deadline (`Task.sleep` on a real clock).
        var timed = 0
        var order: SeededOrder?
        var jobsRun = 0
        /// Waits running in the scope: each speaks for itself when its timeout passes.
        var waits = 0
        /// Tasks inside `settle()`: each is running or on the line, yielded, and none of them is
        /// work another must wait for.
        var settlers = 0
    }

    let state: Locked<State>
    /// The seed the order was drawn from, or `nil` for first in, first out.
    let seed: UInt64?

    init(seed: UInt64?) {
        self.seed = seed
        state = Locked(State(order: seed.map(SeededOrder.init(seed:))))
    }

    var isLive: Bool { state.withLock { $0.stage == .live } }

    /// How many jobs could run now, besides the one running.
    var runnableCount: Int { state.withLock { $0.runnable.count } }

    /// How many jobs could run now that are not other settlers' yields, for a settler.
    var runnableCountBesidesSettlers: Int {
        state.withLock { $0.runnable.count - ($0.settlers - 1) }
    }

    func countSettler(_ delta: Int) {
        state.withLock { $0.settlers += delta }
    }

    var jobsRun: Int { state.withLock { $0.jobsRun } }

    /// Counts a wait of the scope as running, or as ended (`delta` -1).
    func countWait(_ delta: Int) {
        state.withLock { $0.waits += delta }
    }

    var hasRunningWaits: Bool { state.withLock { $0.waits > 0 } }

    /// Takes `job` into the scope's line; if no job of the scope has the turn, it starts one.
    func enqueue(_ job: UnownedJob, on place: Place) {
        let next = state.withLock { state -> Job? in
            state.runnable.append(Job(job: job, place: place))
            guard state.turn == .idle else { return nil }
            return takeNext(&state)
        }
        if let next { hand(next) }
    }

    /// Takes `job` into the line once `deadline` has passed.
    func enqueue(_ job: UnownedJob, on place: Place, at deadline: DispatchTime) {
        state.withLock { $0.timed += 1 }
        let pending = Job(job: job, place: place)
        DispatchQueue.global().asyncAfter(deadline: deadline) {
            self.state.withLock { $0.timed -= 1 }
            self.enqueue(pending.job, on: pending.place)
        }
    }

    /// The job the order picks, which takes the turn; `nil`, and the turn is free, when none is
    /// left.
    private func takeNext(_ state: inout State) -> Job? {
        guard !state.runnable.isEmpty else {
            state.turn = .idle
            return nil
        }
        state.turn = .taken
        let index = state.order?.next(below: state.runnable.count) ?? 0
        state.jobsRun += 1
        return state.runnable.remove(at: index)
    }

    /// Runs `job` on its queue, then hands the turn to the next.
    private func hand(_ job: Job) {
        let queue = job.place == .main ? DispatchQueue.main : DispatchQueue.global()
        queue.async {
            self.run(job)
            if let next = self.state.withLock({ self.takeNext(&$0) }) { self.hand(next) }
        }
    }

    private func run(_ next: Job) {
        JobRouter.running(self) {
            #if compiler(>=6.3)
                if #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) {
                    switch next.place {
                    case .global:
                        next.job.runSynchronously(
                            on: RoutingExecutors.line.asUnownedSerialExecutor())
                    case .main:
                        next.job.runSynchronously(
                            on: RoutingExecutors.previousMain.asUnownedSerialExecutor())
                    }
                }
            #endif
        }
    }

    /// Ends the scope; returns how many jobs could still run. They still run, in the scope's
    /// order, but what they enqueue from now on is no longer the scope's.
    func end() -> Int {
        let left = state.withLock { state -> Int in
            state.stage = .ended
            return state.runnable.count
        }
        JobRouter.scopeClosed(self)
        return left
    }
}
