import Publishing
import Testing

@Suite("Subjects")
struct SubjectTests {
    @Test("A passthrough subject delivers only what is sent after subscribing")
    func passthroughDeliversLaterValues() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(0)
        let log = EventLog<Int, Never>()
        let token = log.subscribe(to: subject)
        subject.send(1)
        subject.send(2)
        #expect(log.values == [1, 2])
        withExtendedLifetime(token) {}
    }

    @Test("Every subscriber receives every value, in no promised order")
    func multipleSubscribers() {
        let subject = PassthroughSubject<Int, Never>()
        var order: [String] = []
        let first = subject.sink { order.append("first \($0)") }
        let second = subject.sink { order.append("second \($0)") }
        subject.send(1)
        // Combine promises no order between subscribers, nor does Publishing ("Differences from
        // Combine").
        #expect(order.sorted() == ["first 1", "second 1"])
        withExtendedLifetime((first, second)) {}
    }

    @Test("More subscribers than a send claims at once still get every value and the end")
    func manySubscribers() {
        // The first 64 idle subscribers are handed values directly; the rest through queues.
        let subject = PassthroughSubject<Int, Never>()
        var order: [Int] = []
        var received = [[Int]](repeating: [], count: 100)
        var finished = 0
        let tokens = (0..<100).map { index in
            subject.sink(
                receiveCompletion: { _ in finished += 1 },
                receiveValue: {
                    received[index].append($0)
                    order.append(index)
                })
        }
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(received.allSatisfy { $0 == [1, 2] })
        // Each value reaches every subscriber before the next is sent; in which order among them
        // is not promised ("Differences from Combine").
        #expect(order.count == 200)
        #expect(Set(order.prefix(100)).count == 100)
        #expect(Set(order.suffix(100)).count == 100)
        #expect(finished == 100)
        withExtendedLifetime(tokens) {}
    }

    @Test("Nothing is delivered after completion, and a late subscriber gets the completion")
    func completionEndsTheSubject() {
        let subject = PassthroughSubject<Int, TestError>()
        let log = EventLog<Int, TestError>()
        let token = log.subscribe(to: subject)
        subject.send(1)
        subject.send(completion: .failure(TestError(code: 7)))
        subject.send(2)
        subject.send(completion: .finished)
        #expect(log.values == [1])
        #expect(log.completions == [.failure(TestError(code: 7))])

        let late = EventLog<Int, TestError>()
        let lateToken = late.subscribe(to: subject)
        #expect(late.values.isEmpty)
        #expect(late.completions == [.failure(TestError(code: 7))])
        withExtendedLifetime((token, lateToken)) {}
    }

    @Test("A current-value subject replays its value, then every change")
    func currentValueReplays() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let log = EventLog<Int, Never>()
        let token = log.subscribe(to: subject)
        subject.value = 2
        subject.send(3)
        #expect(log.values == [1, 2, 3])
        #expect(subject.value == 3)
        withExtendedLifetime(token) {}
    }

    @Test("A current-value subject holding nil replays nil")
    func currentValueOfOptional() {
        let subject = CurrentValueSubject<Int?, Never>(nil)
        let log = EventLog<Int?, Never>()
        let token = log.subscribe(to: subject)
        subject.value = 1
        subject.value = nil
        #expect(log.values == [nil, 1, nil])
        #expect(subject.value == nil)
        withExtendedLifetime(token) {}
    }

    @Test("A completed current-value subject gives late subscribers only the completion")
    func currentValueCompletion() {
        let subject = CurrentValueSubject<Int, Never>(1)
        subject.send(completion: .finished)
        subject.value = 2
        let log = EventLog<Int, Never>()
        let token = log.subscribe(to: subject)
        #expect(log.values.isEmpty)
        #expect(log.completions == [.finished])
        withExtendedLifetime(token) {}
    }

    @Test("Just sends its value then finishes; Empty and Fail send no value")
    func justEmptyFail() {
        let just = EventLog<Int, Never>()
        _ = just.subscribe(to: Just(5))
        #expect(just.values == [5])
        #expect(just.completions == [.finished])

        let empty = EventLog<Int, Never>()
        _ = empty.subscribe(to: Empty())
        #expect(empty.values.isEmpty)
        #expect(empty.completions == [.finished])

        let silent = EventLog<Int, Never>()
        _ = silent.subscribe(to: Empty(completeImmediately: false))
        #expect(silent.completions.isEmpty)

        let failed = EventLog<Int, TestError>()
        _ = failed.subscribe(to: Fail(error: TestError(code: 3)))
        #expect(failed.values.isEmpty)
        #expect(failed.completions == [.failure(TestError(code: 3))])
    }

    @Test("AnyPublisher forwards values and completion, and does not wrap itself twice")
    func anyPublisher() {
        let subject = PassthroughSubject<Int, TestError>()
        let erased = subject.eraseToAnyPublisher().eraseToAnyPublisher()
        let log = EventLog<Int, TestError>()
        let token = log.subscribe(to: erased)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(log.values == [1])
        #expect(log.completions == [.finished])
        withExtendedLifetime(token) {}
    }

    @Test("ObservableObjectPublisher delivers each send")
    func observableObjectPublisher() {
        let publisher = ObservableObjectPublisher()
        var count = 0
        let token = publisher.sink { count += 1 }
        publisher.send()
        publisher.send()
        #expect(count == 2)
        withExtendedLifetime(token) {}
    }

    @Test("A live subscription to a @Published property does not keep the object alive")
    func subscriptionDoesNotHoldOwner() {
        final class Model: ObservableObject {
            @Published var value = 0
        }
        weak var weakModel: Model?
        var received: [Int] = []
        var token: AnyCancellable?
        do {
            let model = Model()
            weakModel = model
            token = model.$value.sink { received.append($0) }
            model.value = 1
        }
        #expect(weakModel == nil)
        #expect(received == [0, 1])
        token?.cancel()
    }

    @Test("A CurrentValueSubject holds the new value while it delivers it")
    func currentValueSubjectStoresFirst() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var seen: [String] = []
        let token = subject.sink { seen.append("\($0)/\(subject.value)") }
        subject.send(1)
        #expect(seen == ["0/0", "1/1"])
        withExtendedLifetime(token) {}
    }

    @Test("A value sent from inside a sink reaches every subscriber once; nothing deadlocks")
    func reentrantSendsArriveOnce() {
        let subject = PassthroughSubject<Int, Never>()
        var first: [Int] = []
        var second: [Int] = []
        let tokens = [
            subject.sink { value in
                first.append(value)
                if value == 1 { subject.send(2) }
            },
            subject.sink { second.append($0) },
        ]
        subject.send(1)
        // The order differs (Combine delivers the inner send at once, Publishing after the
        // value being delivered): only what arrives is the same.
        #expect(first.sorted() == [1, 2])
        #expect(second.sorted() == [1, 2])
        withExtendedLifetime(tokens) {}
    }

    @Test("Cancelling inside its own sink stops the subscription's later values at once")
    func cancelInsideDelivery() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var token: AnyCancellable?
        token = subject.sink { value in
            received.append(value)
            token?.cancel()
        }
        subject.send(1)
        subject.send(2)
        #expect(received == [1])
    }

    @Test("A subject's completion ends every subscription; later sends are ignored")
    func completionEndsSubscriptions() {
        let subject = PassthroughSubject<Int, Never>()
        var events: [String] = []
        let token = subject.sink(
            receiveCompletion: { _ in events.append("finished") },
            receiveValue: { events.append("\($0)") })
        subject.send(1)
        subject.send(completion: .finished)
        subject.send(2)
        #expect(events == ["1", "finished"])
        withExtendedLifetime(token) {}
    }
}
