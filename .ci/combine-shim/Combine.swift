// A stand-in for Apple's Combine, with just the API the Combine adapter uses, shaped as Combine
// declares it. Linux CI builds ObservationTesting against it so that the `#if canImport(Combine)`
// code is at least compiled; it does not show that the code works with the real framework.

/// Combine's `Publisher`: only its associated types.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

/// Combine's `Subscribers` namespace.
public enum Subscribers {
    /// How a publisher ended.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

/// Combine's `AnyCancellable`.
public final class AnyCancellable {
    /// Does nothing here: nothing is subscribed.
    public func cancel() {}
}

extension Publisher {
    /// Combine's `sink`; subscribes nothing here.
    public func sink(
        receiveCompletion: @escaping ((Subscribers.Completion<Failure>) -> Void),
        receiveValue: @escaping ((Output) -> Void)
    ) -> AnyCancellable {
        AnyCancellable()
    }
}

/// A publisher to hand the Combine entry points in the compile check.
public struct Just<Output>: Publisher {
    /// It cannot fail.
    public typealias Failure = Never
    /// The one value.
    public let output: Output

    /// Creates the publisher of `output`.
    public init(_ output: Output) {
        self.output = output
    }
}

/// An object whose changes are announced before they happen.
public protocol ObservableObject: AnyObject {
    /// The type of ``objectWillChange``.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never
    /// Fires before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

/// The synthesized `objectWillChange`.
public final class ObservableObjectPublisher: Publisher {
    /// Carries no value.
    public typealias Output = Void
    /// It cannot fail.
    public typealias Failure = Never
    /// Creates the publisher.
    public init() {}
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The synthesized publisher.
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}
