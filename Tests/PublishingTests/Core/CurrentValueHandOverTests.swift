// A CurrentValueSubject's subscription is in the subject before its subscriber receives it, as
// Combine's: a request made in `receive(subscription:)` is answered with the current value at
// once, inside the request, even when that subscriber subscribes again from there.
// OpenCombine's CurrentValueSubjectTests.testMultipleSubscriptions, run against Apple's Combine,
// records it.
import Publishing
import Testing

/// Asks for `demand` in `receive(subscription:)` before noting the subscription, so a value
/// sent inside the request comes first in `events`; subscribes to `subject` again from there
/// until it has `subscriptions` subscriptions.
private final class RecursiveSubscriber: Subscriber {
    let combineIdentifier = CombineIdentifier()
    let subject: CurrentValueSubject<Int, Never>
    let subscriptions: Int
    let demand: Subscribers.Demand
    /// Sent to the subject in `receive(subscription:)`, before the request, if set.
    let sentBeforeRequest: Int?
    var received: [any Subscription] = []
    var events: [String] = []

    init(
        _ subject: CurrentValueSubject<Int, Never>, subscriptions: Int,
        demand: Subscribers.Demand = .unlimited, sendingBeforeRequest sent: Int? = nil
    ) {
        self.subject = subject
        self.subscriptions = subscriptions
        self.demand = demand
        sentBeforeRequest = sent
    }

    func receive(subscription: any Subscription) {
        if let sentBeforeRequest { subject.send(sentBeforeRequest) }
        subscription.request(demand)
        received.append(subscription)
        events.append("subscription")
        if received.count < subscriptions { subject.subscribe(self) }
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        events.append("value \(input)")
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {
        events.append("completion")
    }
}

@Suite("A CurrentValueSubject answers a request made in receive(subscription:) at once")
struct CurrentValueHandOverTests {
    @Test("The current value comes inside the request, before the subscription is noted")
    func currentValueInsideTheRequest() {
        let subject = CurrentValueSubject<Int, Never>(112)
        let subscriber = RecursiveSubscriber(subject, subscriptions: 3)
        subject.subscribe(subscriber)
        #expect(
            subscriber.events == [
                "value 112", "subscription", "value 112", "subscription", "value 112",
                "subscription",
            ])
        // Each subscription stays in the subject: a new value reaches every one.
        subject.value = 200
        #expect(subscriber.events.suffix(3) == ["value 200", "value 200", "value 200"])
        subscriber.received.first?.cancel()
        subject.send(300)
        #expect(subscriber.events.suffix(2) == ["value 300", "value 300"])
    }

    @Test("A value sent before the request replaces the current one; the demand stays owed")
    func valueSentBeforeTheRequest() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = RecursiveSubscriber(
            subject, subscriptions: 1, demand: .max(2), sendingBeforeRequest: 5)
        subject.subscribe(subscriber)
        #expect(subscriber.events == ["value 5", "subscription"])
        subject.send(6)
        subject.send(7)
        #expect(subscriber.events == ["value 5", "subscription", "value 6"])
        subject.send(completion: .finished)
        #expect(subscriber.events.last == "completion")
    }
}
