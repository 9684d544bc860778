import Foundation
public import Publishing

/// Loads a profile from a callback-based API, wrapped the way Combine apps wrap one:
/// `Deferred { Future { … } }`, so each subscription makes one request, and `retry` tries a
/// failed request once more.
@MainActor
public final class ProfileViewModel: ObservableObject {
    /// The loaded profile.
    @Published public private(set) var profile: Profile?
    /// Why loading failed, after the retry.
    @Published public private(set) var error: ProfileError?

    private let api: any ProfileAPI
    private var cancellables = Set<AnyCancellable>()

    /// Creates a view model that loads through `api`.
    ///
    /// - Parameter api: The callback-based API.
    public init(api: any ProfileAPI) {
        self.api = api
    }

    /// A publisher that requests profile `id` once per subscription.
    public func profilePublisher(id: Int) -> AnyPublisher<Profile, ProfileError> {
        let api = api
        return Deferred {
            Future { promise in
                let promise = AnyThreadPromise(promise)
                api.fetchProfile(id: id) { result in promise.fulfill(result) }
            }
        }
        .eraseToAnyPublisher()
    }

    /// Loads profile `id`, trying once more if the first request fails.
    public func load(id: Int) {
        error = nil
        profilePublisher(id: id)
            .retry(1)
            .sink(
                receiveCompletion: { [weak self] completion in
                    if case .failure(let error) = completion { self?.error = error }
                },
                receiveValue: { [weak self] profile in self?.profile = profile }
            )
            .store(in: &cancellables)
    }
}

/// A user's profile.
public struct Profile: Equatable, Sendable {
    /// The profile's identifier.
    public var id: Int
    /// The name shown.
    public var name: String

    /// A profile.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// Combine's `Future` promise, which Combine lets any thread call, though its type is not
/// `Sendable`: wrapped so a `@Sendable` completion handler can call it.
// @unchecked: `Future` takes its promise's first call from any thread, under its own lock.
private struct AnyThreadPromise<Output, Failure: Error>: @unchecked Sendable {
    let fulfill: (Result<Output, Failure>) -> Void

    init(_ promise: @escaping (Result<Output, Failure>) -> Void) {
        fulfill = promise
    }
}

/// Why a profile could not be loaded.
public enum ProfileError: Error, Equatable, Sendable {
    /// No profile has that identifier.
    case notFound
    /// The request timed out.
    case timedOut
}

/// A callback-based profile API, as older SDKs offer.
public protocol ProfileAPI: Sendable {
    /// Fetches profile `id` and calls `completion` once, later, on the main actor (as many SDKs
    /// call back on the main queue).
    func fetchProfile(
        id: Int, completion: @escaping @Sendable (Result<Profile, ProfileError>) -> Void)
}

/// A ``ProfileAPI`` for tests: answers later on the main actor, and can fail the first
/// requests.
public final class MockProfileAPI: ProfileAPI, @unchecked Sendable {
    // @unchecked: `requestCount` and `failures` are only touched while holding `lock`.
    private let lock = NSLock()
    private var requestCount = 0
    private var failures: [ProfileError]

    /// An API whose first requests fail with `failures`, in order; later ones succeed.
    public init(failing failures: [ProfileError] = []) {
        self.failures = failures
    }

    /// How many requests were made.
    public var requests: Int { lock.withLock { requestCount } }

    /// Answers on a new main-actor task, as a network callback on the main queue would.
    public func fetchProfile(
        id: Int, completion: @escaping @Sendable (Result<Profile, ProfileError>) -> Void
    ) {
        let failure = lock.withLock { () -> ProfileError? in
            requestCount += 1
            return failures.isEmpty ? nil : failures.removeFirst()
        }
        Task { @MainActor in
            completion(failure.map(Result.failure) ?? .success(Profile(id: id, name: "User \(id)")))
        }
    }
}
