public import Publishing
import Testing

/// A clock whose time moves only when a test advances it, so code that sleeps runs at once.
///
/// Inject it where the code under test takes an `any Clock<Duration>`, then advance it:
///
/// ```swift
/// let clock = TestClock()
/// let viewModel = ViewModel(clock: clock)
/// let task = Task { await viewModel.addItem() }   // sleeps for one second on `clock`
/// await until(viewModel.$isLoading) { $0 }
/// await clock.advance(by: .seconds(1))            // wakes it: no real waiting
/// await task.value
/// ```
///
/// Sleepers wake in deadline order, and those with equal deadlines in the order they slept.
/// Cancelling a sleeping task removes it and throws `CancellationError` at once.
///
/// ``advance(by:isolation:fileID:filePath:line:column:)`` moves time to each due deadline in
/// turn, and before it moves on, waits until every sleeper it woke has resumed: their `sleep`
/// calls have returned. That is one continuation resume each way, with no `Task.yield()` loops,
/// so it never runs out of yields on a loaded machine. What the woken code
/// does next runs concurrently with the test, as real code would after a real sleep: observe its
/// effects with `until`. To drive a whole chain of sleeps, use
/// ``run(timeout:isolation:fileID:filePath:line:column:_:)``.
///
/// ```swift
/// await clock.advance(by: .seconds(1))
/// await until(viewModel.$isLoading) { $0 == false }
/// ```
///
/// > Important: Code that sleeps again registers its next sleep after `advance` returns. Before
/// > advancing again, wait for it: `await until(clock.sleeperCounts) { $0 == 1 }`. And since it
/// > reads ``now`` concurrently with `advance` finishing, it may see the deadline it woke at or
/// > the instant `advance` moved to: advance to exact deadlines where its next sleep matters.
public final class TestClock: Clock, Sendable {
    /// A moment on a ``TestClock``: the time since the clock was created.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// How far this instant is from the clock's start.
        public let offset: Duration

