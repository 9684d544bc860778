import Foundation
import ObservationTesting
import Publishing
import Testing

// The Deterministic tests article's scheduler sample: `DispatchQueue` is Foundation's, so its
// file imports Foundation, as the article shows.

/// Debounces its query on a scheduler, then searches in a task the debounce starts.
@MainActor
final class LookupModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    private var subscription: AnyCancellable?

    init(
        scheduler: AnySchedulerOf<DispatchQueue>,
        search: @escaping @Sendable (String) async -> [String]
    ) {
        subscription = $query.dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { [weak self] query in
                Task { self?.results = await search(query) }
            }
    }
}

@Suite(.serialExecutor)
@MainActor struct LookupModelTests {
    @Test func searchesOnceTypingPauses() async {
        let scheduler = DispatchQueue.test
        let model = LookupModel(scheduler: scheduler.eraseToAnyScheduler()) { ["\($0)!"] }
        model.query = "swift"
        scheduler.advance(by: .milliseconds(300))  // the debounce fires and starts a task
        await settle()  // which has now run
        #expect(model.results == ["swift!"])
        model.query = "swiftui"
        await scheduler.clock.advance(by: .milliseconds(300))  // settles after each deadline
        #expect(model.results == ["swiftui!"])
    }
}
