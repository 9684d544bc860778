import ObservationTesting
import XCTest

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
