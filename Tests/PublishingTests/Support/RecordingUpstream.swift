import Publishing

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
