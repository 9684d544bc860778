// ignoreOutput() at the edges of Combine's protocol: its subscriber gets the upstream's own
// subscription, and every subscription and completion the upstream sends is passed on. The
// evidence is OpenCombine's IgnoreOutputTests, which OpenCombine's CI also runs against Apple's
// Combine. Every test here passes in both configurations.
import Publishing
import Testing

@Suite("ignoreOutput passes its upstream's subscription and completions on, as Combine's does")
struct IgnoreOutputTests {
    @Test("Its subscriber gets the upstream's own subscription, asked for every value after")
    func handsOverTheUpstreamsSubscription() throws {
        let upstream = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<Never, TestError>(initial: .max(42))
        upstream.ignoreOutput().subscribe(probe)
        let subscription = try #require(probe.subscription)
        #expect(subscription.combineIdentifier == upstream.subscription.combineIdentifier)
        #expect(upstream.events == [.request(.max(42)), .request(.unlimited)])
        #expect(upstream.send(1) == .none)
        probe.request(.max(5))
        probe.cancel()
        #expect(
            upstream.events == [
                .request(.max(42)), .request(.unlimited), .request(.max(5)), .cancel,
            ])
    }

    @Test("Its subscriber is no subscription, describes itself as IgnoreOutput, has no children")
    func reflection() throws {
        let upstream = RecordingUpstream<Int, TestError>()
        upstream.ignoreOutput().subscribe(DemandProbe<Never, TestError>(initial: .none))
        let subscriber = try #require(upstream.subscriberObject)
        #expect(!(subscriber is any Subscription))
        #expect(String(describing: subscriber) == "IgnoreOutput")
        #expect(Mirror(reflecting: subscriber).children.isEmpty)
        let playground =
            (subscriber as? any CustomPlaygroundDisplayConvertible)?
            .playgroundDescription as? String
        #expect(playground == "IgnoreOutput")
    }

    @Test("Every completion is passed on: one before the subscription, and one after another")
    func completionsPassThrough() {
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let probe = DemandProbe<Never, TestError>(initial: .none)
        upstream.ignoreOutput().subscribe(probe)
        upstream.send(completion: .finished)
        #expect(probe.completions.count == 1)
        #expect(probe.subscription == nil)
        upstream.sendSubscription()
        upstream.send(completion: .failure(TestError()))
        #expect(probe.completions.count == 2)
        if case .failure = probe.completions.last {} else { Issue.record("\(probe.completions)") }
    }

    @Test("A second subscription is passed on too, and asked for every value")
    func secondSubscriptionPassesThrough() throws {
        let upstream = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<Never, TestError>(initial: .none)
        upstream.ignoreOutput().subscribe(probe)
        let second = RecordingUpstream<Int, TestError>.Recording()
        try #require(upstream.subscriberObject).receive(subscription: second)
        #expect(second.events == [.request(.unlimited)])
        // The subscriber gets it as it got the first.
        #expect(probe.subscription?.combineIdentifier == second.combineIdentifier)
        #expect(upstream.events == [.request(.unlimited)])
    }
}
