import Examples
import Foundation
import ObservationTesting
import Publishing
import Testing

// The Virtual time article's `SearchViewModel` test, in a file with the imports the article
// shows: `DispatchQueue` is Foundation's, which a Swift Testing file imports itself.

@Suite("SearchViewModel in virtual time", .untilTimeout(.seconds(30)), .endOfTestChecks)
struct SearchViewModelVirtualTimeTests {
    let service = MockSearchService(words: ["swift", "swiftui", "rust"])

    @Test("Typing quickly searches once, 300 ms after the last keystroke, in virtual time")
    func debouncesTyping() async {
        let scheduler = DispatchQueue.test
        let viewModel = SearchViewModel(service: service, scheduler: scheduler)
        expectDeallocated(viewModel)
        for text in ["s", "sw", "swi"] {
            viewModel.query = text
            scheduler.advance(by: .milliseconds(100))
        }
        scheduler.advance(by: .milliseconds(199))
        #expect(service.queries.isEmpty)
        await until(viewModel.$results) {
            $0 == ["swift", "swiftui"]
        } perform: {
            scheduler.advance(by: .milliseconds(1))
        }
        #expect(service.queries == ["swi"])
    }
}
