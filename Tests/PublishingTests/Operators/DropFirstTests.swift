// dropFirst, as Combine's: its subscriber is handed the subscription before the upstream is
// subscribed to; what it asks for meanwhile, and the values to drop, are asked of the upstream's
// subscription in one request when it comes; every event after the dropped values passes through
// as it comes. OpenCombine's DropTests, run against Apple's Combine, show each. Every test here
// compiles and passes in both configurations (.ci/apple-sim runs them against Combine).
import Publishing
import Testing

@Suite("dropFirst: its subscription, and what it asks of its upstream")
struct DropFirstTests {
    @Test("The subscriber is handed the subscription before the upstream's comes")
    func subscriptionBeforeTheUpstreams() {
        let upstream = RecordingUpstream<Int, Never>(subscribesAtOnce: false)
        let subscriber = DemandProbe<Int, Never>(initial: .max(10))
        upstream.dropFirst(4).subscribe(subscriber)
        #expect(subscriber.subscription != nil)
        #expect(upstream.events.isEmpty)
        upstream.sendSubscription()
        #expect(upstream.requests == [.max(14)])
    }

    @Test("Dropped values ask for nothing; the rest return the subscriber's demand")
    func droppedValuesAskNothing() {
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(42), perValue: .max(3))
        upstream.dropFirst(2).subscribe(subscriber)
        #expect(upstream.requests == [.max(44)])
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        #expect(upstream.send(3) == .max(3))
        #expect(subscriber.values == [3])
        upstream.send(completion: .finished)
        #expect(subscriber.completions == [.finished])
    }

    @Test(
        "After a completion, a cancel or a request reaches no upstream; a later subscription is taken"
    )
    func laterSubscriptionIsTaken() {
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        upstream.dropFirst(3).subscribe(subscriber)
        #expect(upstream.requests == [.max(3)])
        upstream.send(completion: .finished)
        subscriber.cancel()
        subscriber.request(.max(312))
        subscriber.request(.max(100))
        #expect(upstream.events == [.request(.max(3))])
        upstream.send(1)
        upstream.send(2)
        let second = RecordingUpstream<Int, Never>.Recording()
        upstream.subscriberObject?.receive(subscription: second)
        // What was asked meanwhile, and the one value still to drop.
        #expect(second.events == [.request(.max(413))])
    }
}
