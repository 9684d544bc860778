import Publishing
import XCTest

@testable import ObservationTesting

/// A test clock's failures, as XCTest reports them.
final class TestClockXCTestTests: FailureCapturingTestCase {
    func testAdvanceWhenAsleepWithNobodyAsleepSaysSoOfThisClock() async {
        let clock = TestClock()
        let other = TestClock()
        let sleeper = Task { try await other.sleep(for: .seconds(1)) }
        await until(other.sleeperCounts) { $0 == 1 }
        let line = #line + 2
        let failures = await captureFailures {
            await clock.advance(by: .seconds(1), whenAsleep: 1, timeout: .milliseconds(50))
        }
        sleeper.cancel()
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(
            text.contains(
                "No task went to sleep on this TestClock. Check that the code under test was "
                    + "given this clock"),
            text)
        XCTAssertTrue(text.contains("1 task of this test is asleep on another test clock."), text)
        XCTAssertFalse(text.contains("inject a TestClock"), text)
        XCTAssertFalse(text.contains("went quiet"), text)
    }
}

/// A sleeper one XCTest test leaves behind is not counted in the next test's hints. XCTest runs
/// these two in the order written; run alone, or the other way round, each still passes.
final class TestClockXCTestAttributionTests: FailureCapturingTestCase {
    /// The task the first test leaves asleep, cancelled by the second.
    private static let leftover = Locked<Task<Void, Never>?>(nil)

    func test1LeavesASleeperBehind() async {
        let clock = TestClock()
        Self.leftover.withLock { leftover in
            leftover = Task { try? await clock.sleep(for: .seconds(1)) }
        }
        await until(clock.sleeperCounts) { $0 == 1 }
        let failures = await captureFailures {
            await until(PassthroughSubject<Int, Never>(), satisfies: [{ $0 == 1 }], timeout: 0.05)
        }
        let text = failures.first?.description ?? ""
        XCTAssertTrue(
            text.contains("has 1 task asleep until +1.0 s (its time is +0.0 s)"), text)
    }

    func test2DoesNotCountTheSleeperOfTheTestBefore() async {
        defer { Self.leftover.withLock { $0?.cancel() } }
        let failures = await captureFailures {
            await until(PassthroughSubject<Int, Never>(), satisfies: [{ $0 == 1 }], timeout: 0.05)
        }
        let text = failures.first?.description ?? ""
        XCTAssertTrue(text.contains("If the code under test sleeps, inject a TestClock"), text)
        XCTAssertFalse(text.contains("asleep until"), text)
    }
}
