import Foundation
import ObservationTesting
import Publishing
import Testing

/// A search view model whose debounced query starts a task: the work a test scheduler's action
/// starts, which `advance` (synchronous) cannot run to its end by itself.
@MainActor
final class DebouncedSearch {
    @Published var query = ""
    private(set) var results: [String] = []
    private var subscription: AnyCancellable?

    init(scheduler: TestSchedulerOf<DispatchQueue>) {
        subscription = $query.dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { [weak self] query in
                Task { @MainActor in
                    await Task.yield()
                    self?.results = [query + " 1", query + " 2"]
                }
            }
    }
}

@Suite("Serial executor: test schedulers")
struct SerialExecutorSchedulerTests {
    @Test("Advancing the scheduler's clock runs what its actions start", .serialExecutor)
    @MainActor func clockAdvance() async {
        let scheduler = DispatchQueue.test
        let search = DebouncedSearch(scheduler: scheduler)
        search.query = "swift"
        await scheduler.clock.advance(by: .milliseconds(299))
        #expect(search.results.isEmpty)
        await scheduler.clock.advance(by: .milliseconds(1))
        #expect(search.results == ["swift 1", "swift 2"])
    }

    @Test("advance(by:) then settle() runs what its actions start", .serialExecutor)
    @MainActor func advanceThenSettle() async {
        let scheduler = DispatchQueue.test
        let search = DebouncedSearch(scheduler: scheduler)
        search.query = "swift"
        scheduler.advance(by: .milliseconds(300))
        await settle()
        #expect(search.results == ["swift 1", "swift 2"])
    }
}
