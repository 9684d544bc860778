import Foundation
public import Publishing

/// A search screen over a repository service, written as Combine apps write one: the query
/// drives `flatMap` into the service, errors are caught into a message, one shared result
/// stream feeds several properties, and a label is bound with `assign(to:on:)`.
@MainActor
public final class RepositoryListViewModel: ObservableObject {
    /// What the user searches for.
    @Published public var query = ""
    /// The repositories found for the latest query.
    @Published public private(set) var repositories: [Repository] = []
    /// Whether a search is in flight.
    @Published public private(set) var isLoading = false
    /// Why the latest search failed, if it did.
    @Published public private(set) var errorMessage: String?
    /// The summary line a list header shows, bound as a UIKit label would be.
    public let summary = SummaryLabel()

    private var cancellables = Set<AnyCancellable>()

    /// Creates a search screen over `service`.
    ///
    /// - Parameter service: Where repositories are searched.
    public init(service: any RepositoryService) {
        let searches =
            $query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .removeDuplicates()
            .handleEvents(receiveOutput: { [weak self] _ in self?.isLoading = true })
            .flatMap(maxPublishers: .max(1)) { query in
                service.search(query)
                    .map { SearchOutcome.found($0) }
                    .catch { Just(SearchOutcome.failed($0)) }
            }
            .share()

        searches.map(\.repositories).assign(to: &$repositories)
        searches.map(\.message).assign(to: &$errorMessage)
        searches.map { _ in false }.assign(to: &$isLoading)
        $repositories
            .map { $0.isEmpty ? "No repositories" : "\($0.count) repositories" }
            .assign(to: \.text, on: summary)
            .store(in: &cancellables)
    }
}

private enum SearchOutcome {
    case found([Repository])
    case failed(RepositoryError)

    var repositories: [Repository] {
        if case .found(let repositories) = self { repositories } else { [] }
    }

    var message: String? {
        if case .failed(let error) = self { "Search failed: \(error)" } else { nil }
    }
}

/// A label's text, as a view binds it.
public final class SummaryLabel {
    /// The text shown.
    public var text = ""

    init() {}
}

/// A repository found by a search.
public struct Repository: Equatable, Sendable {
    /// Its name, such as `swift`.
    public var name: String
    /// How many stars it has.
    public var stars: Int

    /// A repository called `name` with `stars` stars.
    public init(name: String, stars: Int) {
        self.name = name
        self.stars = stars
    }
}

/// Why a search failed.
public enum RepositoryError: Error, Equatable, Sendable {
    /// The service answered with an error status.
    case server(status: Int)
    /// The service could not be reached.
    case offline
}

/// Searches repositories.
public protocol RepositoryService {
    /// Searches for `query`; the publisher sends one list, or fails.
    func search(_ query: String) -> AnyPublisher<[Repository], RepositoryError>
}

/// A ``RepositoryService`` for tests, with canned results and injectable errors.
public final class MockRepositoryService: RepositoryService {
    /// The results for each query; a query with none finds nothing.
    public var results: [String: [Repository]]
    /// The error a query fails with, if any.
    public var errors: [String: RepositoryError] = [:]
    /// Every query searched, in order.
    public private(set) var queries: [String] = []

    /// A service with `results`.
    public init(results: [String: [Repository]] = [:]) {
        self.results = results
    }

    /// Records the query and answers from ``results`` or ``errors``.
    public func search(_ query: String) -> AnyPublisher<[Repository], RepositoryError> {
        queries.append(query)
        if let error = errors[query] {
            return Fail(error: error).eraseToAnyPublisher()
        }
        return Just(results[query] ?? []).setFailureType(to: RepositoryError.self)
            .eraseToAnyPublisher()
    }
}
