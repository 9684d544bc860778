import Observation
import ObservationTesting
import XCTest

// The README's `@MainActor` test case with end-of-test checks: the clock in a stored property,
// the view model made at the top of the test, and a synchronous `setUp`.
@MainActor
final class SearchModelXCTests: XCTestCase {
    private let clock = TestClock()

    override func setUp() {
        super.setUp()
        addEndOfTestChecks()
    }

    func testSearchesOnceTypingPauses() async {
        let model = SearchModel(clock: clock) { ["\($0)!"] }
        model.query = "swift"
        await clock.advance(by: .milliseconds(300), whenAsleep: 1)
        let results = await until(model, \.results) { $0 == ["swift!"] }
        XCTAssertEqual(results, ["swift!"])
    }

    func testTheModelIsReleased() async {
        let clock = TestClock()
        let model = SearchModel(clock: clock) { ["\($0)!"] }
        expectDeallocated(model)
        model.query = "swift"
        await clock.advance(by: .milliseconds(300), whenAsleep: 1)
        let results = await until(model, \.results) { $0 == ["swift!"] }
        XCTAssertEqual(results, ["swift!"])
    }
}
