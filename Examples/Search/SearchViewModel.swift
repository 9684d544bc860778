public import Publishing

/// A search screen that waits for the user to stop typing: `debounce` on an injected
/// scheduler, then `removeDuplicates`, `flatMap` into the service, `receive(on:)` the same
/// scheduler, and `assign(to:)`.
///
/// In the app, the scheduler is `DispatchQueue.main` (or `RunLoop.main`); in tests, a
/// `TestScheduler`, so a test moves time by 300 ms without waiting for it.
public final class SearchViewModel<S: Scheduler>: ObservableObject {
    /// What the user typed.
    @Published public var query = ""
    /// The results for the latest settled query.
    @Published public private(set) var results: [String] = []

    /// Creates a search screen over `service`, debouncing on `scheduler`.
    ///
    /// - Parameters:
    ///   - service: Where queries are searched.
    ///   - scheduler: Where the debounce keeps time and results are delivered.
    public init(service: any SearchService, scheduler: S) {
        $query
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .flatMap { query in
                query.isEmpty
                    ? AnyPublisher(Just([]))
                    : service.search(query).replaceError(with: []).eraseToAnyPublisher()
            }
            .receive(on: scheduler)
            .assign(to: &$results)
    }
}

/// Why a search failed.
public struct SearchError: Error, Equatable, Sendable {
    /// A failure.
    public init() {}
}

/// Searches for text.
public protocol SearchService {
    /// The results for `query`, or a failure.
    func search(_ query: String) -> AnyPublisher<[String], SearchError>
}

/// A ``SearchService`` for tests: answers from a list, records every query, and fails the
/// queries it is told to.
public final class MockSearchService: SearchService {
    /// The words a query's results are taken from: those that contain the query.
    public var words: [String]
    /// Queries that fail.
    public var failingQueries: Set<String> = []
    /// Every query searched, in order.
    public private(set) var queries: [String] = []

    /// A service over `words`.
    public init(words: [String]) {
        self.words = words
    }

    /// Records the query and answers at once.
    public func search(_ query: String) -> AnyPublisher<[String], SearchError> {
        queries.append(query)
        if failingQueries.contains(query) {
            return Fail(error: SearchError()).eraseToAnyPublisher()
        }
        let matches = words.filter { $0.contains(query) }
        return Just(matches).setFailureType(to: SearchError.self).eraseToAnyPublisher()
    }
}
