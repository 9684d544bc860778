// swift-format-ignore-file: the seed article's code, kept exactly as it was written.

import ObservationTesting
import Publishing
import XCTest

// The seed article's view model and test in a Swift 5 language-mode target, exactly as the
// article wrote them, with `import Publishing` for Combine. The one-second sleep is the code
// under test's: the test relies on it, since `isLoading` must still be true on the line after
// `until` returns while `addItem()` runs concurrently.
class ViewModel: ObservableObject {
    @Published var items: [Int] = []
    @Published var isLoading: Bool = false

    func addItem() async {
        self.isLoading = true

        try! await Task.sleep(for: .seconds(1))

        self.items.append(self.items.count + 1)
        self.isLoading = false
    }
}

final class SeedSwift5Tests: XCTestCase {
    func testViewModel() async {
        let viewModel = ViewModel()

        let task = Task { await viewModel.addItem() }

        // Check that `isLoading` is updating
        await until(viewModel.$isLoading) { $0 == true }
        XCTAssertTrue(viewModel.isLoading)

        // Wait until task finishes and `isLoading` is back to false
        await task.value
        await until(viewModel.$isLoading) { $0 == false }

        XCTAssertEqual(viewModel.items.count, 1)
        XCTAssertFalse(viewModel.isLoading)
    }
}
