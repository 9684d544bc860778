public import Publishing

/// Manages whether the user is signed in, and publishes the changes.
///
/// Protocols cannot declare property wrappers, so the publisher of `@Published var isSignedIn`
/// is exposed as a property of its own, as "Publishing Updates Using Protocols" shows.
public protocol SessionService: AnyObject {
    /// Whether the user is signed in.
    var isSignedIn: Bool { get set }
    /// The current value of ``isSignedIn``, then each change.
    var isSignedInPublisher: Published<Bool>.Publisher { get }
}

/// The app's session service.
public final class MyAppSessionService: SessionService {
    /// Whether the user is signed in.
    @Published public var isSignedIn = false

    /// The publisher of ``isSignedIn``.
    public var isSignedInPublisher: Published<Bool>.Publisher { $isSignedIn }

    /// Creates a signed-out session.
    public init() {}
}
