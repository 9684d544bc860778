import Foundation
import Publishing

/// Says why a test hangs, while it hangs, and ends the hang where it can: a test whose clocks
/// hold work that nothing moves on.
///
/// A task asleep on a ``TestClock`` wakes only when the clock is advanced. A test that awaits it
/// (`await task.value`) without advancing the clock first never ends, and neither framework says
/// anything until its own limit, if it has one. The watch looks at the clocks the test's checks
/// enrolled, and when their work has stood still for ``patience`` (no time passed, nothing went
/// to sleep, woke, was scheduled or ran) while none of the test's waits is running (a wait
/// reports itself when its timeout passes), it speaks once and stops watching. A look that comes
/// late, because the process was too busy to run it, starts the count again: the test could not
/// run either.
///
/// Speaking is, in this order:
/// 1. the message, written to standard error at once, unbuffered, in one block whose first line
///    starts `ObservationTesting: <file>:<line>:`, so a log keeps it even if the run is then
///    killed for its time (`swift test` holds its test process's output in a buffer of its own
///    while writing to a file or a pipe: run it under `stdbuf -oL` in CI to keep that too);
/// 2. one failure per stuck clock, through the framework running the test, naming the clock and
///    what to do;
/// 3. the end of the hang: every task of this test asleep on a stuck clock is resumed with
///    `CancellationError` (its `sleep` throws), so the work awaiting it unwinds and the test
///    returns, with the failure recorded. Sleepers are told apart by the test each slept in
///    (``RunningTest``): those of tests running beside it, and those of a `Task.detached` in a
///    Swift Testing test (which does not inherit the test), are left asleep. Work that catches
///    the error and sleeps again is not ended a second time.
///
/// A ``TestScheduler``'s due actions (`DispatchQueue.test`) are not ended: nothing is suspended
/// in them to throw into. What awaits them (a continuation an action resumes, a `for await` over
/// what it sends, a task) is out of the package's reach, and running the actions from the watch
/// would run the code under test off the test's own thread, at a time the test never chose, and
/// could let a broken test pass its remaining checks. So a test hung on a scheduler is reported
/// and written to standard error, and hangs on until its framework's or CI's time limit stops it;
/// its sleepers on the scheduler's clock (`DispatchQueue.test(clock:)`), if any, are still ended.
enum HangWatch {
    /// What one clock has pending, as the watch compares it from one look to the next.
    struct Stuck: Sendable {
        /// Changes whenever anything happens on the clock: time moves, work comes or goes.
        var fingerprint: [UInt64]
        /// The failure, should this be what `test` hangs on; made only then, before `end`, whose
        /// effect it announces.
        var message: @Sendable (_ test: RunningTest) -> String
        /// Ends what can be ended of the hang of `test` (its sleepers), once the failure is
        /// recorded.
        var end: @Sendable (_ test: RunningTest) -> Void
        var site: CallSite?
    }

    /// A clock's pending work, or `nil` when nothing is pending on it.
    typealias Stall = @Sendable () -> Stuck?

    /// How long the work must stand still, scaled as timeouts are.
    static var patience: Duration {
        if let patienceForTests { return patienceForTests }
        let scale = (try? TimeoutPolicy.scale.get()) ?? 1
        return .seconds(capping: 5 * scale)
    }

    /// For the package's tests of the watch, read by watches started in the task: a shorter
    /// patience; work to run once a hang is reported and ended (a test advances its clock there,
    /// so that a watch that failed to end the hang lets the test end, and fail, all the same);
    /// and where the block meant for standard error goes instead, to be read and kept out of the
    /// run's output.
    @TaskLocal static var patienceForTests: Duration?
    @TaskLocal static var afterReportForTests: (@Sendable () -> Void)?
    @TaskLocal static var standardErrorForTests: (@Sendable (String) -> Void)?

    /// How often the watch looks.
    private static var interval: Duration { .milliseconds(250) }

