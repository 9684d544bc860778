// A test that can never end says why while it hangs, and is then ended: a task awaited while it
// sleeps on a test clock that nothing advances. The watch's patience is shortened here through its
// test hook, and what it writes to standard error is kept. Where the watch is to end the hang, the
// hook that runs once it has spoken advances the clock as well: then, should the watch leave the
// sleeper asleep, the sleep returns normally and the test fails, rather than hanging.
import Foundation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

/// What the watch said while `body` ran: the failures (captured) and the blocks it wrote for
/// standard error.
private struct Said {
    var failures: [(message: String, line: UInt)]
    var standardError: [String]
}

/// Runs `body` with failures captured, the watch's patience shortened and its standard error
/// kept; returns what it said.
private func said(
    patience: Duration = .milliseconds(300),
    afterReport: (@Sendable () -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    of body: () async -> Void
) async -> Said {
    let standardError = Locked<[String]>([])
    let failures = await capturedFailures {
        await HangWatch.$patienceForTests.withValue(patience) {
            await HangWatch.$afterReportForTests.withValue(afterReport) {
                await HangWatch.$standardErrorForTests.withValue({ text in
                    standardError.withLock { $0.append(text) }
                }) { await body() }
            }
        }
    }
    return Said(failures: failures, standardError: standardError.withLock { $0 })
}

@Suite(
    "End-of-test checks: a hang explained while it hangs, then ended",
    .untilTimeout(.seconds(30)))
@MainActor
struct HangWatchTests {
    @Test("Awaiting a task asleep on a clock nobody advances is reported, then the sleep throws")
    func missedAdvance() async {
        let clockLine: UInt = #line + 1
        let clock = TestClock()
        let advance: @Sendable () -> Void = { Task { await clock.advance(by: .seconds(1)) } }
        var slept: Result<Void, any Error>?
        let found = await said(afterReport: advance) {
            await withEndOfTestChecks {
                let task = Task { try await clock.sleep(for: .seconds(1)) }
                slept = await task.result  // hangs until the watch has spoken and ended it
            }
        }
        #expect(throws: CancellationError.self) { try slept?.get() }
        #expect(found.failures.map(\.line) == [clockLine])
        let message = found.failures.first?.message ?? ""
        #expect(message.hasPrefix("The test has made no progress for "))
        #expect(message.contains(" s, and it may never end: TestClock"))
        #expect(message.contains("once its clocks have stood still for 0.3 s with no wait running"))
        #expect(
            message.contains(
                "TestClock (made at HangWatchTests.swift:\(clockLine)) has 1 task asleep until "
                    + "+1.0 s, and its time stays at +0.0 s: nothing advances it."))
        #expect(
            message.contains("advance the clock first (`await clock.advance(by: .seconds(1))`)"))
        #expect(
            message.hasSuffix(
                "The watch ends the hang now: the test's task asleep on the clock is resumed with "
                    + "`CancellationError` (`sleep` throws), so the work awaiting it unwinds and "
                    + "the test returns."))
        // Said on standard error first, in one block, the message's lines indented after the first.
        #expect(found.standardError.count == 1)
        let block = found.standardError.first ?? ""
        #expect(
            block.hasPrefix(
                "ObservationTesting: ObservationTestingTests/HangWatchTests.swift:\(clockLine): "
                    + "The test has made no progress for "))
        #expect(
            block.contains(
                "nothing advances it.\n\n    If the test awaits a task that sleeps on it"))
        #expect(block.hasSuffix("the test returns.\n"))
        #expect(block.split(separator: "\n").count == message.split(separator: "\n").count)
    }

    @Test("The hang's end leaves asleep other tests' sleepers, and sleepers on unreported clocks")
    func onlyTheTestsSleepersOnStuckClocks() async {
        // Enrolled in a scope that has ended: the watch below does not look at it.
        let unwatched = await withEndOfTestChecks { TestClock() }
        // Made outside any checks: enrolled in them by the first sleep there, the test's own.
        let clock = TestClock()
        let asleepAfterEnd = Locked<[Int]>([])
        let afterReport: @Sendable () -> Void = {
            asleepAfterEnd.withLock { $0 = [clock.sleeperCount, unwatched.sleeperCount] }
            Task { await clock.advance(by: .seconds(1)) }
        }
        // A detached task does not inherit the test: its sleeper is counted as another test's.
        let bystander = Task.detached { try await clock.sleep(for: .seconds(1)) }
        var slept: Result<Void, any Error>?
        var unwatchedSleeper: Task<Void, any Error>?
        let found = await said(afterReport: afterReport) {
            await withEndOfTestChecks {
                let sleeper = Task { try await unwatched.sleep(for: .seconds(1)) }
                unwatchedSleeper = sleeper
                await until(unwatched.sleeperCounts) { $0 == 1 }
                // The clock enrolls as this task sleeps on it; the watch is quiet while the wait
                // runs, so it sees both sleepers.
                let task = Task { try await clock.sleep(for: .seconds(1)) }
                await until(clock.sleeperCounts) { $0 == 2 }
                slept = await task.result
            }
        }
        #expect(throws: CancellationError.self) { try slept?.get() }
        #expect(found.failures.count == 1)
        #expect(found.failures.first?.message.contains("TestClock (made at") == true)
        #expect(found.failures.first?.message.contains("has 2 tasks asleep until") == true)
        #expect(asleepAfterEnd.withLock { $0 } == [1, 1])
        // Woken by the hook's advance, as it would have been by its own test's.
        await #expect(throws: Never.self) { try await bystander.value }
        await unwatched.advance(by: .seconds(1))
        await #expect(throws: Never.self) { try await unwatchedSleeper?.value }
    }

    @Test("Ending the hang of one test resumes the sleepers of that test only")
    func endSleepersOfOneTest() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await until(clock.sleeperCounts) { $0 == 1 }
        #expect(clock.endSleepers(of: .xctest(turn: .max)) == 0)
        #expect(clock.sleeperCount == 1)
        #expect(clock.endSleepers(of: RunningTest.current) == 1)
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
        #expect(TestClock.sleepersInCurrentTest == 0)
    }

    @Test("A hang on a scheduler's due action is reported and written out, not ended")
    func schedulerHangIsNotEnded() async {
        let scheduler = DispatchQueue.test
        let pendingAtReport = Locked<Int?>(nil)
        // The watch neither runs nor drops the action; the hook runs it, to end the test.
        let afterReport: @Sendable () -> Void = {
            pendingAtReport.withLock { $0 = scheduler.pendingCount }
            scheduler.advance(by: .seconds(1))
        }
        let checksLine: UInt = #line + 2
        let found = await said(afterReport: afterReport) {
            await withEndOfTestChecks {
                await withCheckedContinuation { continuation in
                    scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
                        continuation.resume()
                    }
                }
            }
        }
        #expect(pendingAtReport.withLock { $0 } == 1)
        #expect(found.failures.map(\.line) == [checksLine])
        let message = found.failures.first?.message ?? ""
        #expect(message.contains("DispatchQueue.test has 1 scheduled action due at +1.0 s"))
        #expect(
            message.contains(
                "The watch cannot end this hang: what awaits a scheduled action is out of its "
                    + "reach, and the watch does not run a scheduled action itself"))
        #expect(found.standardError.count == 1)
        #expect(
            found.standardError.first?.hasPrefix(
                "ObservationTesting: ObservationTestingTests/HangWatchTests.swift:\(checksLine): "
            ) == true)
    }

    // On a serial queue of its own, not the main actor: there, a turn can wait behind the other
    // tests' main-actor work for longer than the patience, and the clock would stand still.
    @Test("A test whose clock keeps moving is never reported, however long it runs")
    @OwnQueueActor
    func progressingClock() async {
        let found = await said(patience: .milliseconds(100)) {
            await withEndOfTestChecks {
                let clock = TestClock()
                let poller = Task {
                    while !Task.isCancelled { try? await clock.sleep(for: .seconds(1)) }
                }
                // Longer than the patience in real time, but time moves every few microseconds.
                let start = ContinuousClock.now
                while ContinuousClock.now - start < .milliseconds(500) {
                    while clock.sleeperCount == 0 { await Task.yield() }
                    await clock.advance(by: .seconds(1))
                }
                poller.cancel()
                await poller.value
            }
        }
        #expect(found.failures.isEmpty)
        #expect(found.standardError.isEmpty)
    }

    @Test("While a wait runs, its own timeout speaks, not the watch")
    func waitRunning() async {
        let clock = TestClock()
        let subject = PassthroughSubject<Int, Never>()
        let found = await said(patience: .milliseconds(100)) {
            await withEndOfTestChecks {
                let task = Task { try? await clock.sleep(for: .seconds(1)) }
                await until(clock.sleeperCounts) { $0 == 1 }
                // The action ends the sleep when the timed-out wait cancels it, before the wait
                // counts itself ended: the clock is never stuck while no wait runs, however long
                // the test's next turn on the main actor is in coming.
                await until(subject, timeout: 0.5) {
                    $0 == 1
                } perform: {
                    await suspendUntilCancelled()
                    await clock.advance(by: .seconds(1))
                }
                await task.value
            }
        }
        #expect(found.failures.count == 1)
        #expect(found.failures.first?.message.contains("until(_:satisfies:) timed out") == true)
        #expect(found.standardError.isEmpty)
    }

    @Test("A look that comes late, the process too busy to run it, starts the count again")
    func lateLookRestartsTheCount() {
        let due = ContinuousClock.now
        // A tenth of the patience, and at least 0.1 s, as a timeout's grace is.
        #expect(!HangWatch.isLate(due: due, lookedAt: due + .milliseconds(500)))
        #expect(HangWatch.isLate(due: due, lookedAt: due + .milliseconds(501)))
        HangWatch.$patienceForTests.withValue(.milliseconds(300)) {
            #expect(!HangWatch.isLate(due: due, lookedAt: due + .milliseconds(100)))
            #expect(HangWatch.isLate(due: due, lookedAt: due + .milliseconds(101)))
        }
    }
}

