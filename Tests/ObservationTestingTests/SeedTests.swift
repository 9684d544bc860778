import ObservationTesting
import Publishing
import XCTest

// The seed article's view model, in Swift 6 mode: `@MainActor`, as region isolation of
// `Task { … }` requires. Its one-second sleep is the code under test's, kept because the seed's
// test relies on it: `isLoading` must still be true on the line after `until` returns, and only
// a long pause makes that hold. (The Examples target shows the injected-clock version.)
@MainActor
final class SeedViewModel: ObservableObject {
    @Published var items: [Int] = []
    @Published var isLoading: Bool = false
    private let pause: Duration

    init(pause: Duration = .seconds(1)) {
        self.pause = pause
    }

    func addItem() async {
        self.isLoading = true

        try! await Task.sleep(for: pause)

        self.items.append(self.items.count + 1)
        self.isLoading = false
    }
}

// The seed article's test, unchanged but for the view model's name and `@MainActor`.
@MainActor
final class SeedTests: XCTestCase {
    func testViewModel() async {
        let viewModel = SeedViewModel()

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

    func testTheSeedsListFormAndTimeInterval() async {
        // Subscribe-then-act needs no pause: every value the action sends is buffered.
        let viewModel = SeedViewModel(pause: .zero)
        let matched = await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }], timeout: 30) {
            await viewModel.addItem()
        }
        XCTAssertEqual(matched, [true, false])
        XCTAssertEqual(viewModel.items, [1])
    }
}
