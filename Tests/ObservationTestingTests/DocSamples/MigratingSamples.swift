import ObservationTesting
import Publishing
import XCTest

// The Migrating article's XCTest samples, before and after. Each body runs under a generous
// default timeout, for loaded machines and ThreadSanitizer.
@MainActor
final class MigratingSampleTests: XCTestCase {
    func testLoadingFlipsWithAnExpectation() async {
        await withDefaultTimeout(.seconds(30)) {
            let viewModel = ViewModel()
            let flipped = expectation(description: "isLoading went true, then false")
            var values: [Bool] = []
            let subscription = viewModel.$isLoading.dropFirst().sink { value in
                values.append(value)
                if values.count == 2 { flipped.fulfill() }
            }
            await viewModel.addItem()
            await fulfillment(of: [flipped], timeout: 1)
            subscription.cancel()
            XCTAssertEqual(values, [true, false])
        }
    }

    func testLoadingFlips() async {
        await withDefaultTimeout(.seconds(30)) {
            let viewModel = ViewModel()
            await until(viewModel.$isLoading, emits: [false, true, false]) {
                await viewModel.addItem()
            }
        }
    }

    func testEventuallyBecomesAWait() async {
        await withDefaultTimeout(.seconds(30)) {
            let viewModel = ViewModel()
            await until(viewModel.$items, satisfies: [{ $0 == [1] }]) {
                await viewModel.addItem()
            }
        }
    }

    func testRecorderReplacesCombineExpectations() async {
        await withDefaultTimeout(.seconds(30)) {
            let viewModel = ViewModel()
            let recorder = viewModel.$items.record()
            await viewModel.addItem()
            let elements = await recorder.next(2)
            XCTAssertEqual(elements, [[], [1]])
        }
    }
}
