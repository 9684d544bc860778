import ObservationTesting
import Publishing
import XCTest

// The End-of-test checks article's XCTest sample: the scheduler in a stored property, claimed by
// `addEndOfTestChecks()`; the view model made at the top of the test, so that it exists before
// the test acts and is released before the checks, as a Swift Testing test's local is.
@MainActor
final class DebouncedSearchXCTests: XCTestCase {
    private let scheduler = DispatchQueue.test

    override func setUp() {
        super.setUp()
        addEndOfTestChecks()
    }

    func testSearchesOnceTypingStops() async {
        let model = DebouncedSearchModel(scheduler: scheduler.eraseToAnyScheduler())
        model.query = "swift"
        scheduler.advance(by: .milliseconds(300))
        await until(model.$searched) { $0 == ["swift"] }
    }
}
