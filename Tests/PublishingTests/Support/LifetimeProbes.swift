import Publishing

/// A subscriber that keeps its subscription, as many do until they cancel, and asks for every
/// value: with it, a test sees whether a subscription keeps its subscriber (the two then keep
/// each other until the subscriber lets go).
final class KeepingSubscriber<Input, Failure: Error>: Subscriber {
    var subscription: (any Subscription)?
    private(set) var completions: [Subscribers.Completion<Failure>] = []

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand { .none }

    func receive(completion: Subscribers.Completion<Failure>) {
        completions.append(completion)
    }
}

/// Passes everything to `subscriber`, handing the subscription it gets to `capture` too, so a
/// test can cancel it without the subscriber holding it.
final class CaptureSubscription<Downstream: Subscriber>: Subscriber {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let capture: (any Subscription) -> Void

    init(_ downstream: Downstream, capture: @escaping (any Subscription) -> Void) {
        self.downstream = downstream
        self.capture = capture
    }

    func receive(subscription: any Subscription) {
        capture(subscription)
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(input) }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
