// The Combine-style reference view models (login form, repository search, Future loader,
// notification listener), each tested with `until`, under Swift Testing and under XCTest.
import Examples
import Foundation
import ObservationTesting
import Publishing
import Testing
import XCTest

@MainActor
@Suite("Combine-style view models", .untilTimeout(.seconds(30)), .endOfTestChecks)
struct CombineStyleViewModelTests {
    // MARK: Login form

    @Test("The form is valid once the email has an @ and the password 8 characters")
    func loginValidation() async {
        let viewModel = LoginViewModel(authService: MockAuthService())
        await until(viewModel.$isValid, satisfies: [{ !$0 }, { $0 }, { !$0 }]) {
            viewModel.email = "ada@example.com"
            viewModel.password = "analytical"
            viewModel.email = "ada"
        }
    }

    @Test("Logging in shows progress, then the user")
    func loginSucceeds() async {
        let service = MockAuthService()
        let viewModel = LoginViewModel(authService: service)
        viewModel.email = "ada@example.com"
        viewModel.password = "analytical"
        await until(viewModel.$isLoggingIn, satisfies: [{ !$0 }, { $0 }]) { viewModel.logIn() }
        service.respond(with: .success(User(email: "ada@example.com")))
        await until(viewModel.$user) { $0?.email == "ada@example.com" }
        #expect(!viewModel.isLoggingIn)
        #expect(service.attempts.map(\.password) == ["analytical"])
    }

    @Test("A failed login shows the service's error and stops the progress")
    func loginFails() async {
        let viewModel = LoginViewModel(
            authService: MockAuthService(immediateResult: .failure(.wrongPassword)))
        viewModel.email = "ada@example.com"
        viewModel.password = "wrong password"
        await until(viewModel.$errorMessage) {
            $0 == AuthError.wrongPassword.message
        } perform: {
            viewModel.logIn()
        }
        #expect(!viewModel.isLoggingIn)
        #expect(viewModel.user == nil)
    }

    @Test("An invalid form never calls the service")
    func invalidFormDoesNotLogIn() async {
        let service = MockAuthService(immediateResult: .success(User(email: "x")))
        let viewModel = LoginViewModel(authService: service)
        viewModel.email = "no at sign"
        viewModel.password = "long enough"
        await stays(
            viewModel.$isLoggingIn, satisfying: { !$0 }, for: .milliseconds(50),
            perform: { viewModel.logIn() })
        #expect(service.attempts.isEmpty)
    }

    // MARK: Repository search

    @Test("Searching shows the results, the loading state and the bound summary")
    func searchFindsRepositories() async {
        let service = MockRepositoryService(results: [
            "swift": [Repository(name: "swift", stars: 60_000)]
        ])
        let viewModel = RepositoryListViewModel(service: service)
        #expect(viewModel.summary.text == "No repositories")
        await until(viewModel.$isLoading, satisfies: [{ !$0 }, { $0 }, { !$0 }]) {
            viewModel.query = "swift"
        }
        #expect(viewModel.repositories.map(\.name) == ["swift"])
        #expect(viewModel.summary.text == "1 repositories")
        #expect(viewModel.errorMessage == nil)
    }

    @Test("A failed search shows a message, and the next search still runs")
    func searchFailureIsCaught() async {
        let service = MockRepositoryService(results: ["ok": [Repository(name: "ok", stars: 1)]])
        service.errors["down"] = .server(status: 503)
        let viewModel = RepositoryListViewModel(service: service)
        viewModel.query = "ok"
        await until(
            viewModel.$errorMessage, satisfies: [{ $0 == nil }, { $0 != nil }, { $0 == nil }]
        ) {
            viewModel.query = "down"
            viewModel.query = "ok"
        }
        #expect(service.queries == ["ok", "down", "ok"])
        #expect(viewModel.repositories.count == 1)
    }

