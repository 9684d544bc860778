import Dispatch
import Publishing

#if compiler(>=6.3)
    @_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the runtime's jobs go while serial-executor scopes are live: to the scope that started
/// them, or on to the executors the runtime had before.
///
/// Swift 6.3's runtime lets a process replace its default (global) executor and its main
/// executor (`_createExecutors(factory:)`, SPI `ExperimentalCustomExecutors`). The router takes
/// both places the first time a scope opens and keeps them for the rest of the process: putting
/// the old ones back while other tests' tasks read them would race. A job of no scope goes on
/// to the executor it would have gone to without the router, so other tests run as before.
///
/// A job belongs to a scope when, in this order:
/// 1. the task that enqueues it carries the scope's task-local (``SerialScope/membership``:
///    every task started inside the scope inherits it, and `.outside` opts out);
/// 2. the thread that enqueues it is running one of the scope's jobs (a `Task.detached`, which
///    does not inherit task-locals, hopping onto an actor);
/// 3. its task is one the scope has run before (a task resumed from another thread, such as a
///    dispatch callback or a real-time timer).
enum JobRouter {
    struct State {
        var liveScopes = 0
        /// The scope whose job each thread runs right now, by ``currentThread``.
        var running: [UInt: SerialScope] = [:]
        /// Tasks seen in a live scope, by the runtime's task ID.
        var tasks: [UInt64: SerialScope] = [:]
    }

    static let state = Locked(State())

    /// The scope `taskID`'s job belongs to, by the rules above; `nil` for everyone else's work.
    static func scope(forTask taskID: UInt64?) -> SerialScope? {
        switch SerialScope.membership {
        case .outside:
            return nil
        case .inside(let scope):
            if scope.isLive {
                if let taskID { state.withLock { $0.tasks[taskID] = scope } }
                return scope
            }
            return nil
        case nil:
            let thread = currentThread
            return state.withLock { state -> SerialScope? in
                guard state.liveScopes > 0 else { return nil }
                if let running = state.running[thread], running.isLive {
                    if let taskID { state.tasks[taskID] = running }
                    return running
                }
                guard let taskID, let scope = state.tasks[taskID], scope.isLive else {
                    return nil
                }
                return scope
            }
        }
    }

    /// Whether any scope is live: a cheap test before the task-local read.
    static var hasLiveScopes: Bool { state.withLock { $0.liveScopes > 0 } }

    static func scopeOpened() {
        state.withLock { $0.liveScopes += 1 }
    }

    static func scopeClosed(_ scope: SerialScope) {
        state.withLock { state in
            state.liveScopes -= 1
            state.tasks = state.tasks.filter { $0.value !== scope }
        }
    }

    /// Runs `body` as `scope`'s job on this thread, so that what it enqueues is the scope's.
    static func running(_ scope: SerialScope, _ body: () -> Void) {
        let thread = currentThread
        let outer = state.withLock { state in
            defer { state.running[thread] = scope }
            return state.running[thread]
        }
        body()
        state.withLock { $0.running[thread] = outer }
    }

    /// The calling thread, as a key.
    static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }

    /// Installs the router once, if this runtime lets a library replace its executors; returns
    /// whether it is installed.
    static func install() -> Bool {
        #if compiler(>=6.3)
            if #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) {
                return RoutingExecutors.installOnce
            }
        #endif
        return false
    }
}

/// The task ID the runtime gives a task's job (`ExecutorJob`'s description is
/// "ExecutorJob(id: 42)"), or `nil` for a job that is not a task (an actor's, say).
func taskID(fromJobDescription description: String) -> UInt64? {
    guard let colon = description.lastIndex(of: ":") else { return nil }
    let digits = description[description.index(after: colon)...].filter(\.isNumber)
    guard let id = UInt64(digits), id != 0 else { return nil }
    return id
}

