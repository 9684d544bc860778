// Demand through delay and receive(on:), asserted the same way in both configurations
// (.ci/apple-sim runs this suite against Combine): a request goes to the upstream at once, each
// value delivered on the scheduler asks the upstream for the demand its delivery returned, and a
// subject drops what nobody asked for.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("Demand through delay and receive(on:), as Combine passes it", .untilTimeout(.seconds(30)))
struct ScheduledDemandTests {
    /// The two operators, each applied with the test scheduler.
    enum Operator: String, CaseIterable, CustomTestStringConvertible {
        case delay
        case receiveOn

        var testDescription: String { rawValue }

        /// How long a delivery waits after its event.
        static let interval = 10

        func apply<Upstream: Publisher>(
            to upstream: Upstream, on scheduler: TestSchedulerOf<DispatchQueue>
        ) -> AnyPublisher<Upstream.Output, Upstream.Failure> {
            switch self {
            case .delay:
                upstream.delay(for: .milliseconds(Self.interval), scheduler: scheduler)
                    .eraseToAnyPublisher()
            case .receiveOn:
                upstream.receive(on: scheduler).eraseToAnyPublisher()
            }
        }
    }

    /// Runs every delivery due by now and by the delay's interval.
    private func deliver(_ scheduler: TestSchedulerOf<DispatchQueue>) {
        scheduler.advance(by: .milliseconds(Operator.interval))
    }

    @Test("A subject's values beyond the demand are dropped", arguments: Operator.allCases)
    func subjectDropsBeyondDemand(_ kind: Operator) {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        kind.apply(to: subject, on: scheduler).subscribe(subscriber)
        // The subscription reaches the subscriber at once, not on the scheduler.
        #expect(subscriber.subscription != nil)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        deliver(scheduler)
        #expect(subscriber.values == [1])
        subscriber.subscription?.request(.max(1))
        deliver(scheduler)
        #expect(subscriber.values == [1])
        subject.send(4)
        subject.send(5)
        deliver(scheduler)
        #expect(subscriber.values == [1, 4])
    }

    @Test(
        "A request goes upstream at once; a delivery's extra demand is asked for after it",
        arguments: Operator.allCases)
    func extraDemandGoesUpstream(_ kind: Operator) {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = PacedSubscriber<Int>(initial: .max(1), perValue: .max(2))
        kind.apply(
            to: subject.handleEvents(receiveRequest: { requests.append($0) }), on: scheduler
        ).subscribe(subscriber)
        #expect(requests == [.max(1)])
        subject.send(1)
        #expect(requests == [.max(1)])
        deliver(scheduler)
        #expect(subscriber.values == [1])
        #expect(requests == [.max(1), .max(2)])
        subject.send(2)
        subject.send(3)
        subject.send(4)  // the two asked for are sent: the subject drops this one
        deliver(scheduler)
        #expect(subscriber.values == [1, 2, 3])
        #expect(requests == [.max(1), .max(2), .max(2), .max(2)])
        subscriber.subscription?.request(.max(3))
        #expect(requests == [.max(1), .max(2), .max(2), .max(2), .max(3)])
    }

    @Test("The completion goes through without demand", arguments: Operator.allCases)
    func completionNeedsNoDemand(_ kind: Operator) {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = PacedSubscriber<Int>(initial: .none)
        kind.apply(to: subject, on: scheduler).subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(subscriber.completions == 0)
        deliver(scheduler)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == 1)
    }

    @Test("A value asked for is delivered before the completion", arguments: Operator.allCases)
    func valueThenCompletion(_ kind: Operator) {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        kind.apply(to: subject, on: scheduler).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        deliver(scheduler)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == 1)
    }

    @Test("A cancel before a scheduled delivery delivers nothing", arguments: Operator.allCases)
    func cancelBeforeDelivery(_ kind: Operator) {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        var cancels = 0
        let subscriber = PacedSubscriber<Int>(initial: .unlimited)
        kind.apply(
            to: subject.handleEvents(receiveCancel: { cancels += 1 }), on: scheduler
        ).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subscriber.subscription?.cancel()
        #expect(cancels == 1)
        deliver(scheduler)
        subject.send(3)
        deliver(scheduler)
        #expect(subscriber.values.isEmpty)
    }

    @Test("A sequence waits for demand: one value at a time", arguments: Operator.allCases)
    func sequenceWaitsForDemand(_ kind: Operator) {
        let scheduler = DispatchQueue.test
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        kind.apply(to: [1, 2, 3].publisher, on: scheduler).subscribe(subscriber)
        deliver(scheduler)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == 0)
        subscriber.subscription?.request(.max(5))
        deliver(scheduler)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == 1)
    }

    @Test("An endless sequence on a real queue is asked for only what values takes")
    func endlessSequenceOnAQueue() async {
        let queue = DispatchQueue(label: "ScheduledDemandTests")
        var taken: [Int] = []
        // Erased: Combine's Sequence publisher has operators of its own.
        let endless = (1...).publisher.eraseToAnyPublisher()
        for await value in endless.receive(on: queue).delay(for: .milliseconds(1), scheduler: queue)
            .values
        {
            taken.append(value)
            if taken.count == 5 { break }
        }
        #expect(taken == [1, 2, 3, 4, 5])
    }

    @Test(
        "Sends from several threads, deliveries on a queue, one value asked for at a time",
        arguments: Operator.allCases)
    func concurrentSends(_ kind: Operator) {
        let queue = DispatchQueue(label: "ScheduledDemandTests.concurrentSends")
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = LockedPacedSubscriber()
        switch kind {
        case .delay: subject.delay(for: .microseconds(10), scheduler: queue).subscribe(subscriber)
        case .receiveOn: subject.receive(on: queue).subscribe(subscriber)
        }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<200 { subject.send(thread * 1000 + value) }
        }
        subject.send(completion: .finished)
        #expect(subscriber.finished.wait(timeout: .now() + 10) == .success)
        let values = subscriber.values
        #expect(!values.isEmpty)
        #expect(Set(values).count == values.count)
        if kind == .receiveOn {
            // One thread's sends are scheduled in order, on a serial queue.
            for thread in 0..<4 {
                let own = values.filter { $0 / 1000 == thread }
                #expect(own == own.sorted())
            }
        }
    }
}

/// Asks for one value at a time, from whichever thread delivers, and signals its completion.
// @unchecked: `storedValues` and `completions` are only touched while holding `lock`.
private final class LockedPacedSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    private let lock = NSLock()
    private var storedValues: [Int] = []
    private var completions = 0
    /// Signalled on the completion.
    let finished = DispatchSemaphore(value: 0)

    var values: [Int] { lock.withLock { storedValues } }

    func receive(subscription: any Subscription) {
        subscription.request(.max(1))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        lock.withLock { storedValues.append(input) }
        return .max(1)
    }

    func receive(completion: Subscribers.Completion<Never>) {
        let isFirst = lock.withLock {
            completions += 1
            return completions == 1
        }
        if isFirst { finished.signal() }
    }
}