    @Test("Blank and repeated queries are not searched")
    func searchSkipsBlankAndRepeatedQueries() async {
        let service = MockRepositoryService()
        let viewModel = RepositoryListViewModel(service: service)
        await never(
            viewModel.$isLoading, satisfies: { $0 }, for: .milliseconds(50),
            perform: {
                viewModel.query = "   "
                viewModel.query = ""
            })
        viewModel.query = "a"
        viewModel.query = " a "
        #expect(service.queries == ["a"])
    }

    // MARK: Future loader

    @Test("A failed first request is retried once, and the profile arrives")
    func profileRetries() async {
        let api = MockProfileAPI(failing: [.timedOut])
        let viewModel = ProfileViewModel(api: api)
        await until(viewModel.$profile) {
            $0?.id == 7
        } perform: {
            viewModel.load(id: 7)
        }
        #expect(api.requests == 2)
        #expect(viewModel.error == nil)
    }

    @Test("Two failures in a row end in the error")
    func profileFailsAfterRetry() async {
        let api = MockProfileAPI(failing: [.timedOut, .notFound])
        let viewModel = ProfileViewModel(api: api)
        await until(viewModel.$error) {
            $0 == .notFound
        } perform: {
            viewModel.load(id: 1)
        }
        #expect(viewModel.profile == nil)
    }

    @Test("Deferred makes one request per subscription, none before")
    func profileRequestsPerSubscription() async {
        let api = MockProfileAPI()
        let viewModel = ProfileViewModel(api: api)
        let profile = viewModel.profilePublisher(id: 3)
        #expect(api.requests == 0)
        await until(profile, emits: [Profile(id: 3, name: "User 3")])
        await until(profile, emits: [Profile(id: 3, name: "User 3")])
        #expect(api.requests == 2)
    }

    // MARK: Notification listener

    @Test("Signing out empties the cart")
    func cartEmptiesOnSignOut() async {
        let center = NotificationCenter()
        let cart = CartViewModel(center: center)
        cart.add("book")
        await until(cart.$items, satisfies: [{ $0 == ["book"] }, { $0.isEmpty }]) {
            center.post(name: .userDidSignOut, object: nil)
        }
    }
}

@MainActor
final class CombineStyleViewModelXCTests: XCTestCase {
    override func setUp() {
        super.setUp()
        addEndOfTestChecks()
    }

    func testLoginSucceeds() async {
        let service = MockAuthService(immediateResult: .success(User(email: "ada@example.com")))
        let viewModel = LoginViewModel(authService: service)
        expectDeallocated(viewModel)
        viewModel.email = "ada@example.com"
        viewModel.password = "analytical"
        await until(viewModel.$isValid) { $0 }
        await until(viewModel.$user) {
            $0 != nil
        } perform: {
            viewModel.logIn()
        }
        XCTAssertFalse(viewModel.isLoggingIn)
    }

    func testSearchFindsRepositories() async {
        let service = MockRepositoryService(results: ["a": [Repository(name: "a", stars: 2)]])
        let viewModel = RepositoryListViewModel(service: service)
        await until(viewModel.$repositories) {
            $0.count == 1
        } perform: {
            viewModel.query = "a"
        }
        XCTAssertEqual(viewModel.summary.text, "1 repositories")
    }

    func testProfileRetries() async {
        let viewModel = ProfileViewModel(api: MockProfileAPI(failing: [.timedOut]))
        expectDeallocated(viewModel)
        await until(viewModel.$profile, satisfies: [{ $0 != nil }], timeout: 30) {
            viewModel.load(id: 1)
        }
        XCTAssertNil(viewModel.error)
    }

    func testCartEmptiesOnSignOut() async {
        let center = NotificationCenter()
        let cart = CartViewModel(center: center)
        cart.add("book")
        await until(cart.$items) {
            $0.isEmpty
        } perform: {
            center.post(name: .userDidSignOut, object: nil)
        }
    }
}
