// A stand-in for Apple's Combine, with just the API the Combine adapter uses, shaped as Combine
// declares it. Linux CI builds ObservationTesting against it so that the `#if canImport(Combine)`
// code is at least compiled; it does not show that the code works with the real framework.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

public enum Subscribers {
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

public final class AnyCancellable {
    public func cancel() {}
}

extension Publisher {
    public func sink(
        receiveCompletion: @escaping ((Subscribers.Completion<Failure>) -> Void),
        receiveValue: @escaping ((Output) -> Void)
    ) -> AnyCancellable {
        AnyCancellable()
    }
}

/// A publisher to hand the Combine entry points in the compile check.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output

    public init(_ output: Output) {
        self.output = output
    }
}

/// An object whose changes are announced before they happen.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never
    var objectWillChange: ObjectWillChangePublisher { get }
}

/// The synthesized `objectWillChange`.
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}
