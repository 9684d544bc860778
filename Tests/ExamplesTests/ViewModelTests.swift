import Examples
import ObservationTesting
import Publishing
import Testing
import XCTest

// The seed's test, made fast: the view model sleeps on a TestClock the test advances.
@MainActor
final class ViewModelXCTests: XCTestCase {
    override func setUp() {
        super.setUp()
        addEndOfTestChecks()  // fails for a sleeper left on the clock, or a view model kept alive
    }

    func testViewModel() async {
        let clock = TestClock()
        let viewModel = ViewModel(clock: clock)
        expectDeallocated(viewModel)

        let task = Task { await viewModel.addItem() }

        // Check that `isLoading` is updating
        await until(viewModel.$isLoading) { $0 == true }
        XCTAssertTrue(viewModel.isLoading)

        // No real waiting: move the clock past the view model's one-second pause.
        await until(clock.sleeperCounts) { $0 == 1 }
        await clock.advance(by: .seconds(1))

        // Wait until task finishes and `isLoading` is back to false
        await task.value
        await until(viewModel.$isLoading) { $0 == false }

        XCTAssertEqual(viewModel.items.count, 1)
        XCTAssertFalse(viewModel.isLoading)
    }
}

@MainActor
@Suite("ViewModel", .untilTimeout(.seconds(30)), .endOfTestChecks, .timeLimit(.minutes(5)))
struct ViewModelTests {
    @Test("Loading flips on and off around the pause, and an item arrives")
    func loadingFlipsAndItemArrives() async {
        let clock = TestClock()
        let viewModel = ViewModel(clock: clock)
        expectDeallocated(viewModel)
        let task = Task { await viewModel.addItem() }

        await until(viewModel.$isLoading, satisfies: [{ $0 }])  // loading started
        #expect(viewModel.items.isEmpty)
        await until(clock.sleeperCounts, satisfies: [.equals(1)])
        await clock.advance(by: .seconds(1))  // no real sleeping
        await task.value
        await until(viewModel.$isLoading, satisfies: [{ !$0 }])
        #expect(viewModel.items == [1])
    }

    @Test("Subscribe, then act: the whole flow in one ordered wait")
    func subscribeThenAct() async {
        let viewModel = ViewModel(clock: ImmediateClock())
        await until(
            viewModel.$isLoading, satisfies: [.equals(false), .equals(true), .equals(false)]
        ) {
            await viewModel.addItem()
        }
        #expect(viewModel.items == [1])
    }

    @Test("Adding several items pauses before each one")
    func addItems() async {
        let clock = TestClock()
        let viewModel = ViewModel(clock: clock)
        let task = Task { await viewModel.addItems(count: 3) }
        for expected in 1...3 {
            await until(clock.sleeperCounts, satisfies: [.equals(1)])
            await clock.advance(by: .seconds(1))
            await until(viewModel.$items, satisfies: [.matches(\.count, expected)])
        }
        await task.value
        #expect(viewModel.items == [1, 2, 3])
        #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
    }

    // A deliberately failing wait: its message shows the first 5 and the last 10 values, and
    // the whole timeline goes to the test as an attachment (`swift test --attachments-path`).
    @Test("A failing wait keeps its whole timeline as an attachment of the test")
    func failingWaitAttachesItsTimeline() async {
        let viewModel = ViewModel(clock: ImmediateClock())
        await withKnownIssue("Deliberate: the view model adds 40 items, more than 30") {
            // The wait fails on the 31st item; its timeout is there for a hang only: each item
            // takes turns on the main actor, which every other main-actor test's work shares.
            await never(viewModel.$items, satisfies: { $0.count > 30 }, for: 5, timeout: 240) {
                await viewModel.addItems(count: 40)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "The full timeline is attached to the test as \"timeline-ViewModelTests.swift-")
        }
    }

    @Test("Cancelling the task during the pause adds nothing and clears isLoading")
    func cancellation() async {
        let clock = TestClock()
        let viewModel = ViewModel(clock: clock)
        let task = Task { await viewModel.addItem() }
        await until(clock.sleeperCounts, satisfies: [.equals(1)])
        task.cancel()
        await task.value
        #expect(viewModel.items.isEmpty)
        #expect(!viewModel.isLoading)
    }
}
