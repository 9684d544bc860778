// A multicast's subscriber asks its subject for values, as in Combine: the subscription it gets
// ("Multicast") passes its demand on to the subject's. Every test here compiles and passes in
// both configurations (.ci/apple-sim runs them against Combine).
import Publishing
import Testing

@Suite("multicast passes demand to its subject")
struct MulticastDemandTests {
    /// A subject that hands each subscriber a recording subscription and keeps the subscriber.
    final class RecordingSubject: Subject {
        typealias Output = Int
        typealias Failure = Never

        let subscription = RecordingUpstream<Int, Never>.Recording()
        var subscriber: AnySubscriber<Int, Never>?

        func send(_ value: Int) {}
        func send(completion: Subscribers.Completion<Never>) {}
        func send(subscription: any Subscription) {}

        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
            self.subscriber = AnySubscriber(subscriber)
            subscriber.receive(subscription: subscription)
        }
    }

    @Test("A subscriber's requests, and the demand its values return, go to the subject")
    func demandGoesToTheSubject() throws {
        let subject = RecordingSubject()
        let multicast = Empty<Int, Never>(completeImmediately: false).multicast(subject: subject)
        let probe = DemandProbe<Int, Never>(initial: .max(2), perValue: .max(1))
        multicast.subscribe(probe)
        #expect(probe.subscription.map { "\($0)" } == "Multicast")
        #expect(subject.subscription.events == [.request(.max(2))])
        let subscriber = try #require(subject.subscriber)
        #expect(subscriber.receive(1) == .none)
        #expect(probe.values == [1])
        #expect(subject.subscription.events == [.request(.max(2)), .request(.max(1))])
        probe.cancel()
        #expect(subject.subscription.events == [.request(.max(2)), .request(.max(1)), .cancel])
        #expect(subscriber.receive(2) == .none)
        #expect(probe.values == [1])
    }

    @Test("Through a passthrough subject, what a subscriber has not asked for is dropped")
    func passthroughDropsWhatWasNotAskedFor() {
        let upstream = PassthroughSubject<Int, Never>()
        let multicast = upstream.multicast(subject: PassthroughSubject())
        let probe = DemandProbe<Int, Never>(initial: .max(2))
        multicast.subscribe(probe)
        let connection = multicast.connect()
        for value in 1...4 { upstream.send(value) }
        upstream.send(completion: .finished)
        #expect(probe.values == [1, 2])
        // The completion needs no demand: nothing held back stands before it.
        #expect(probe.completions == [.finished])
        probe.request(.max(2))
        #expect(probe.values == [1, 2])
        connection.cancel()
    }
}
