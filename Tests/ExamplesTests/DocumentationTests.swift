import Examples
import ObservationTesting
import Publishing
import Testing
import XCTest

// The README's samples, compiled and run so the documentation cannot rot. The quick start's
// view model is renamed so it does not clash with the Examples target's `ViewModel`.

@MainActor
final class QuickStartViewModel: ObservableObject {
    @Published var items: [Int] = []
    @Published var isLoading = false

    func addItem() async {
        isLoading = true
        await Task.yield()  // real code awaits the network, a database, a clock…
        items.append(items.count + 1)
        isLoading = false
    }
}

@MainActor
@Suite("README samples", .untilTimeout(.seconds(30)), .timeLimit(.minutes(1)))
struct DocumentationTests {
    @Test func loadingFlipsAndAnItemArrives() async {
        let viewModel = QuickStartViewModel()
        await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }]) {
            await viewModel.addItem()
        }
        #expect(viewModel.items == [1])
    }

    @Test func conditionsThatDescribeThemselves() async {
        let items = CurrentValueSubject<[Int], Never>([1, 2, 3])
        let isLoading = CurrentValueSubject<Bool, Never>(true)
        await until(isLoading, satisfies: [.equals(true), .equals(false)]) {
            isLoading.value = false
        }
        await until(items, satisfies: [.matches(\.count, 3)])
        await until(items, satisfies: [Condition("has items") { !$0.isEmpty }, .any]) {
            items.value = [4]
        }
        await until(items.map(\.count)) { $0 == 1 }
    }

    @Test func addsAnItemAfterOneSecond() async {
        let clock = TestClock()
        let viewModel = ViewModel(clock: clock)  // from the Examples target
        let task = Task { await viewModel.addItem() }

        await until(viewModel.$isLoading, satisfies: [{ $0 }])  // loading started
        await until(clock.sleeperCounts) { $0 == 1 }  // it is asleep
        await clock.advance(by: .seconds(1))  // no real sleeping
        await task.value
        #expect(viewModel.items == [1])
    }

    @Test func timeoutControls() async {
        let subject = CurrentValueSubject<Bool, Never>(true)
        await withDefaultTimeout(.seconds(5)) {
            await until(subject, satisfies: [{ $0 }], timeout: .seconds(5))
        }
    }
}

@MainActor
final class QuickStartXCTests: XCTestCase {
    func testLoadingFlipsAndAnItemArrives() async {
        let viewModel = QuickStartViewModel()
        await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }]) {
            await viewModel.addItem()
        }
        XCTAssertEqual(viewModel.items, [1])
    }
}
