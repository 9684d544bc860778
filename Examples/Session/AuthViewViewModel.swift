public import Publishing

/// A view model that shows the session's state, forwarding its changes through
/// `objectWillChange` so a view that observes this object redraws.
///
/// It has no `@Published` property of its own: the synthesized `objectWillChange` is still one
/// stable publisher per object.
@MainActor
public final class AuthViewViewModel: ObservableObject {
    /// Whether the user is signed in, as the session says.
    public var isSignedIn: Bool { sessionService.isSignedIn }

    private let sessionService: any SessionService
    private var token: AnyCancellable?

    /// Creates a view model over `sessionService`.
    ///
    /// - Parameter sessionService: The session to show; the app's by default.
    public init(sessionService: any SessionService = MyAppSessionService()) {
        self.sessionService = sessionService
        token = sessionService.isSignedInPublisher.dropFirst().sink { [weak self] _ in
            self?.objectWillChange.send()
        }
    }

    /// Signs the user in.
    public func signIn() {
        sessionService.isSignedIn = true
    }

    /// Signs the user out.
    public func signOut() {
        sessionService.isSignedIn = false
    }
}