/// XCTest's side, through `XCTFail`.
final class HangWatchXCTests: FailureCapturingTestCase {
    @MainActor
    func testMissedAdvanceIsReportedThenTheSleepThrows() async {
        let clockLine = #line + 1
        let clock = TestClock()
        let standardError = Locked<[String]>([])
        var slept: Result<Void, any Error>?
        let failures = await captureFailures {
            await HangWatch.$patienceForTests.withValue(.milliseconds(300)) {
                await HangWatch.$standardErrorForTests.withValue({ text in
                    standardError.withLock { $0.append(text) }
                }) {
                    // Ends the test, and fails it, should the watch leave the sleeper asleep.
                    await HangWatch.$afterReportForTests.withValue({
                        Task { await clock.advance(by: .seconds(1)) }
                    }) {
                        await withEndOfTestChecks {
                            let task = Task { try await clock.sleep(for: .seconds(1)) }
                            slept = await task.result  // hangs until the watch ends it
                        }
                    }
                }
            }
        }
        XCTAssertThrowsError(try slept?.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, clockLine)
        let description = failures.first?.description ?? "no failure"
        XCTAssertTrue(description.contains("has 1 task asleep until +1.0 s"), description)
        XCTAssertTrue(description.contains("The watch ends the hang now"), description)
        XCTAssertEqual(standardError.withLock { $0.count }, 1)
        XCTAssertTrue(
            standardError.withLock { $0.first ?? "" }.hasPrefix(
                "ObservationTesting: ObservationTestingTests/HangWatchTests.swift:\(clockLine): "))
    }
}

