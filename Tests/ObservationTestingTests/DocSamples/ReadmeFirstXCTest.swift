import ObservationTesting
import XCTest

// The README's first XCTest test, in a file with only the imports the README shows.

// Each body runs under a generous default timeout, for loaded machines and ThreadSanitizer.
@MainActor
final class ViewModelTests: XCTestCase {
    func testLoadingFlipsAndAnItemArrives() async {
        await withDefaultTimeout(.seconds(30)) {
            let viewModel = ViewModel()
            await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }]) {
                await viewModel.addItem()
            }
            XCTAssertEqual(viewModel.items, [1])
        }
    }
}