        /// Creates an instant at `offset` from the clock's start.
        ///
        /// - Parameter offset: The time since the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset from the clock's start, such as `+1.5 seconds`.
        public var description: String {
            "+\(offset)"
        }
    }

    struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Wake, any Error>
        /// The test of the sleeping task: its hints count this sleeper.
        let test: RunningTest
    }

    /// An action a ``TestScheduler`` on this clock scheduled, run when time reaches it.
    struct Scheduled {
        let id: UInt64
        let deadline: Instant
        /// A repeating action's next run, armed by a run of it: a timer that has fired (see
        /// ``TestScheduler``), not work the test has yet to reach.
        let isRepeat: Bool
        let action: () -> Void
    }

    /// What a sleeper is resumed with: whether an advance waits for it to check in.
    struct Wake: Sendable {
        let isAwaited: Bool
    }

    struct State {
        var now: Instant
        var sleepers: [Sleeper] = []
        /// Ordered by deadline, then by scheduling order.
        var scheduled: [Scheduled] = []
        var nextID: UInt64 = 0
        /// Sleepers woken by an advance that have not checked in yet.
        var awaitedCheckIns = 0
        /// Advances waiting for those check-ins: more than one when tasks advance concurrently.
        var advancers: [CheckedContinuation<Void, Never>] = []
        /// Deadlines of actions cancelled before they first ran (for strict end-of-test checks).
        var cutShort: [Instant] = []
        /// Made outside any test's checks and claimed by none: each test that uses it enrolls it.
        var isAdoptable = false
    }

    let state: Locked<State>
    /// What failures call the clock: `TestClock`, or the test scheduler it was made for.
    let name: String
    /// Where it was made; `nil` for one a test scheduler made.
    let site: CallSite?
    /// The sleeper count, published. Behind a lock so that each change reads the count and sends
    /// the next one with no other change in between (the subject itself is safe on any thread).
    let counts = Locked(CurrentValueSubject<Int, Never>(0))
    /// Sends when a test scheduler schedules an action, so `run` can drive it. (A subject is safe
    /// on any thread; the lock only makes it `Sendable`.)
    let scheduling = Locked(PassthroughSubject<Void, Never>())

    /// Tasks asleep on test clocks, by the test each runs in, for failure hints.
    private static let sleepersByTest = Locked<[RunningTest: Int]>([:])

    /// Tasks asleep on the running test's clocks: what a failure's hint can point to,
    /// where the tests running beside it under `--parallel`, or before it, have clocks of their
    /// own.
    static var sleepersInCurrentTest: Int {
        let test = RunningTest.current
        return sleepersByTest.withLock { $0[test] ?? 0 }
    }

    /// Counts sleepers that came (`arrived`) or went, one test each (the sleeping task's), and
    /// publishes the new total at once.
    func countSleepers(_ tests: [RunningTest], arrived: Bool) {
        let step = arrived ? 1 : -1
        Self.sleepersByTest.withLock { counts in
            for test in tests {
                let count = (counts[test] ?? 0) + step
                counts[test] = count == 0 ? nil : count
            }
        }
        counts.withLock { $0.send($0.value + step * tests.count) }
    }

    /// Creates a clock whose time starts at `now`.
    ///
    /// With end-of-test checks (the `.endOfTestChecks` trait), a clock with tasks still asleep
    /// on it when the test ends fails the test here.
    ///
    /// - Parameters:
    ///   - now: The starting instant; the clock's start by default.
    ///   - fileID: Inferred, with the next three: where an end-of-test check of the clock fails.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    public init(
        now: Instant = Instant(offset: .zero),
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        state = Locked(State(now: now))
        name = "TestClock"
        site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        enrollWhenMade()
        ClocksOfTests.noteMade(self)
    }

    /// A clock made for a test scheduler (`DispatchQueue.test`), named by it.
    init(madeBy name: String) {
        state = Locked(State(now: Instant(offset: .zero)))
        self.name = name
        site = nil
        enrollWhenMade()
    }

    /// The current instant; it changes only when the clock is advanced.
    public var now: Instant {
        state.withLock { $0.now }
    }

    /// The smallest step the clock can take: none.
    public var minimumResolution: Duration { .zero }

    /// The deadlines of the sleepers, in the order they will wake; for the package's own tests.
    var pendingDeadlines: [Instant] {
        state.withLock { $0.sleepers.map(\.deadline) }
    }

    /// The sleepers' registration numbers, in the order they will wake; for the package's tests.
    var pendingSleeperIDs: [UInt64] {
        state.withLock { $0.sleepers.map(\.id) }
    }

    /// How many tasks are sleeping on the clock now.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers.count }
    }

    /// The number of tasks sleeping on the clock, now and after each change.
    ///
    /// Wait with it until the code under test has gone to sleep, before advancing:
    ///
    /// ```swift
    /// await until(clock.sleeperCounts) { $0 == 1 }
    /// await clock.advance(by: .seconds(1))
    /// ```
    public var sleeperCounts: AnyPublisher<Int, Never> {
        counts.withLock { $0 }.eraseToAnyPublisher()
    }

    /// Suspends until the clock is advanced to `deadline` or past it.
    ///
    /// - Parameters:
    ///   - deadline: The instant to wake at. A deadline that has passed returns at once.
    ///   - tolerance: Ignored: a test clock wakes sleepers exactly.
    /// - Throws: `CancellationError` if the task is cancelled before the deadline, or if the test
    ///   hangs on this sleep and its end-of-test checks end the hang (see ``EndOfTestChecksTrait``).
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state -> UInt64? in
            guard deadline > state.now else { return nil }
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let id else { return }
        let test = RunningTest.current
        let wake = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (isCancelled, isAdoptable) = state.withLock { state -> (Bool, Bool) in
                    // If the task was cancelled before this point, `onCancel` already ran.
                    guard !Task.isCancelled else { return (true, false) }
                    let sleeper = Sleeper(
                        id: id, deadline: deadline, continuation: continuation, test: test)
                    let index =
                        state.sleepers.firstIndex { $0.deadline > deadline }
                        ?? state.sleepers.endIndex
                    state.sleepers.insert(sleeper, at: index)
                    return (false, state.isAdoptable)
                }
                if isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    countSleepers([test], arrived: true)
                    if isAdoptable { enrollInEndOfTestChecks() }
                }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            if let cancelled {
                countSleepers([cancelled.test], arrived: false)
                cancelled.continuation.resume(throwing: CancellationError())
            }
        }
        if wake.isAwaited { checkIn() }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline it reaches.
    ///
    /// - Parameters:
    ///   - duration: How far to move. Must not be negative.
    ///   - isolation: The caller's actor, inferred.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    public func advance(
        by duration: Duration,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard duration >= .zero else {
            FailureReporter.record(
                """
                TestClock.advance(by:) cannot move time backwards: it was asked to advance by \
                \(duration).

                Advance by zero or more; a test clock's time only moves forward.
                """,
                at: callSite
            )
            return
        }
        ClocksOfTests.noteAdvance(self, to: now.advanced(by: duration), at: callSite)
        // Relative to now: if a concurrent advance has already moved past the target, it is
        // simply reached.
        await advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `deadline`, waking every sleeper whose deadline it reaches.
    ///
    /// - Parameters:
    ///   - deadline: The instant to move to. Must not be earlier than ``now``.
    ///   - isolation: The caller's actor, inferred.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    public func advance(
        to deadline: Instant,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if deadline >= now { ClocksOfTests.noteAdvance(self, to: deadline, at: callSite) }
        await advance(to: deadline, reportingBackwardsAt: callSite)
    }

    /// The next thing due at or before `target`: a scheduled action (which goes first at a tie),
    /// or the sleepers of the earliest deadline. Moves `now` to its deadline.
    func takeNextDue(
        through target: Instant, in state: inout State
    ) -> (action: (() -> Void)?, sleepers: [Sleeper]) {
        let sleeperDeadline = state.sleepers.first?.deadline
        if let work = state.scheduled.first, work.deadline <= target,
            sleeperDeadline.map({ work.deadline <= $0 }) ?? true
        {
            state.scheduled.removeFirst()
            state.now = max(state.now, work.deadline)
            return (work.action, [])
        }
        guard let deadline = sleeperDeadline, deadline <= target else {
            state.now = max(state.now, target)
            return (nil, [])
        }
        state.now = deadline
        let count = state.sleepers.prefix { $0.deadline == deadline }.count
        let woken = Array(state.sleepers.prefix(count))
        state.sleepers.removeFirst(count)
        return (nil, woken)
    }

    /// Moves time to `target`, waking sleepers deadline by deadline; with a `callSite`, a target
    /// earlier than now is a failure reported there, otherwise it is already reached.
    private func advance(
        to target: Instant,
        isolation: isolated (any Actor)? = #isolation,
        reportingBackwardsAt callSite: CallSite? = nil
    ) async {
        let current = now
        if let callSite, target < current {
            FailureReporter.record(
                """
                TestClock.advance(to:) cannot move time backwards: it is at \(current) and was \
                asked to move to \(target).

                Advance to an instant at or after now; a test clock's time only moves forward.
                """,
                at: callSite
            )
            return
        }
        while true {
            let (action, woken) = state.withLock { state in
                let due = takeNextDue(through: target, in: &state)
                state.awaitedCheckIns += due.sleepers.count
                return due
            }
            if let action {
                action()
                await SerialScope.current?.settle(at: nil)
                continue
            }
            guard !woken.isEmpty else { return }
            countSleepers(woken.map(\.test), arrived: false)
            for sleeper in woken {
                sleeper.continuation.resume(returning: Wake(isAwaited: true))
            }
            await withCheckedContinuation(isolation: isolation) { continuation in
                let isSettled = state.withLock { state -> Bool in
                    guard state.awaitedCheckIns > 0 else { return true }
                    state.advancers.append(continuation)
                    return false
                }
                if isSettled { continuation.resume() }
            }
            // Inside a serial-executor scope, what the deadline woke runs to its next suspension
            // (its next sleep registered) before time moves on.
            await SerialScope.current?.settle(at: nil)
        }
    }
}
