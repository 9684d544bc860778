public import Publishing

/// A login form, written as Combine apps write one: the button is enabled by `combineLatest`
/// + `map` + `assign(to:)`, and logging in subscribes to the service's publisher.
///
/// Only the import differs from the Combine version.
@MainActor
public final class LoginViewModel: ObservableObject {
    /// What the user typed as their email address.
    @Published public var email = ""
    /// What the user typed as their password.
    @Published public var password = ""
    /// Whether the form can be sent: an address with an `@`, and 8 or more characters.
    @Published public private(set) var isValid = false
    /// Whether a login is in flight.
    @Published public private(set) var isLoggingIn = false
    /// The user, once logged in.
    @Published public private(set) var user: User?
    /// Why the last login failed, for the form to show.
    @Published public private(set) var errorMessage: String?

    private let authService: any AuthService
    private var cancellables = Set<AnyCancellable>()

    /// Creates a form that logs in through `authService`.
    ///
    /// - Parameter authService: The service to log in with.
    public init(authService: any AuthService) {
        self.authService = authService
        Publishers.CombineLatest($email, $password)
            .map { email, password in email.contains("@") && password.count >= 8 }
            .removeDuplicates()
            .assign(to: &$isValid)
    }

    /// Logs in with the form's email and password.
    public func logIn() {
        guard isValid, !isLoggingIn else { return }
        isLoggingIn = true
        errorMessage = nil
        authService.logIn(email: email, password: password)
            .sink(
                receiveCompletion: { [weak self] completion in
                    self?.isLoggingIn = false
                    if case .failure(let error) = completion {
                        self?.errorMessage = error.message
                    }
                },
                receiveValue: { [weak self] user in self?.user = user }
            )
            .store(in: &cancellables)
    }
}

/// A signed-in user.
public struct User: Equatable, Sendable {
    /// The user's email address.
    public var email: String

    /// A user with `email`.
    public init(email: String) {
        self.email = email
    }
}

/// Why a login failed.
public enum AuthError: Error, Equatable, Sendable {
    /// The email and password do not match an account.
    case wrongPassword
    /// The service could not be reached.
    case offline

    /// What the form shows.
    public var message: String {
        switch self {
        case .wrongPassword: "Wrong email or password."
        case .offline: "You appear to be offline."
        }
    }
}

/// Logs users in.
public protocol AuthService {
    /// Logs in; the publisher sends the user, or fails.
    func logIn(email: String, password: String) -> AnyPublisher<User, AuthError>
}

/// An ``AuthService`` for tests: it answers each login when told to, or at once with an
/// injected result.
public final class MockAuthService: AuthService {
    /// The answer given at once; `nil` to wait for ``respond(with:)``.
    public var immediateResult: Result<User, AuthError>?
    /// The email and password of each login attempt.
    public private(set) var attempts: [(email: String, password: String)] = []
    private let pending = PassthroughSubject<User, AuthError>()

    /// A service that waits to be told how to answer.
    public init(immediateResult: Result<User, AuthError>? = nil) {
        self.immediateResult = immediateResult
    }

    /// Sends the answer to the login in flight.
    public func respond(with result: Result<User, AuthError>) {
        switch result {
        case .success(let user):
            pending.send(user)
            pending.send(completion: .finished)
        case .failure(let error):
            pending.send(completion: .failure(error))
        }
    }

    /// Records the attempt and answers it.
    public func logIn(email: String, password: String) -> AnyPublisher<User, AuthError> {
        attempts.append((email, password))
        if let immediateResult {
            return immediateResult.publisher.eraseToAnyPublisher()
        }
        return pending.eraseToAnyPublisher()
    }
}