#if compiler(>=6.3)
    /// The executors the router installs: each sends a scope's job to the scope and every other
    /// job on to the executor it replaced.
    @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
    enum RoutingExecutors: ExecutorFactory {
        static let previousDefault = Task.defaultExecutor
        static let previousMain = MainActor.executor
        static let defaultRouter = DefaultRouter()
        static let mainRouter = MainRouter()
        static let line = LineExecutor()

        static var mainExecutor: any MainExecutor { mainRouter }
        static var defaultExecutor: any TaskExecutor { defaultRouter }

        /// Read once, by the first scope: the runtime's executors are swapped under the lock of
        /// this lazy global's initialisation, and never again.
        static let installOnce: Bool = {
            _ = (previousDefault, previousMain)
            _createExecutors(factory: RoutingExecutors.self)
            return true
        }()

        /// Hands a job that is no scope's to the runtime's own default executor, as if no
        /// router were installed; a timed one, once its deadline has passed.
        static func runOnGlobalQueue(_ job: UnownedJob, at deadline: DispatchTime? = nil) {
            guard let deadline else {
                return previousDefault.enqueue(job)
            }
            DispatchQueue.global().asyncAfter(deadline: deadline) {
                previousDefault.enqueue(job)
            }
        }

        static func owner(of job: borrowing ExecutorJob) -> SerialScope? {
            guard JobRouter.hasLiveScopes else { return nil }
            let id = job.kind == .task ? taskID(fromJobDescription: job.description) : nil
            return JobRouter.scope(forTask: id)
        }
    }

    /// Replaces the default executor: global jobs (tasks that are not on an actor, default
    /// actors' turns, `Task.sleep`'s wake-ups).
    @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
    final class DefaultRouter: TaskExecutor, SchedulingExecutor {
        func enqueue(_ job: consuming ExecutorJob) {
            if let scope = RoutingExecutors.owner(of: job) {
                scope.enqueue(UnownedJob(job), on: .global)
            } else {
                RoutingExecutors.runOnGlobalQueue(UnownedJob(job))
            }
        }

        func enqueue<C: Clock>(
            _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?,
            clock: C
        ) {
            let nanoseconds = (delay as? Duration).map(\.wholeNanoseconds) ?? 0
            let owner = RoutingExecutors.owner(of: job)
            let unowned = UnownedJob(job)
            let deadline = DispatchTime.now() + .nanoseconds(nanoseconds)
            if let owner {
                owner.enqueue(unowned, on: .global, at: deadline)
            } else {
                RoutingExecutors.runOnGlobalQueue(unowned, at: deadline)
            }
        }

        func enqueue<C: Clock>(
            _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?,
            clock: C
        ) {
            enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
        }
    }

    /// What a scope's global jobs run on: a serial executor, so that the runtime never carries a
    /// task on from one job into the next on the same thread (it may, on the generic executor,
    /// when a hop finds the thread free: a choice that depends on the thread pool's load, and
    /// so would change the order from run to run). Every hop off it is enqueued, into the line.
    @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
    final class LineExecutor: SerialExecutor, SchedulingExecutor {
        func enqueue(_ job: consuming ExecutorJob) {
            RoutingExecutors.defaultRouter.enqueue(job)
        }

        func enqueue<C: Clock>(
            _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?,
            clock: C
        ) {
            RoutingExecutors.defaultRouter.enqueue(
                job, after: delay, tolerance: tolerance, clock: clock)
        }

        func enqueue<C: Clock>(
            _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?,
            clock: C
        ) {
            RoutingExecutors.defaultRouter.enqueue(
                job, at: instant, tolerance: tolerance, clock: clock)
        }
    }

    /// Replaces the main executor: main-actor jobs. A scope's main-actor job stays on the main
    /// queue, in the scope's order.
    @available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
    final class MainRouter: MainExecutor {
        func run() throws { try RoutingExecutors.previousMain.run() }
        func stop() { RoutingExecutors.previousMain.stop() }

        func enqueue(_ job: consuming ExecutorJob) {
            if let scope = RoutingExecutors.owner(of: job) {
                scope.enqueue(UnownedJob(job), on: .main)
            } else {
                RoutingExecutors.previousMain.enqueue(job)
            }
        }

        var isMainExecutor: Bool { true }
        func checkIsolated() { RoutingExecutors.previousMain.checkIsolated() }
    }

    extension Duration {
        fileprivate var wholeNanoseconds: Int {
            let (seconds, attoseconds) = components
            let total = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
            return total >= Double(Int.max) ? Int.max : max(Int(total), 0)
        }
    }
#endif
