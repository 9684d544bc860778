// replaceEmpty(with:), as Combine's: it asks its upstream for every value once subscribed (the
// subscriber's requests go to it too), sends the replacement at the subscriber's first request
// when the upstream finished empty before it, and ignores a second completion. OpenCombine's
// ReplaceEmptyTests, run against Apple's Combine, show each. Every test here compiles and passes
// in both configurations (.ci/apple-sim runs them against Combine).
import Publishing
import Testing

@Suite("replaceEmpty: what it asks of its upstream, and when it replaces")
struct ReplaceEmptyTests {
    @Test("replaceEmpty asks its upstream for every value, and passes the subscriber's requests on")
    func asksForEveryValue() {
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(2), perValue: .max(4))
        upstream.replaceEmpty(with: 0).subscribe(subscriber)
        #expect(upstream.requests == [.max(2), .unlimited])
        #expect(upstream.send(1) == .max(4))
        subscriber.request(.max(5))
        #expect(upstream.requests == [.max(2), .unlimited, .max(5)])
        upstream.send(completion: .finished)
        upstream.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
    }

    @Test("An empty upstream's finish waits for the subscriber's first request, then replaces")
    func replacementWaitsForARequest() {
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        upstream.replaceEmpty(with: 9).subscribe(subscriber)
        upstream.send(completion: .finished)
        #expect(subscriber.completions.isEmpty)
        subscriber.request(.max(1))
        #expect(subscriber.values == [9])
        #expect(subscriber.completions == [.finished])
    }

    @Test("A cancel before the upstream's subscription leaves it to come, and asks it")
    func cancelBeforeSubscription() {
        let upstream = RecordingUpstream<Int, Never>(subscribesAtOnce: false)
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        let replacing = upstream.replaceEmpty(with: 9)
        replacing.subscribe(subscriber)
        // The subscriber has nothing yet: the cancel goes through the operator's subscriber.
        (upstream.subscriberObject as? any Subscription)?.cancel()
        upstream.sendSubscription()
        #expect(upstream.events == [.request(.unlimited)])
        #expect(subscriber.subscription != nil)
    }

    @Test("A second subscription is cancelled, and a cancel after the first asks nothing more")
    func secondSubscriptionAndCancel() {
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.replaceEmpty(with: 9).subscribe(subscriber)
        let second = RecordingUpstream<Int, Never>.Recording()
        upstream.subscriberObject?.receive(subscription: second)
        #expect(second.events == [.cancel])
        subscriber.cancel()
        subscriber.request(.max(1))
        subscriber.cancel()
        #expect(upstream.events == [.request(.unlimited), .request(.unlimited), .cancel])
    }
}
