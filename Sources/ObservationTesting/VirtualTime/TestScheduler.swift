public import Dispatch
public import Foundation
public import Publishing

/// A scheduler whose time moves only when a test advances it, running the work that falls due
/// synchronously, inside `advance`.
///
/// Give it to a view model in place of `DispatchQueue.main` or `RunLoop.main`, then move time:
///
/// ```swift
/// let scheduler = DispatchQueue.test
/// let viewModel = SearchViewModel(scheduler: scheduler.eraseToAnyScheduler())
/// viewModel.query = "swift"
/// scheduler.advance(by: .milliseconds(300))   // the debounce fires, here, now
/// ```
///
/// Work runs in time order, ties in the order it was scheduled, including work scheduled by
/// work it runs — deterministic, with no yielding and no real time. A scheduler shares its
/// virtual time with a ``TestClock``: made with `DispatchQueue.test(clock:)`, advancing either
/// runs both the scheduled work and the clock's sleepers, in time order.
public final class TestScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler,
    @unchecked Sendable  // Its time and work live in the TestClock, behind its lock.
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
    /// The clock whose time this scheduler tells, and whose advances run its work.
    public let clock: TestClock
    /// The scheduler's time when the clock was at its start.
    private let origin: SchedulerTimeType
    private let duration: (SchedulerTimeType.Stride) -> Duration
    private let stride: (Duration) -> SchedulerTimeType.Stride
    /// Runs of work `run()` allows before it decides the work repeats forever.
    static var runLimit: Int { 10_000 }

    init(
        clock: TestClock,
        origin: SchedulerTimeType,
        duration: @escaping (SchedulerTimeType.Stride) -> Duration,
        stride: @escaping (Duration) -> SchedulerTimeType.Stride
    ) {
        self.clock = clock
        self.origin = origin.advanced(by: stride(.zero - clock.now.offset))
        self.duration = duration
        self.stride = stride
        ClocksOfTests.noteMade(clock)
    }

    /// The scheduler's current time.
    public var now: SchedulerTimeType {
        origin.advanced(by: stride(clock.now.offset))
    }

    /// Zero.
    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    /// How many scheduled actions have not run yet.
    public var pendingCount: Int { clock.scheduledCount }

    /// When each scheduled action is due, in order, as offsets from the clock's start; a
    /// repeating action that has run is marked. For comparing what a chain leaves scheduled.
    package var pendingActions: [(offset: Duration, isRepeat: Bool)] {
        clock.state.withLock { $0.scheduled.map { ($0.deadline.offset, $0.isRepeat) } }
    }

    private func instant(_ date: SchedulerTimeType) -> TestClock.Instant {
        TestClock.Instant(offset: duration(origin.distance(to: date)))
    }

    /// Runs `action` on the next advance, even one by zero.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        _ = clock.schedule(at: clock.now, action)
    }

    /// Runs `action` once time reaches `date`.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        _ = clock.schedule(at: instant(date), action)
    }

    /// Runs `action` at `date`, then every `interval`, until the result is cancelled.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let step = max(duration(interval), .nanoseconds(1))
        let stage = Locked(Repetition.due(next: nil))
        let clock = clock
        // Each run arms the next as a repeat: a timer that has fired is not work the test has
        // yet to reach, so end-of-test checks pass it over (Combine's `timeout` keeps its timer
        // firing for good once it has timed out).
        func arm(at deadline: TestClock.Instant, isRepeat: Bool) {
            // An action that cancels its own schedule (Combine's debounce does, once it has
            // emitted) must not be armed again: that left a dead action due on the clock.
            guard !stage.withLock({ $0.isCancelled }) else { return }
            let id = clock.schedule(at: deadline, isRepeat: isRepeat) {
                let isCancelled = stage.withLock { stage -> Bool in
                    guard case .due(let next) = stage else { return stage.isCancelled }
                    stage = .repeating(next: next)
                    return false
                }
                guard !isCancelled else { return }
                action()
                arm(at: deadline.advanced(by: step), isRepeat: true)
            }
            // Cancelled meanwhile, after the cancel read the previous entry: drop this one too.
            let isCancelled = stage.withLock { stage -> Bool in
                switch stage {
                case .due: stage = .due(next: id)
                case .repeating: stage = .repeating(next: id)
                case .cancelled: return true
                }
                return false
            }
            if isCancelled { clock.cancelScheduled(id) }
        }
        arm(at: instant(date), isRepeat: false)
        return AnyCancellable {
            let ended = stage.withLock { stage in
                defer { stage = .cancelled }
                return stage
            }
            switch ended {
            case .due(let next?): clock.cancelScheduled(next, isCutShort: true)
            case .repeating(let next?): clock.cancelScheduled(next, isCutShort: false)
            case .due(nil), .repeating(nil), .cancelled: break
            }
        }
    }

    /// Moves time forward by `stride`, running the work due, in order, before returning.
    ///
    /// - Parameters:
    ///   - stride: How far to move; zero runs the work due now. Must not be negative.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    public func advance(
        by stride: SchedulerTimeType.Stride = .zero,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        guard stride >= .zero else {
            FailureReporter.record(
                """
                TestScheduler.advance(by:) cannot move time backwards: it was asked to advance \
                by \(duration(stride)).

                Advance by zero or more; a test scheduler's time only moves forward.
                """,
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            )
            return
        }
        let target = clock.now.advanced(by: duration(stride))
        ClocksOfTests.noteAdvance(
            clock, to: target,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        _ = clock.advanceSynchronously(to: target)
    }

    /// Moves time forward to `date`, running the work due, in order, before returning.
    ///
    /// - Parameters:
    ///   - date: The time to move to. Must not be earlier than ``now``.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    public func advance(
        to date: SchedulerTimeType,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let target = instant(date)
        let current = clock.now
        guard target >= current else {
            FailureReporter.record(
                """
                TestScheduler.advance(to:) cannot move time backwards: it is at \(current) and \
                was asked to move to \(target).

                Advance to a time at or after now; a test scheduler's time only moves forward.
                """,
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            )
            return
        }
        ClocksOfTests.noteAdvance(
            clock, to: target,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        _ = clock.advanceSynchronously(to: target)
    }

    /// Runs every scheduled action, moving time to each in turn, until none is left.
    ///
    /// Work that schedules more work forever (a repeating timer) fails after 10,000 runs,
    /// naming the time reached, instead of hanging; advance by a fixed stride for those.
    ///
    /// - Parameters:
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    public func run(
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        var ran = 0
        if let last = clock.lastScheduledDeadline {
            ClocksOfTests.noteAdvance(
                clock, to: last,
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        while let next = clock.nextScheduledDeadline {
            ran += clock.advanceSynchronously(to: next, limit: Self.runLimit - ran)
            guard ran < Self.runLimit else {
                FailureReporter.record(
                    """
                    TestScheduler.run() gave up after \(Self.runLimit) scheduled actions, at \
                    \(clock.now): the work keeps scheduling more, such as a repeating timer.

                    Advance by a fixed stride with advance(by:) instead, or cancel the \
                    repeating work first.
                    """,
                    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
                )
                return
            }
        }
    }
}

extension TestScheduler: EndOfTestFixture {
    func claimForEndOfTestChecks() {
        clock.claimForEndOfTestChecks()
    }
}

/// A test scheduler with the time and options of `S`: `TestSchedulerOf<DispatchQueue>`.
public typealias TestSchedulerOf<S: Scheduler> = TestScheduler<
    S.SchedulerTimeType, S.SchedulerOptions
>

extension DispatchQueue {
    /// A test scheduler with a dispatch queue's time, on a clock of its own.
    public static var test: TestSchedulerOf<DispatchQueue> {
        test(clock: TestClock(madeBy: "DispatchQueue.test"))
    }

    /// A test scheduler with a dispatch queue's time, on `clock`'s virtual time: advancing
    /// either runs the scheduler's work and wakes the clock's sleepers, in time order.
    ///
    /// - Parameter clock: The clock to share time with.
    public static func test(clock: TestClock) -> TestSchedulerOf<DispatchQueue> {
        TestScheduler(
            clock: clock,
            origin: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)),
            duration: { .nanoseconds($0.magnitude) },
            stride: { .nanoseconds(Int($0.nanoseconds)) }
        )
    }
}

