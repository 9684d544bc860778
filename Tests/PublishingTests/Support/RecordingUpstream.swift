import Publishing

/// What a ``RecordingUpstream`` was asked.
enum UpstreamEvent: Equatable {
    case request(Subscribers.Demand)
    case cancel
}

/// A publisher for one subscriber that records what it is asked (requests, cancels) and the
/// demand each value's delivery returned; a test sends its events, whatever was asked. Made with
/// `subscribesAtOnce: false`, it gives its subscriber the subscription only at
/// ``sendSubscription()``, as a publisher that subscribes on another queue does.
final class RecordingUpstream<Output, Failure: Error>: Publisher {
    final class Recording: Subscription {
        var events: [UpstreamEvent] = []
        func request(_ demand: Subscribers.Demand) { events.append(.request(demand)) }
        func cancel() { events.append(.cancel) }
    }

    let subscription = Recording()
    private let subscribesAtOnce: Bool
    private var subscriber: AnySubscriber<Output, Failure>?
    /// The subscriber itself, not erased, to see what else it is: Combine's reducing operators'
    /// is also the subscription their own subscriber gets.
    private(set) var subscriberObject: (any Subscriber)?
    /// The subscriber as the operator gave it, unwrapped: what it calls and shows itself.
    private(set) var receivedSubscriber: Any?
    /// What each `send(_:)` got back from the subscriber, in order.
    private(set) var returnedDemands: [Subscribers.Demand] = []

    var events: [UpstreamEvent] { subscription.events }

    /// The demands asked for, in order, without the cancels.
    var requests: [Subscribers.Demand] {
        events.compactMap { if case .request(let demand) = $0 { demand } else { nil } }
    }

    var isCancelled: Bool { events.contains(.cancel) }

    init(subscribesAtOnce: Bool = true) {
        self.subscribesAtOnce = subscribesAtOnce
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
        subscriberObject = subscriber
        receivedSubscriber = subscriber
        if subscribesAtOnce { subscriber.receive(subscription: subscription) }
    }

    /// Gives the subscriber its subscription, late.
    func sendSubscription() {
        subscriber?.receive(subscription: subscription)
    }

    /// Sends `value`, returning the demand the subscriber gave back.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        guard let subscriber else { return .none }
        let demand = subscriber.receive(value)
        returnedDemands.append(demand)
        return demand
    }

    func send(completion: Subscribers.Completion<Failure>) {
        subscriber?.receive(completion: completion)
    }
}
