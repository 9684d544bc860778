import ObservationTesting
import XCTest

/// The article's XCTest sample, where there is no trait.
final class FeedModelXCTests: XCTestCase {
    @MainActor func testRefreshLoadsItems() async {
        await withSerialExecutor {
            let model = FeedModel { ["a", "b", "c"] }
            model.refresh()
            await settle()
            XCTAssertEqual(model.items, ["a", "b", "c"])
        }
    }
}
