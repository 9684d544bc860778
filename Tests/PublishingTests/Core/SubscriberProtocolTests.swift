// Combine's protocol, written from Apple's documentation: a publisher with its own
// subscription, a subscriber that asks for values a few at a time, and the demand arithmetic
// between them. The same file compiles and passes in both configurations, so code like this
// moves between Linux and Apple platforms unchanged.
import ObservationTesting
import Publishing
import Testing

/// Counts down from `start` to 1, sending only as many values as were requested.
struct Countdown: Publisher {
    typealias Output = Int
    typealias Failure = Never

    let start: Int

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subscriber.receive(subscription: CountdownSubscription(next: start, subscriber: subscriber))
    }
}

final class CountdownSubscription<S: Subscriber>: Subscription
where S.Input == Int, S.Failure == Never {
    private var next: Int
    private var subscriber: S?
    private var demand = Subscribers.Demand.none
    private var isSending = false

    init(next: Int, subscriber: S) {
        self.next = next
        self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {
        self.demand += demand
        // A request made from inside `receive(_:)` is added to the demand the loop below uses.
        guard !isSending else { return }
        isSending = true
        defer { isSending = false }
        while let subscriber, self.demand > 0, next > 0 {
            self.demand -= 1
            let value = next
            next -= 1
            self.demand += subscriber.receive(value)
        }
        if next == 0, let subscriber {
            self.subscriber = nil
            subscriber.receive(completion: .finished)
        }
    }

    func cancel() {
        subscriber = nil
    }
}

@Suite("Combine's protocol: publishers, subscribers, demand", .untilTimeout(.seconds(30)))
struct SubscriberProtocolTests {
    @Test("A hand-written publisher works with operators, sink and the package's waits")
    func handWrittenPublisher() async {
        var seen: [Int] = []
        var finished = false
        let token = Countdown(start: 3).map { $0 * 10 }.sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { seen.append($0) })
        #expect(seen == [30, 20, 10])
        #expect(finished)
        token.cancel()

        await until(Countdown(start: 3), emits: [3, 2, 1])
        await until(Countdown(start: 5).filter { $0.isMultiple(of: 2) }, emits: [4, 2])
    }

    @Test("A hand-written publisher sends only what was requested")
    func handWrittenPublisherHonoursDemand() {
        let subscriber = DemandProbe<Int, Never>(initial: .max(2))
        Countdown(start: 5).subscribe(subscriber)
        #expect(subscriber.values == [5, 4])
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [5, 4, 3])
        subscriber.subscription?.request(.unlimited)
        #expect(subscriber.values == [5, 4, 3, 2, 1])
        #expect(subscriber.completions.count == 1)
    }

    @Test("A sequence's publisher sends only what was requested, then finishes")
    func sequenceHonoursDemand() {
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        [1, 2, 3].publisher.subscribe(subscriber)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.count == 0)
        subscriber.subscription?.request(.max(5))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions.count == 1)
    }

    @Test("Demand returned from receive(_:) adds to the demand requested")
    func demandFromReceive() {
        let subscriber = DemandProbe<Int, Never>(initial: .max(1), perValue: .max(1))
        [1, 2, 3].publisher.map { $0 + 1 }.subscribe(subscriber)
        #expect(subscriber.values == [2, 3, 4])
        #expect(subscriber.completions.count == 1)
    }

    @Test("prefix, first and output(at:) cut an endless sequence short")
    func endlessSequenceCutShort() {
        var seen: [Int] = []
        var finished = 0
        let tokens = [
            (1...).publisher.prefix(3).sink(
                receiveCompletion: { _ in finished += 1 }, receiveValue: { seen.append($0) }),
            (1...).publisher.first().sink(
                receiveCompletion: { _ in finished += 1 }, receiveValue: { seen.append($0) }),
            (1...).publisher.output(at: 4).sink(
                receiveCompletion: { _ in finished += 1 }, receiveValue: { seen.append($0) }),
            (1...).publisher.prefix(while: { $0 < 3 }).sink(
                receiveCompletion: { _ in finished += 1 }, receiveValue: { seen.append($0) }),
        ]
        #expect(seen == [1, 2, 3, 1, 5, 1, 2])
        #expect(finished == 4)
        withExtendedLifetime(tokens) {}
    }

    @Test("A lazy sequence is read one element ahead of what is sent, as Combine reads it")
    func sequenceReadsOneAhead() {
        final class Reads {
            var count = 0
        }
        // Each element read is counted: the side effect a lazy sequence's closure may have.
        func counted(_ reads: Reads) -> LazyMapSequence<PartialRangeFrom<Int>, Int> {
            (1...).lazy.map {
                reads.count += 1
                return $0
            }
        }
        // The sequence's own prefix(_:) stops reading at its end.
        let own = Reads()
        var values: [Int] = []
        let ownToken = counted(own).publisher.prefix(3).sink { values.append($0) }
        #expect(values == [1, 2, 3])
        #expect(own.count == 3)
        // Publishers.Output finishes on the value after its range (the 4th), and the sequence
        // has read the element after that one before sending it.
        let generic = Reads()
        let genericToken = counted(generic).publisher.eraseToAnyPublisher().prefix(3)
            .sink { values.append($0) }
        #expect(values == [1, 2, 3, 1, 2, 3])
        #expect(generic.count == 5)
        // Asked for three, the sequence has read one more, and sends nothing past the demand.
        let asked = Reads()
        let subscriber = DemandProbe<Int, Never>(initial: .max(3))
        counted(asked).publisher.eraseToAnyPublisher().prefix(3).subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions.count == 0)
        #expect(asked.count == 4)
        withExtendedLifetime((ownToken, genericToken)) {}
    }

    @Test("output(at:) finishes when the value after it arrives, as Combine's does")
    func outputFinishesOnTheNextValue() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        var finished = false
        let token = subject.output(at: 1).sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { seen.append($0) })
        subject.send(10)
        subject.send(11)
        #expect(seen == [11])
        #expect(!finished)
        subject.send(12)
        #expect(seen == [11])
        #expect(finished)
        withExtendedLifetime(token) {}
    }

    @Test("first, output(at:) and collect(_:) count a value sent from inside their own delivery")
    func reentrantSendsThroughCountingOperators() {
        let (one, two, three) = (
            PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>(),
            PassthroughSubject<Int, Never>()
        )
        var first: [String] = []
        var output: [String] = []
        var collected: [[Int]] = []
        let tokens = [
            one.first().sink(
                receiveCompletion: { _ in first.append("finished") },
                receiveValue: { value in
                    first.append("\(value)")
                    one.send(value + 1)  // comes at once, after first() has ended
                }),
            two.output(at: 0).sink(
                receiveCompletion: { _ in output.append("finished") },
                receiveValue: { value in
                    output.append("\(value)")
                    two.send(value + 1)  // comes at once: the value after the range ends it
                }),
            three.collect(2).sink { values in
                collected.append(values)
                if values == [1, 2] {
                    three.send(3)
                    three.send(4)
                }
            },
        ]
        one.send(1)
        two.send(1)
        three.send(1)
        three.send(2)
        #expect(first == ["1", "finished"])
        #expect(output == ["1", "finished"])
        #expect(collected == [[1, 2], [3, 4]])
        withExtendedLifetime(tokens) {}
    }

    @Test("A completion is not kept behind a value nobody asked for")
    func completionIsNotHeldBehindUnaskedValues() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        subject.filter { $0 > 0 }.map { $0 + 1 }.subscribe(subscriber)
        subject.send(4)
        subject.send(completion: .finished)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.count == 1)
    }

    @Test("Just sends nothing before demand, then its value and the completion")
    func justWaitsForDemand() {
        let subscriber = DemandProbe<String, Never>(initial: .none)
        Just("a").subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == ["a"])
        #expect(subscriber.completions.count == 1)
    }

    @Test("A CurrentValueSubject's subscriber with demand for one gets the current value only")
    func currentValueSubjectWithDemandForOne() {
        let subject = CurrentValueSubject<Int, Never>(7)
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        subject.subscribe(subscriber)
        #expect(subscriber.values == [7])
        subscriber.subscription?.cancel()
        subject.send(8)
        #expect(subscriber.values == [7])
    }

    @Test("A subject can be subscribed to a publisher: it receives its values and completion")
    func subjectAsSubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        var finished = false
        let token = subject.sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { seen.append($0) })
        let feeding = Countdown(start: 2).subscribe(subject)
        #expect(seen == [2, 1])
        #expect(finished)
        withExtendedLifetime((token, feeding)) {}
    }

    @Test("AnySubscriber forwards to the subscriber or the closures it wraps")
    func anySubscriber() {
        let paced = DemandProbe<Int, Never>(initial: .max(2))
        let erased = AnySubscriber(paced)
        #expect(erased.combineIdentifier == paced.combineIdentifier)
        [1, 2, 3].publisher.subscribe(erased)
        #expect(paced.values == [1, 2])

        var values: [Int] = []
        var completions = 0
        let closures = AnySubscriber<Int, Never>(
            receiveSubscription: { $0.request(.unlimited) },
            receiveValue: {
                values.append($0)
                return .none
            },
            receiveCompletion: { _ in completions += 1 })
        #expect(closures.combineIdentifier != erased.combineIdentifier)
        Countdown(start: 2).subscribe(closures)
        #expect(values == [2, 1])
        #expect(completions == 1)
    }

    @Test("Sink and Assign are subscribers too, and cancelling lets go of what they hold")
    func sinkAndAssign() {
        final class Box { var value = 0 }
        let subject = PassthroughSubject<Int, Never>()
        weak var captured: Box?
        var sink: Subscribers.Sink<Int, Never>?
        do {
            let box = Box()
            captured = box
            sink = Subscribers.Sink(receiveCompletion: { _ in }, receiveValue: { box.value = $0 })
            subject.subscribe(sink!)
            subject.send(1)
            #expect(box.value == 1)
        }
        #expect(captured != nil)
        sink?.cancel()
        #expect(captured == nil)

        let target = Box()
        let assign = Subscribers.Assign(object: target, keyPath: \Box.value)
        subject.subscribe(assign)
        subject.send(5)
        #expect(target.value == 5)
        assign.cancel()
        #expect(assign.object == nil)
        subject.send(6)
        #expect(target.value == 5)
    }

    @Test("A subscription holds its subscriber: a sink nobody keeps still gets what is sent")
    func subscriptionHoldsItsSubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [Int] = []
        var finished = false
        subject.subscribe(
            Subscribers.Sink<Int, Never>(
                receiveCompletion: { _ in finished = true }, receiveValue: { seen.append($0) }))
        subject.send(1)
        subject.send(completion: .finished)
        #expect(seen == [1])
        #expect(finished)
    }

    @Test("handleEvents runs receiveCancel only for a cancel before the completion")
    func receiveCancelOnlyBeforeCompletion() {
        var cancels = 0
        let finished = Just(1).handleEvents(receiveCancel: { cancels += 1 }).sink { _ in }
        finished.cancel()
        #expect(cancels == 0)
        let subject = PassthroughSubject<Int, Never>()
        let live = subject.handleEvents(receiveCancel: { cancels += 1 }).sink { _ in }
        live.cancel()
        #expect(cancels == 1)
    }

    @Test("Demand arithmetic follows Combine's rules")
    func demandArithmetic() {
        typealias Demand = Subscribers.Demand
        #expect(Demand.max(1) + .max(2) == .max(3))
        #expect(Demand.max(1) + .unlimited == .unlimited)
        #expect(Demand.unlimited + 1 == .unlimited)
        #expect(Demand.max(Int.max) + 1 == .unlimited)
        #expect(Demand.unlimited - .max(5) == .unlimited)
        #expect(Demand.max(3) - .unlimited == .none)
        #expect(Demand.max(3) - 1 == .max(2))
        #expect(Demand.max(3) * 2 == .max(6))
        #expect(Demand.unlimited * 2 == .unlimited)
        #expect(Demand.none == .max(0))
        #expect(Demand.max(2) > 1)
        #expect(Demand.unlimited > Int.max)
        #expect(Demand.max(2) < .unlimited)
        #expect(Demand.max(4).max == 4)
        #expect(Demand.unlimited.max == nil)
        #expect(Demand.unlimited.description == "unlimited")
        #expect(Demand.max(2).description == "max(2)")
        var demand = Demand.max(1)
        demand += 2
        demand -= .max(1)
        #expect(demand == 2)
    }

    @Test(
        "Subtracting more than a demand holds leaves none",
        .skippedInAppleImitation(
            "OpenCombine traps; Apple's documentation of -= says Combine adjusts it to .max(0)"))
    func demandNeverNegative() {
        var demand = Subscribers.Demand.max(1)
        demand -= .max(3)
        #expect(demand == .none)
        #expect(Subscribers.Demand.max(1) - 5 == .none)
    }
}
