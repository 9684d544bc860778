// What delay, receive(on:) and subscribe(on:) keep alive, and what their scheduled work still
// does after a cancel. Combine's inner object holds its subscriber for as long as it lives, and
// each piece of scheduled work holds the inner object; a completion scheduled before a cancel is
// still delivered, a value is not (OpenCombine's DelayTests, ReceiveOnTests and SubscribeOnTests
// testStrongCaptureWhenScheduling*, run against Apple's Combine too). Every test here compiles
// and passes in both configurations.
import Dispatch
import ObservationTesting
import Publishing
import Testing

@Suite("delay, receive(on:) and subscribe(on:): what scheduled work keeps, and does after a cancel")
struct SchedulingLifetimeTests {
    typealias Operator = SchedulingTests.Operator

    /// A subscriber that asks for every value and keeps nothing but what it was sent, so that
    /// only the operator can keep it alive.
    private final class Unholding: Subscriber {
        typealias Input = Int
        typealias Failure = Never

        let received: Locked<[String]>

        init(into received: Locked<[String]>) {
            self.received = received
        }

        func receive(subscription: any Subscription) {
            subscription.request(.unlimited)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            received.withLock { $0.append("\(input)") }
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {
            received.withLock { $0.append("finished") }
        }
    }

    /// An ``Unholding`` subscriber attached through one operator, which alone keeps it: the test
    /// holds the subscription, to cancel it, and sees the subscriber go through a weak reference.
    private final class Attachment {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let received = Locked<[String]>([])
        weak var subscriber: Unholding?
        private var subscription: (any Subscription)?

        init(through kind: Operator) {
            let subscriber = Unholding(into: received)
            self.subscriber = subscriber
            let capture = CaptureSubscription(subscriber) { [weak self] in
                self?.subscription = $0
            }
            kind.apply(to: subject, on: scheduler).subscribe(capture)
        }

        /// Cancels the subscription and lets go of it.
        func cancel() {
            subscription?.cancel()
            subscription = nil
        }
    }

    @Test(
        "A value scheduled before a cancel is not delivered; its work keeps the subscriber until it runs",
        arguments: Operator.allCases)
    func valueScheduledBeforeCancel(_ kind: Operator) {
        let attached = Attachment(through: kind)
        attached.subject.send(1)
        attached.cancel()
        #expect(attached.subscriber != nil)
        attached.scheduler.advance(by: .milliseconds(Operator.interval))
        #expect(attached.received.withLock { $0 }.isEmpty)
        #expect(attached.subscriber == nil)
    }

    @Test(
        "A completion scheduled before a cancel is still delivered", arguments: Operator.allCases)
    func completionScheduledBeforeCancel(_ kind: Operator) {
        let attached = Attachment(through: kind)
        attached.subject.send(1)
        attached.subject.send(completion: .finished)
        // The upstream has ended: the cancel ends nothing, and what was scheduled goes out.
        attached.cancel()
        #expect(attached.received.withLock { $0 }.isEmpty)
        attached.scheduler.advance(by: .milliseconds(Operator.interval))
        #expect(attached.received.withLock { $0 } == ["1", "finished"])
        #expect(attached.subscriber == nil)
    }

    @Test(
        "A subscriber that keeps its subscription is kept by it after the stream ends",
        arguments: Operator.allCases)
    func subscriberKeptAfterTheEnd(_ kind: Operator) {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        weak var released: KeepingSubscriber<Int, Never>?
        do {
            let subscriber = KeepingSubscriber<Int, Never>()
            released = subscriber
            kind.apply(to: subject, on: scheduler).subscribe(subscriber)
        }
        subject.send(completion: .finished)
        scheduler.advance(by: .milliseconds(Operator.interval))
        // Combine's inner object holds its subscriber for its whole life: the two keep each other
        // until the subscriber lets its subscription go.
        #expect(released != nil)
        released?.subscription = nil
        #expect(released == nil)
    }

    @Test("subscribe(on:): a request and a cancel, scheduled, keep the subscriber until they run")
    func subscribeOnScheduledWorkKeepsTheSubscriber() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let asked = Locked<[UpstreamEvent]>([])
        let received = Locked<[String]>([])
        weak var released: Unholding?
        var subscription: (any Subscription)?
        do {
            let subscriber = Unholding(into: received)
            released = subscriber
            let capture = CaptureSubscription(subscriber) { subscription = $0 }
            subject.handleEvents(
                receiveCancel: { asked.withLock { $0.append(.cancel) } },
                receiveRequest: { demand in asked.withLock { $0.append(.request(demand)) } }
            )
            .subscribe(on: scheduler).subscribe(capture)
        }
        scheduler.advance()
        #expect(asked.withLock { $0 } == [.request(.unlimited)])
        subscription?.request(.max(1))
        subscription?.cancel()
        subscription = nil
        #expect(asked.withLock { $0 } == [.request(.unlimited)])
        #expect(released != nil)
        scheduler.advance()
        #expect(asked.withLock { $0 } == [.request(.unlimited), .request(.max(1)), .cancel])
        #expect(released == nil)
    }
}
