import Examples
import ObservationTesting
import Publishing
import Testing

@MainActor
@Suite("AuthViewViewModel", .untilTimeout(.seconds(30)), .endOfTestChecks)
struct AuthViewViewModelTests {
    @Test("Signing in and out is seen through isSignedInPublisher")
    func publisherFollowsSession() async {
        let session = MyAppSessionService()
        let viewModel = AuthViewViewModel(sessionService: session)
        await until(
            session.isSignedInPublisher, satisfies: [.equals(false), .equals(true), .equals(false)]
        ) {
            viewModel.signIn()
            viewModel.signOut()
        }
        #expect(!viewModel.isSignedIn)
    }

    @Test(
        "Each change of the session fires the view model's objectWillChange"
    )
    func objectWillChangeForwardsChanges() async {
        let session = MyAppSessionService()
        let viewModel = AuthViewViewModel(sessionService: session)
        let changes: [Void]? = await until(viewModel.objectWillChange, satisfies: [.any, .any]) {
            viewModel.signIn()
            viewModel.signOut()
        }
        #expect(changes?.count == 2)
    }

    @Test(
        "A change made directly on the session reaches the view model too"
    )
    func changesFromElsewhere() async {
        let session = MyAppSessionService()
        let viewModel = AuthViewViewModel(sessionService: session)
        await until(viewModel.objectWillChange, satisfies: [.any]) {
            session.isSignedIn = true
        }
        #expect(viewModel.isSignedIn)
    }

    @Test("The view model is freed once nothing else holds it")
    func noRetainCycle() async {
        let session = MyAppSessionService()
        await withEndOfTestChecks {
            let viewModel = AuthViewViewModel(sessionService: session)
            expectDeallocated(viewModel)
            viewModel.signIn()
        }
        session.isSignedIn = false  // no one left to forward to: must not crash
    }
}
