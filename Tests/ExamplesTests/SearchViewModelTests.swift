// The debounced search: on a TestScheduler (no real waiting), and on the real main queue and
// main run loop, under Swift Testing and XCTest.
import Dispatch
import Examples
import Foundation
import ObservationTesting
import Publishing
import Testing
import XCTest

@Suite("SearchViewModel", .untilTimeout(.seconds(30)), .endOfTestChecks)
struct SearchViewModelTests {
    let service = MockSearchService(words: ["swift", "swiftui", "rust"])

    @Test("The same query again is not searched again; an emptied query clears the results")
    func skipsRepeatedQueries() async {
        let scheduler = RunLoop.test
        let viewModel = SearchViewModel(service: service, scheduler: scheduler)
        viewModel.query = "rust"
        scheduler.advance(by: 0.3)
        viewModel.query = "rus"
        viewModel.query = "rust"
        scheduler.advance(by: 0.3)
        #expect(service.queries == ["rust"])
        await until(viewModel.$results, satisfies: [{ $0 == ["rust"] }, { $0.isEmpty }]) {
            viewModel.query = ""
            scheduler.advance(by: 0.3)
        }
    }

    @Test("A failed search shows no results")
    func failedSearch() async {
        let scheduler = DispatchQueue.test
        service.failingQueries = ["swift"]
        let viewModel = SearchViewModel(service: service, scheduler: scheduler)
        viewModel.query = "sw"
        scheduler.advance(by: .milliseconds(300))
        #expect(viewModel.results.count == 2)
        await until(viewModel.$results) {
            $0.isEmpty
        } perform: {
            viewModel.query = "swift"
            scheduler.run()
        }
    }

    @Test("On the real main queue, the results arrive after the debounce")
    func mainQueue() async {
        let viewModel = SearchViewModel(service: service, scheduler: DispatchQueue.main)
        await until(viewModel.$results) {
            $0 == ["rust"]
        } perform: {
            viewModel.query = "ru"
        }
    }

    @Test(
        "On the real main run loop, off the main actor, the results arrive"
    )
    func mainRunLoop() async {
        let viewModel = SearchViewModel(service: service, scheduler: RunLoop.main)
        await until(viewModel.$results) {
            $0 == ["rust"]
        } perform: {
            viewModel.query = "ru"
        }
    }

    @MainActor
    @Test(
        "On the real main run loop, from the main actor, the results arrive"
    )
    func mainRunLoopOnMainActor() async {
        let viewModel = SearchViewModel(service: service, scheduler: RunLoop.main)
        await until(viewModel.$results) {
            $0 == ["swiftui"]
        } perform: {
            viewModel.query = "ui"
        }
    }
}

final class SearchViewModelXCTests: XCTestCase {
    let service = MockSearchService(words: ["swift", "swiftui", "rust"])

    override func setUp() {
        super.setUp()
        addEndOfTestChecks()
    }

    func testDebouncesTypingInVirtualTime() async {
        let scheduler = DispatchQueue.test
        let viewModel = SearchViewModel(service: service, scheduler: scheduler)
        expectDeallocated(viewModel)
        viewModel.query = "s"
        viewModel.query = "swiftu"
        await until(viewModel.$results, satisfies: [{ $0 == ["swiftui"] }], timeout: 30) {
            scheduler.advance(by: .milliseconds(300))
        }
        XCTAssertEqual(service.queries, ["swiftu"])
    }

    func testMainQueue() async {
        let viewModel = SearchViewModel(service: service, scheduler: DispatchQueue.main)
        await until(viewModel.$results, satisfies: [{ $0 == ["rust"] }], timeout: 30) {
            viewModel.query = "ru"
        }
    }

    @MainActor
    func testMainRunLoopOnMainActor() async {
        let viewModel = SearchViewModel(service: service, scheduler: RunLoop.main)
        await until(viewModel.$results, satisfies: [{ $0 == ["rust"] }], timeout: 30) {
            viewModel.query = "ru"
        }
    }

    func testMainRunLoop() async {
        let viewModel = SearchViewModel(service: service, scheduler: RunLoop.main)
        await until(viewModel.$results, satisfies: [{ $0 == ["rust"] }], timeout: 30) {
            viewModel.query = "ru"
        }
    }
}
