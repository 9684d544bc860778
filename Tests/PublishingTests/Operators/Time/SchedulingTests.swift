// The operators that deliver on a scheduler: delay, receive(on:) and subscribe(on:). A request
// goes to the upstream at once, each value delivered on the scheduler asks the upstream for the
// demand its delivery returned, and a subject drops what nobody asked for. Every test here
// compiles and passes in both configurations (.ci/apple-sim runs them against Combine) unless it
// says otherwise.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite(
    "delay, receive(on:) and subscribe(on:): deliveries on a scheduler, demand through them",
    .untilTimeout(.seconds(30)))
struct SchedulingTests {
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
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
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
        let subscriber = DemandProbe<Int, Never>(initial: .max(1), perValue: .max(2))
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
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        kind.apply(to: subject, on: scheduler).subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(subscriber.completions.count == 0)
        deliver(scheduler)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.count == 1)
    }

    @Test("A value asked for is delivered before the completion", arguments: Operator.allCases)
    func valueThenCompletion(_ kind: Operator) {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        kind.apply(to: subject, on: scheduler).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        deliver(scheduler)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.count == 1)
    }

    @Test("A cancel before a scheduled delivery delivers nothing", arguments: Operator.allCases)
    func cancelBeforeDelivery(_ kind: Operator) {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        var cancels = 0
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
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
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        kind.apply(to: [1, 2, 3].publisher, on: scheduler).subscribe(subscriber)
        deliver(scheduler)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.count == 0)
        subscriber.subscription?.request(.max(5))
        deliver(scheduler)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions.count == 1)
    }

    @Test("An endless sequence on a real queue is asked for only what values takes")
    func endlessSequenceOnAQueue() async {
        let queue = DispatchQueue(label: "SchedulingTests")
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
        let queue = DispatchQueue(label: "SchedulingTests.concurrentSends")
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = LockedDemandProbe()
        switch kind {
        case .delay: subject.delay(for: .microseconds(10), scheduler: queue).subscribe(subscriber)
        case .receiveOn: subject.receive(on: queue).subscribe(subscriber)
        }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<200 { subject.send(thread * 1000 + value) }
        }
        subject.send(completion: .finished)
        // A bound only a hang reaches, however loaded the machine.
        #expect(subscriber.finished.wait(timeout: .now() + 120) == .success)
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

    @Test("receive(on:) a serial queue delivers every value there, in order")
    func receiveOnSerialQueue() async {
        let queue = DispatchQueue(label: "SchedulingTests.serial")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let subject = PassthroughSubject<Int, Never>()
        let onQueue = Locked<[Bool]>([])
        let recorder = subject.receive(on: queue)
            .map { value in
                onQueue.withLock { $0.append(DispatchQueue.getSpecific(key: key) == true) }
                return value
            }
            .record()
        for value in 1...5 { subject.send(value) }
        await until(recorder, emits: [1, 2, 3, 4, 5])
        #expect(onQueue.withLock { $0 } == Array(repeating: true, count: 5))
    }

    @Test("subscribe(on:) subscribes and asks on its scheduler; a subject drops what is not asked")
    func subscribeOnPassesDemand() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        subject.handleEvents(receiveRequest: { requests.append($0) }).subscribe(on: scheduler)
            .subscribe(subscriber)
        #expect(subscriber.subscription == nil)
        scheduler.advance(by: .milliseconds(0))
        #expect(requests == [.max(1)])
        subject.send(1)
        subject.send(2)  // nothing asked for: the subject drops it
        #expect(subscriber.values == [1])
        subscriber.subscription?.request(.max(1))
        #expect(requests == [.max(1)])
        scheduler.advance(by: .milliseconds(0))
        #expect(requests == [.max(1), .max(1)])
        subject.send(3)
        #expect(subscriber.values == [1, 3])
    }

    @Test("subscribe(on:) under a sink cancels its upstream on the scheduler, delivering nothing")
    func subscribeOnSinkCancelIsScheduled() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        var cancels = 0
        var values: [Int] = []
        let token = subject.handleEvents(receiveCancel: { cancels += 1 })
            .subscribe(on: scheduler)
            .sink { values.append($0) }
        scheduler.advance()
        subject.send(1)
        token.cancel()
        // Combine cancels the upstream as work on the scheduler (OpenCombine's
        // SubscribeOnTests.testCancelImmediatelyAfterRequest, run against Apple's Combine too);
        // nothing is delivered meanwhile.
        #expect(cancels == 0)
        #expect(scheduler.pendingCount == 1)
        subject.send(2)
        scheduler.advance()
        #expect(cancels == 1)
        #expect(values == [1])
        #expect(scheduler.pendingCount == 0)
    }
}