/// XCTest's form: the watch started by `addEndOfTestChecks()` in `setUp`, over a clock in a stored
/// property, reports through `XCTFail` while the test hangs, then ends the hang.
final class HangWatchSetUpXCTests: XCTestCase {
    private let clockLine = #line + 1
    private let clock = TestClock()
    /// What the watch reported; every other failure fails the test as usual.
    private var reported: [(description: String, line: Int)] = []
    private let standardError = Locked<[String]>([])

    override func setUp() async throws {
        try await super.setUp()
        let (clock, standardError) = (clock, standardError)
        HangWatch.$patienceForTests.withValue(.milliseconds(300)) {
            // Ends the test, and fails it, should the watch leave the sleeper asleep.
            HangWatch.$afterReportForTests.withValue({
                Task { await clock.advance(by: .seconds(1)) }
            }) {
                HangWatch.$standardErrorForTests.withValue({ text in
                    standardError.withLock { $0.append(text) }
                }) {
                    addEndOfTestChecks()
                }
            }
        }
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
        expected: Bool
    ) {
        if description.contains("it may never end") {
            reported.append((description, lineNumber))
        } else {
            super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber,
                expected: expected)
        }
    }

    func testAwaitingATaskAsleepOnAStoredClockIsReportedThenEnded() async {
        let clock = clock
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        let slept = await task.result  // hangs until the watch has spoken and ended it
        XCTAssertThrowsError(try slept.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(reported.count, 1)
        XCTAssertEqual(reported.first?.line, clockLine)
        XCTAssertTrue(
            reported.first?.description.contains("has 1 task asleep until +1.0 s") == true,
            reported.first?.description ?? "no report")
        XCTAssertEqual(standardError.withLock { $0.count }, 1)
    }
}