    /// Whether a look due at `due` came so late that the process could not run the test either,
    /// by the rule of ``StarvationGrace``: the test's stand-still is then counted afresh, so that a
    /// loaded machine's pause is not reported as a hang.
    static func isLate(due: ContinuousClock.Instant, lookedAt now: ContinuousClock.Instant) -> Bool
    {
        now - due > StarvationGrace.tolerance(for: patience)
    }

    /// The scopes a running wait counts itself in, so that a watch of either leaves it to speak
    /// for itself.
    struct WatchedWait {
        var endOfTest: EndOfTestScope?
        var serial: SerialScope?
    }

    /// Counts a wait of the running test as running, from `waitBegan()` to `waitEnded(_:)`:
    /// while one runs, its own timeout will speak. Returns what to pass to `waitEnded(_:)`.
    static func waitBegan() -> WatchedWait {
        let wait = WatchedWait(endOfTest: EndOfTestScope.active, serial: SerialScope.current)
        wait.endOfTest?.countWait(1)
        wait.serial?.countWait(1)
        return wait
    }

    static func waitEnded(_ wait: WatchedWait) {
        wait.endOfTest?.countWait(-1)
        wait.serial?.countWait(-1)
    }

    /// Watches `stalls` (read at each look: the test may enroll more clocks) until the task is
    /// cancelled, when the test ends, or one failure is recorded; failures with no site go to
    /// `site`.
    static func watch(
        at site: CallSite, _ stalls: @Sendable () -> [Stall], isWaiting: @Sendable () -> Bool
    ) async {
        let clock = ContinuousClock()
        var last: [[UInt64]] = []
        var since = clock.now
        while !Task.isCancelled {
            let due = clock.now.advanced(by: interval)
            try? await clock.sleep(for: interval)
            let stuck = stalls().compactMap { $0() }
            if stuck.isEmpty || stuck.map(\.fingerprint) != last || isWaiting()
                || isLate(due: due, lookedAt: clock.now)
            {
                last = stuck.map(\.fingerprint)
                since = clock.now
                continue
            }
            let waited = clock.now - since
            guard waited >= patience, !Task.isCancelled else { continue }
            report(stuck, after: waited, in: RunningTest.current, at: site)
            return
        }
    }

    /// Says what `test` is stuck on, on standard error and then as failures, and ends what can be
    /// ended: see ``HangWatch``.
    private static func report(
        _ stuck: [Stuck], after waited: Duration, in test: RunningTest, at site: CallSite
    ) {
        let failures = stuck.map { work in
            (
                message: "The test has made no progress for \(waited.secondsText(decimals: 1)), "
                    + "and it may never end: " + work.message(test),
                site: work.site ?? site
            )
        }
        // First, and in one write: a run killed while it hangs keeps what was said.
        writeToStandardError(
            failures.map { standardErrorBlock($0.message, at: $0.site) }.joined())
        for failure in failures {
            FailureReporter.record(failure.message, at: failure.site)
        }
        // Last: the test may end as soon as its sleepers throw, and its failures must be in it.
        for work in stuck { work.end(test) }
        afterReportForTests?()
    }

    /// `message` as lines for standard error: the first starts `ObservationTesting: <file>:<line>:`
    /// (the file as its ID, `Module/File.swift`), the others are indented, blank ones kept blank.
    static func standardErrorBlock(_ message: String, at site: CallSite) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        let rest = lines.dropFirst().map { $0.isEmpty ? "" : "    " + $0 }
        return (["ObservationTesting: \(site.fileID):\(site.line): " + (lines.first ?? "")] + rest)
            .joined(separator: "\n") + "\n"
    }

    /// Writes `text` to standard error with one unbuffered write, or hands it to
    /// ``standardErrorForTests``.
    private static func writeToStandardError(_ text: String) {
        if let standardErrorForTests {
            standardErrorForTests(text)
            return
        }
        // A closed standard error (a reader that went away) loses the text, as it would any.
        try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
    }
}