extension RunLoop {
    /// A test scheduler with a run loop's time, on a clock of its own.
    public static var test: TestSchedulerOf<RunLoop> {
        test(clock: TestClock(madeBy: "RunLoop.test"))
    }

    /// A test scheduler with a run loop's time, on `clock`'s virtual time.
    ///
    /// - Parameter clock: The clock to share time with.
    public static func test(clock: TestClock) -> TestSchedulerOf<RunLoop> {
        TestScheduler(
            clock: clock,
            origin: SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 0)),
            duration: { .nanoseconds(Int64(($0.magnitude * 1e9).rounded())) },
            stride: { .init(Double($0.nanoseconds) / 1e9) }
        )
    }
}

extension OperationQueue {
    /// A test scheduler with an operation queue's time, on a clock of its own.
    public static var test: TestSchedulerOf<OperationQueue> {
        test(clock: TestClock(madeBy: "OperationQueue.test"))
    }

    /// A test scheduler with an operation queue's time, on `clock`'s virtual time.
    ///
    /// - Parameter clock: The clock to share time with.
    public static func test(clock: TestClock) -> TestSchedulerOf<OperationQueue> {
        TestScheduler(
            clock: clock,
            origin: SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 0)),
            duration: { .nanoseconds(Int64(($0.magnitude * 1e9).rounded())) },
            stride: { .init(Double($0.nanoseconds) / 1e9) }
        )
    }
}

/// Where a repeating action stands, with its next entry on the clock once armed.
private enum Repetition {
    /// Armed, and not yet run: a cancel cuts it short.
    case due(next: UInt64?)
    /// Run at least once, and armed again: a timer running, not work the test has yet to reach.
    case repeating(next: UInt64?)
    /// Cancelled: never armed or run again.
    case cancelled

    var isCancelled: Bool {
        if case .cancelled = self { true } else { false }
    }
}
