import Publishing
import Testing

@Suite("Operators")
struct OperatorTests {
    @Test("map transforms each value, including through a key path")
    func map() {
        let subject = CurrentValueSubject<[Int], Never>([])
        var counts: [Int] = []
        let token = subject.map(\.count).map { $0 * 10 }.sink { counts.append($0) }
        subject.send([1])
        subject.send([1, 2])
        #expect(counts == [0, 10, 20])
        withExtendedLifetime(token) {}
    }

    @Test("filter and compactMap drop values")
    func filterAndCompactMap() {
        let subject = PassthroughSubject<String, Never>()
        var evens: [Int] = []
        let token = subject.compactMap(Int.init).filter { $0.isMultiple(of: 2) }
            .sink { evens.append($0) }
        for text in ["1", "2", "x", "4", "5"] { subject.send(text) }
        #expect(evens == [2, 4])
        withExtendedLifetime(token) {}
    }

    @Test("removeDuplicates drops consecutive duplicates only, by == or by a predicate")
    func removeDuplicates() {
        let subject = PassthroughSubject<Int, Never>()
        var plain: [Int] = []
        var byParity: [Int] = []
        let tokens = [
            subject.removeDuplicates().sink { plain.append($0) },
            subject.removeDuplicates { $0 % 2 == $1 % 2 }.sink { byParity.append($0) },
        ]
        for value in [1, 1, 2, 2, 1, 3, 4] { subject.send(value) }
        #expect(plain == [1, 2, 1, 3, 4])
        #expect(byParity == [1, 2, 1, 4])
        withExtendedLifetime(tokens) {}
    }

    @Test("dropFirst skips values per subscription, and the replayed current value counts")
    func dropFirst() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let dropped = subject.dropFirst()
        var first: [Int] = []
        var second: [Int] = []
        let one = dropped.sink { first.append($0) }
        subject.send(1)
        let two = dropped.sink { second.append($0) }
        subject.send(2)
        #expect(first == [1, 2])
        #expect(second == [2])
        var none: [Int] = []
        let zero = subject.dropFirst(0).sink { none.append($0) }
        #expect(none == [2])
        withExtendedLifetime((one, two, zero)) {}
    }

    @Test("prefix forwards the first values, finishes, and cancels upstream")
    func prefix() {
        let subject = PassthroughSubject<Int, Never>()
        let log = EventLog<Int, Never>()
        var upstreamCancelled = false
        let token = log.subscribe(
            to: subject.handleEvents(receiveCancel: { upstreamCancelled = true }).prefix(2)
        )
        subject.send(1)
        #expect(!upstreamCancelled)
        subject.send(2)
        // As in Combine, the value after the last one taken ends it, not the last one itself.
        #expect(log.completions.isEmpty)
        subject.send(3)
        #expect(log.values == [1, 2])
        #expect(log.completions == [.finished])
        #expect(upstreamCancelled)
        withExtendedLifetime(token) {}
    }

    @Test("prefix on a current value finishes inside sink and still cancels upstream")
    func prefixOfCurrentValue() {
        let subject = CurrentValueSubject<Int, Never>(7)
        let log = EventLog<Int, Never>()
        var cancels = 0
        let token = log.subscribe(
            to: subject.handleEvents(receiveCancel: { cancels += 1 }).prefix(1)
        )
        subject.send(8)
        #expect(log.values == [7])
        #expect(log.completions == [.finished])
        #expect(cancels == 1)
        token.cancel()
        #expect(cancels == 1)
    }

    @Test("prefix(0) finishes when the first value comes; an upstream completion ends prefix early")
    func prefixEdges() {
        let subject = PassthroughSubject<Int, TestError>()
        let zero = EventLog<Int, TestError>()
        let zeroToken = zero.subscribe(to: subject.prefix(0))
        #expect(zero.completions.isEmpty)
        subject.send(0)
        #expect(zero.values.isEmpty)
        #expect(zero.completions == [.finished])
        withExtendedLifetime(zeroToken) {}

        let log = EventLog<Int, TestError>()
        let token = log.subscribe(to: subject.prefix(5))
        subject.send(1)
        subject.send(completion: .failure(TestError(code: 1)))
        #expect(log.values == [1])
        #expect(log.completions == [.failure(TestError(code: 1))])
        withExtendedLifetime(token) {}
    }

    @Test("handleEvents sees values and the completion before the subscriber")
    func handleEvents() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [String] = []
        let token = subject.handleEvents(
            receiveOutput: { seen.append("output \($0)") },
            receiveCompletion: { _ in seen.append("completion") }
        )
        .sink(
            receiveCompletion: { _ in seen.append("sink completion") },
            receiveValue: { seen.append("sink \($0)") }
        )
        subject.send(1)
        subject.send(completion: .finished)
        #expect(seen == ["output 1", "sink 1", "completion", "sink completion"])
        withExtendedLifetime(token) {}
    }

    @Test("handleEvents hands over the subscription before any value, and requests unlimited")
    func handleEventsSubscription() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var seen: [String] = []
        var handed: (any Subscription)?
        let token = subject.handleEvents(
            receiveSubscription: { subscription in
                seen.append("subscription")
                handed = subscription
            },
            receiveOutput: { seen.append("output \($0)") },
            receiveRequest: { seen.append("request \($0)") }
        )
        .sink { seen.append("sink \($0)") }
        #expect(seen == ["subscription", "request unlimited", "output 0", "sink 0"])
        handed?.request(.max(1))  // no demand in Publishing: changes nothing
        subject.send(1)
        handed?.cancel()  // cancelling the handed subscription ends it
        subject.send(2)
        #expect(seen.suffix(2) == ["output 1", "sink 1"])
        withExtendedLifetime(token) {}
    }
}
