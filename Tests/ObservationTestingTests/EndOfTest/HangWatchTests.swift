// A test that can never end says why while it hangs: a task awaited while it sleeps on a test
// clock that nothing advances. The watch's patience is shortened here through its test hook; the
// hang is ended by the hook that runs once the watch has spoken.
import Foundation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

/// Runs `body` with failures captured and the watch's patience shortened; returns the failures.
private func failures(
    patience: Duration = .milliseconds(300),
    afterReport: (@Sendable () -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    of body: () async -> Void
) async -> [(message: String, line: UInt)] {
    await capturedFailures {
        await HangWatch.$patienceForTests.withValue(patience) {
            await HangWatch.$afterReportForTests.withValue(afterReport) { await body() }
        }
    }
}

@Suite("End-of-test checks: a hang explained while it hangs", .untilTimeout(.seconds(30)))
@MainActor
struct HangWatchTests {
    @Test("Awaiting a task asleep on a clock nobody advances is reported while it hangs")
    func missedAdvance() async {
        let clockLine: UInt = #line + 1
        let clock = TestClock()
        let advance: @Sendable () -> Void = { Task { await clock.advance(by: .seconds(1)) } }
        let found = await failures(afterReport: advance) {
            await withEndOfTestChecks {
                let task = Task { try? await clock.sleep(for: .seconds(1)) }
                await task.value  // hangs until the watch has spoken and its hook advances
            }
        }
        #expect(found.map(\.line) == [clockLine])
        let message = found.first?.message ?? ""
        #expect(message.hasPrefix("The test has made no progress for "))
        #expect(message.contains(" s, and it may never end: TestClock"))
        #expect(message.contains("once its clocks have stood still for 0.3 s with no wait running"))
        #expect(
            message.contains(
                "TestClock (made at HangWatchTests.swift:\(clockLine)) has 1 task asleep until "
                    + "+1.0 s, and its time stays at +0.0 s: nothing advances it."))
        #expect(
            message.contains("advance the clock first (`await clock.advance(by: .seconds(1))`)"))
    }

    @Test("A test whose clock keeps moving is never reported, however long it runs")
    func progressingClock() async {
        let found = await failures(patience: .milliseconds(100)) {
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
        #expect(found.isEmpty)
    }

    @Test("While a wait runs, its own timeout speaks, not the watch")
    func waitRunning() async {
        let clock = TestClock()
        let subject = PassthroughSubject<Int, Never>()
        let found = await failures(patience: .milliseconds(100)) {
            await withEndOfTestChecks {
                let task = Task { try? await clock.sleep(for: .seconds(1)) }
                await until(clock.sleeperCounts) { $0 == 1 }
                await until(subject, timeout: 0.5) { $0 == 1 }
                await clock.advance(by: .seconds(1))
                await task.value
            }
        }
        #expect(found.count == 1)
        #expect(found.first?.message.contains("until(_:satisfies:) timed out") == true)
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
    func testMissedAdvanceIsReportedWhileItHangs() async {
        let clockLine = #line + 1
        let clock = TestClock()
        let failures = await captureFailures {
            await HangWatch.$patienceForTests.withValue(.milliseconds(300)) {
                await HangWatch.$afterReportForTests.withValue({
                    Task { await clock.advance(by: .seconds(1)) }
                }) {
                    await withEndOfTestChecks {
                        let task = Task { try? await clock.sleep(for: .seconds(1)) }
                        await task.value
                    }
                }
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains("has 1 task asleep until +1.0 s") == true,
            failures.first?.description ?? "no failure")
        XCTAssertEqual(failures.first?.line, clockLine)
    }
}

/// XCTest's form: the watch started by `addEndOfTestChecks()` in `setUp`, over a clock in a stored
/// property, reports through `XCTFail` while the test hangs.
final class HangWatchSetUpXCTests: XCTestCase {
    private let clockLine = #line + 1
    private let clock = TestClock()
    /// What the watch reported; every other failure fails the test as usual.
    private var reported: [(description: String, line: Int)] = []

    override func setUp() async throws {
        try await super.setUp()
        let clock = clock
        HangWatch.$patienceForTests.withValue(.milliseconds(300)) {
            HangWatch.$afterReportForTests.withValue({
                Task { await clock.advance(by: .seconds(1)) }
            }) {
                addEndOfTestChecks()
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

    func testAwaitingATaskAsleepOnAStoredClockIsReportedWhileItHangs() async {
        let clock = clock
        let task = Task { try? await clock.sleep(for: .seconds(1)) }
        await task.value  // hangs until the watch has spoken and its hook advances
        XCTAssertEqual(reported.count, 1)
        XCTAssertEqual(reported.first?.line, clockLine)
        XCTAssertTrue(
            reported.first?.description.contains("has 1 task asleep until +1.0 s") == true,
            reported.first?.description ?? "no report")
    }
}
