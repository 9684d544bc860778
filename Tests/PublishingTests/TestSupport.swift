import Foundation
import Publishing
import Testing

/// Collects what a subscription receives, from any thread.
final class EventLog<Output, Failure: Error>: @unchecked Sendable {
    // @unchecked: `values` and `completions` are only touched while holding `lock`.
    private let lock = NSLock()
    private var storedValues: [Output] = []
    private var storedCompletions: [Subscribers.Completion<Failure>] = []

    var values: [Output] { lock.withLock { storedValues } }
    var completions: [Subscribers.Completion<Failure>] { lock.withLock { storedCompletions } }

    func subscribe<P: Publisher>(to publisher: P) -> AnyCancellable
    where P.Output == Output, P.Failure == Failure {
        publisher.sink(
            receiveCompletion: { completion in
                self.lock.withLock { self.storedCompletions.append(completion) }
            },
            receiveValue: { value in
                self.lock.withLock { self.storedValues.append(value) }
            }
        )
    }
}

/// A test error with an identity, so tests can tell which error arrived.
struct TestError: Error, Equatable {
    var code = 0
}

/// A subject that counts its live subscriptions: one is live from `sink` until it is cancelled.
final class TrackedSubject<Output, Failure: Error>: ClosurePublisher, @unchecked Sendable {
    // @unchecked: `live` and `made` are only touched while holding `lock`; the subject is
    // thread-safe.
    private let subject = PassthroughSubject<Output, Failure>()
    private let lock = NSLock()
    private var live = 0
    private var made = 0

    /// Subscriptions made and not yet cancelled.
    var liveSubscriptions: Int { lock.withLock { live } }
    /// Subscriptions made in all.
    var subscriptionsMade: Int { lock.withLock { made } }

    func send(_ value: Output) { subject.send(value) }
    func send(completion: Subscribers.Completion<Failure>) { subject.send(completion: completion) }

    @usableFromInline
    package func subscribeClosures(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        lock.withLock {
            live += 1
            made += 1
        }
        let token = subject.sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        let isCancelled = Locked(false)
        return AnyCancellable { [self] in
            token.cancel()
            let wasCancelled = isCancelled.withLock { isCancelled in
                defer { isCancelled = true }
                return isCancelled
            }
            guard !wasCancelled else { return }
            lock.withLock { live -= 1 }
        }
    }
}

/// Collects what a subscription receives, on one thread, with the order of values and
/// completion kept in one list.
final class Events<Output, Failure: Error> {
    enum Event {
        case value(Output)
        case finished
        case failure(Failure)
    }

    private(set) var all: [Event] = []
    private(set) var token: AnyCancellable?

    init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        token = publisher.sink(
            receiveCompletion: { [unowned self] completion in
                switch completion {
                case .finished: all.append(.finished)
                case .failure(let error): all.append(.failure(error))
                }
            },
            receiveValue: { [unowned self] in all.append(.value($0)) }
        )
    }

    var values: [Output] {
        all.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }

    var isFinished: Bool {
        if case .finished = all.last { true } else { false }
    }

    var failure: Failure? {
        if case .failure(let error) = all.last { error } else { nil }
    }

    var isCompleted: Bool { isFinished || failure != nil }

    func cancel() { token?.cancel() }
}

// Tests only: these tests send into subjects from several tasks at once. The subjects lock
// internally and may be sent to from any thread, but neither Apple's Combine nor Linux's
// Publishing marks them `Sendable`; a view model's own code would wrap them instead. Linux's
// are declared in this package, where `@retroactive` does not apply.
#if canImport(Combine)
    // swift-format-ignore: AvoidRetroactiveConformances
    extension PassthroughSubject: @retroactive @unchecked Sendable {}
    // swift-format-ignore: AvoidRetroactiveConformances
    extension CurrentValueSubject: @retroactive @unchecked Sendable {}
#else
    // @unchecked: as above, the subjects lock internally.
    extension PassthroughSubject: @unchecked Sendable {}
    // @unchecked: as above, the subjects lock internally.
    extension CurrentValueSubject: @unchecked Sendable {}
#endif

#if canImport(Combine)
    /// Whether `Publishing` is Combine here (Apple platforms, and the imitation of them).
    let publishingIsCombine = true
#else
    let publishingIsCombine = false
#endif
#if APPLE_SIM
    let isAppleImitation = true
#else
    let isAppleImitation = false
#endif

extension Trait where Self == ConditionTrait {
    /// Runs the test only where `Publishing` is this package's implementation (Linux): it
    /// asserts a behaviour the "Differences from Combine" article lists, which Combine, where
    /// `Publishing` is Combine, does not have. The reason is shown, prefixed so that
    /// .ci/apple-sim counts it.
    static func linuxDifference(_ reason: Comment) -> Self {
        .disabled(
            if: publishingIsCombine, Comment(rawValue: "Linux difference: \(reason.rawValue)"))
    }

    /// Skips the test in the imitated Apple configuration only, where the imitation's Combine
    /// (OpenCombine) is known to differ from Apple's; the reason is shown, prefixed so that
    /// .ci/apple-sim counts it.
    static func skippedInAppleImitation(_ reason: Comment) -> Self {
        .disabled(if: isAppleImitation, Comment(rawValue: "apple-sim: \(reason.rawValue)"))
    }
}

/// What a ``RecordingUpstream`` was asked.
enum UpstreamEvent: Equatable {
    case request(Subscribers.Demand)
    case cancel
}

/// A publisher for one subscriber that records what it is asked (requests, cancels); a test
/// sends its events, whatever was asked.
final class RecordingUpstream<Output, Failure: Error>: Publisher {
    final class Recording: Subscription {
        var events: [UpstreamEvent] = []
        func request(_ demand: Subscribers.Demand) { events.append(.request(demand)) }
        func cancel() { events.append(.cancel) }
    }

    let subscription = Recording()
    private var subscriber: AnySubscriber<Output, Failure>?

    var events: [UpstreamEvent] { subscription.events }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: subscription)
    }

    /// Sends `value`, returning the demand the subscriber gave back.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        subscriber?.receive(value) ?? .none
    }

    func send(completion: Subscribers.Completion<Failure>) {
        subscriber?.receive(completion: completion)
    }
}
