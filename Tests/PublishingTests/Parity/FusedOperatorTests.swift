// Combine's fused operators: `map` on a `Map` is one `Map`, its closures composed, and so for
// the other operators Combine fuses. Each test names the type Combine gives the result, so it
// fails to compile where the overload is missing or returns another type, then subscribes and
// checks what arrives. .ci/apple-sim runs this suite against Combine (its imitation).
import Publishing
import Testing

@Suite("Fused operators: one operator of the same kind, the closures composed")
struct FusedOperatorTests {
    @Test("map after map is one Map; tryMap after map is one TryMap")
    func fusedMap() {
        let subject = PassthroughSubject<Int, Never>()
        var order: [String] = []
        let mapped: Publishers.Map<PassthroughSubject<Int, Never>, String> =
            subject
            .map {
                order.append("first \($0)")
                return $0 + 1
            }
            .map {
                order.append("second \($0)")
                return String($0)
            }
        let events = Events(mapped)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(order == ["first 1", "second 2"])
        #expect(events.values == ["2"])
        #expect(events.isFinished)

        let upstream = PassthroughSubject<Int, Never>()
        let tried: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = upstream.map {
            $0 * 10
        }
        .tryMap { value in
            if value > 10 { throw TestError(code: value) }
            return value
        }
        let triedEvents = Events(tried)
        upstream.send(1)
        upstream.send(2)
        #expect(triedEvents.values == [10])
        #expect((triedEvents.failure as? TestError) == TestError(code: 20))
    }

    @Test("map and tryMap after tryMap are one TryMap; a first throw skips the second closure")
    func fusedTryMap() {
        let subject = PassthroughSubject<Int, Never>()
        var secondCalls = 0
        let mapped: Publishers.TryMap<PassthroughSubject<Int, Never>, String> = subject.tryMap {
            value in
            if value == 2 { throw TestError(code: 2) }
            return value
        }
        .map {
            secondCalls += 1
            return String($0)
        }
        let events = Events(mapped)
        subject.send(1)
        subject.send(2)
        #expect(events.values == ["1"])
        #expect((events.failure as? TestError) == TestError(code: 2))
        #expect(secondCalls == 1)

        let twice: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = subject.tryMap {
            $0 + 1
        }
        .tryMap { value in
            if value == 3 { throw TestError(code: 3) }
            return value * 10
        }
        let twiceEvents = Events(twice)
        subject.send(1)
        subject.send(2)
        #expect(twiceEvents.values == [20])
        #expect((twiceEvents.failure as? TestError) == TestError(code: 3))
    }

    @Test("filter after filter is one Filter; the second test sees only what passed the first")
    func fusedFilter() {
        let subject = PassthroughSubject<Int, Never>()
        var secondAsked: [Int] = []
        let kept: Publishers.Filter<PassthroughSubject<Int, Never>> = subject.filter {
            $0.isMultiple(of: 2)
        }
        .filter {
            secondAsked.append($0)
            return $0 > 2
        }
        let events = Events(kept)
        for value in 1...6 { subject.send(value) }
        subject.send(completion: .finished)
        #expect(secondAsked == [2, 4, 6])
        #expect(events.values == [4, 6])
        #expect(events.isFinished)

        let upstream = PassthroughSubject<Int, Never>()
        let tried: Publishers.TryFilter<PassthroughSubject<Int, Never>> = upstream.filter {
            $0 > 1
        }
        .tryFilter { value in
            if value == 3 { throw TestError(code: 3) }
            return true
        }
        let triedEvents = Events(tried)
        for value in 1...4 { upstream.send(value) }
        #expect(triedEvents.values == [2])
        #expect((triedEvents.failure as? TestError) == TestError(code: 3))
    }

    @Test("filter and tryFilter after tryFilter are one TryFilter")
    func fusedTryFilter() {
        let subject = PassthroughSubject<Int, Never>()
        var secondAsked: [Int] = []
        let kept: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject.tryFilter {
            value in
            if value == 4 { throw TestError(code: 4) }
            return value != 2
        }
        .filter {
            secondAsked.append($0)
            return $0 != 3
        }
        let events = Events(kept)
        for value in 1...5 { subject.send(value) }
        #expect(secondAsked == [1, 3])
        #expect(events.values == [1])
        #expect((events.failure as? TestError) == TestError(code: 4))

        let twice: Publishers.TryFilter<PassthroughSubject<Int, Never>> = subject.tryFilter {
            $0 > 1
        }
        .tryFilter { value in
            if value == 3 { throw TestError(code: 3) }
            return true
        }
        let twiceEvents = Events(twice)
        for value in 1...4 { subject.send(value) }
        #expect(twiceEvents.values == [2])
        #expect((twiceEvents.failure as? TestError) == TestError(code: 3))
    }

    @Test("compactMap and map after compactMap are one CompactMap; nil skips the second closure")
    func fusedCompactMap() {
        let subject = PassthroughSubject<String, Never>()
        var secondAsked: [Int] = []
        let numbers: Publishers.CompactMap<PassthroughSubject<String, Never>, Int> =
            subject
            .compactMap { Int($0) }
            .compactMap {
                secondAsked.append($0)
                return $0 > 1 ? $0 * 10 : nil
            }
        let events = Events(numbers)
        for text in ["1", "x", "2"] { subject.send(text) }
        subject.send(completion: .finished)
        #expect(secondAsked == [1, 2])
        #expect(events.values == [20])
        #expect(events.isFinished)

        let upstream = PassthroughSubject<String, Never>()
        let mapped: Publishers.CompactMap<PassthroughSubject<String, Never>, String> =
            upstream
            .compactMap { Int($0) }
            .map { "#\($0)" }
        let mappedEvents = Events(mapped)
        for text in ["1", "x", "2"] { upstream.send(text) }
        #expect(mappedEvents.values == ["#1", "#2"])
    }

    @Test("compactMap after tryCompactMap is one TryCompactMap; either throw fails the stream")
    func fusedTryCompactMap() {
        let subject = PassthroughSubject<String, Never>()
        let numbers: Publishers.TryCompactMap<PassthroughSubject<String, Never>, Int> =
            subject
            .tryCompactMap { text -> Int? in
                if text == "!" { throw TestError(code: 1) }
                return Int(text)
            }
            .compactMap { value -> Int? in
                if value == 9 { throw TestError(code: 9) }
                return value > 1 ? value : nil
            }
        let events = Events(numbers)
        for text in ["1", "x", "2", "9"] { subject.send(text) }
        #expect(events.values == [2])
        #expect((events.failure as? TestError) == TestError(code: 9))

        let first = Events(
            subject.tryCompactMap { _ -> Int? in throw TestError(code: 1) }
                .compactMap { $0 })
        subject.send("1")
        #expect((first.failure as? TestError) == TestError(code: 1))
    }

    @Test("setFailureType after setFailureType is one SetFailureType")
    func fusedSetFailureType() {
        struct OtherError: Error {}
        let subject = PassthroughSubject<Int, Never>()
        let typed: Publishers.SetFailureType<PassthroughSubject<Int, Never>, TestError> =
            subject
            .setFailureType(to: OtherError.self)
            .setFailureType(to: TestError.self)
        let events = Events(typed)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(events.values == [1])
        #expect(events.isFinished)
    }
}
