// A subject fed by a publisher (`subscribe(_:)` with a subject, `AnySubscriber(subject)`): as in
// Combine, the subject receives a subscription of its own and asks through it for values. Every
// test here compiles and passes in both configurations (.ci/apple-sim runs them against
// Combine).
import Publishing
import Testing

@Suite("A subject fed by a publisher")
struct SubjectSubscriberTests {
    /// A subject that records what it is sent and asks its subscription for one value.
    final class AskingSubject: Subject {
        typealias Output = Int
        typealias Failure = Never

        var subscriptions: [any Subscription] = []
        var values: [Int] = []
        var completions = 0

        func send(subscription: any Subscription) {
            subscriptions.append(subscription)
            subscription.request(.max(1))
        }

        func send(_ value: Int) { values.append(value) }

        func send(completion: Subscribers.Completion<Never>) { completions += 1 }

        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {}
    }

    @Test("subscribe(subject) hands the subject a \"Subject\" subscription, and its demand goes up")
    func subjectAsksThroughItsSubscription() {
        let upstream = RecordingUpstream<Int, Never>()
        let subject = AskingSubject()
        let token = upstream.subscribe(subject)
        #expect(subject.subscriptions.count == 1)
        #expect(subject.subscriptions.map { "\($0)" } == ["Subject"])
        #expect(upstream.events == [.request(.max(1))])
        #expect(upstream.send(1) == .none)
        #expect(subject.values == [1])
        subject.subscriptions.first?.request(.max(2))
        #expect(upstream.events == [.request(.max(1)), .request(.max(2))])
        token.cancel()
        #expect(upstream.events == [.request(.max(1)), .request(.max(2)), .cancel])
        upstream.send(2)
        #expect(subject.values == [1])
    }

    @Test("The subject gets the completion once, and nothing after it")
    func completionEndsTheFeed() {
        let upstream = RecordingUpstream<Int, Never>()
        let subject = AskingSubject()
        let token = upstream.subscribe(subject)
        upstream.send(completion: .finished)
        upstream.send(completion: .finished)
        upstream.send(3)
        #expect(subject.completions == 1)
        #expect(subject.values.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test(
        "AnySubscriber(subject) wraps Combine's SubjectSubscriber, which waits for a subscription")
    func anySubscriberOfASubject() {
        let subject = AskingSubject()
        let erased = AnySubscriber(subject)
        #expect(erased.description == "Subject")
        let mirrored = String(describing: Mirror(reflecting: erased).subjectType)
        #expect(mirrored.hasPrefix("SubjectSubscriber<"))
        #expect(erased.receive(1) == .none)
        #expect(subject.values.isEmpty)
        let upstream = RecordingUpstream<Int, Never>()
        upstream.subscribe(erased)
        upstream.send(2)
        #expect(subject.values == [2])
    }
}
