// flatMap: what it forwards from its inner publishers, with maxPublishers, at a failure, from
// several threads and from inside its own deliveries. Every test here compiles and passes in
// both configurations (.ci/apple-sim runs them against Combine) unless it says otherwise.
import Publishing
import Testing

@Suite("flatMap: inner publishers, maxPublishers, demand, re-entrancy")
struct FlatMapTests {
    @Test("flatMap forwards every inner publisher's values, and finishes once all have finished")
    func flatMap() {
        let upstream = PassthroughSubject<Int, TestError>()
        let inners = (0..<3).map { _ in PassthroughSubject<String, TestError>() }
        let events = Events(upstream.flatMap { inners[$0] })
        upstream.send(0)
        upstream.send(1)
        inners[1].send("b")
        inners[0].send("a")
        upstream.send(completion: .finished)
        inners[0].send(completion: .finished)
        #expect(!events.isCompleted)
        inners[1].send("c")
        inners[1].send(completion: .finished)
        #expect(events.values == ["b", "a", "c"])
        #expect(events.isFinished)
    }

    @Test("flatMap(maxPublishers: .max(1)) runs one inner at a time; a subject's values then drop")
    func flatMapMaxPublishers() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = (0..<4).map { _ in TrackedSubject<Int, Never>() }
        let events = Events(upstream.flatMap(maxPublishers: .max(1)) { inners[$0] })
        upstream.send(0)
        upstream.send(1)  // dropped: flatMap has not asked the subject for another value
        #expect(inners.map(\.subscriptionsMade) == [1, 0, 0, 0])
        inners[0].send(10)
        inners[0].send(completion: .finished)
        // Nothing waited for it: the next value sent is the one used.
        #expect(inners.map(\.subscriptionsMade) == [1, 0, 0, 0])
        upstream.send(2)
        upstream.send(3)  // dropped
        #expect(inners.map(\.subscriptionsMade) == [1, 0, 1, 0])
        inners[2].send(12)
        upstream.send(completion: .finished)
        #expect(!events.isCompleted)
        inners[2].send(completion: .finished)
        #expect(events.values == [10, 12])
        #expect(events.isFinished)
        #expect(Subscribers.Demand.max(1).description == "max(1)")
    }

    @Test(
        "flatMap(maxPublishers: .max(2)) asks its upstream for 2 values, then 1 per finished inner")
    func flatMapMaxPublishersDemand() {
        let upstream = RecordingUpstream<Int, Never>()
        let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let events = Events(upstream.flatMap(maxPublishers: .max(2)) { inners[$0] })
        #expect(upstream.requests == [.max(2)])
        upstream.send(0)
        upstream.send(1)
        inners[1].send(11)
        #expect(upstream.requests == [.max(2)])
        inners[1].send(completion: .finished)
        #expect(upstream.requests == [.max(2), .max(1)])
        upstream.send(2)
        inners[0].send(completion: .finished)
        inners[2].send(completion: .finished)
        #expect(upstream.requests == [.max(2), .max(1), .max(1), .max(1)])
        #expect(upstream.returnedDemands == [.none, .none, .none])
        upstream.send(3)
        inners[3].send(13)
        #expect(events.values == [11, 13])
        // Cancelling cancels the upstream subscription, and the running inner publisher's.
        events.cancel()
        #expect(upstream.isCancelled)
        inners[3].send(14)
        #expect(events.values == [11, 13])
    }

    @Test("flatMap(maxPublishers:) over many values whose inner publishers finish at once")
    func flatMapMaxPublishersSynchronousInners() {
        let first = PassthroughSubject<Int, Never>()
        let count = 2_000
        let events = Events(
            (0..<count).publisher.flatMap(maxPublishers: .max(1)) { value in
                value == 0 ? AnyPublisher(first) : AnyPublisher(Just(value))
            })
        #expect(events.values.isEmpty)
        // The rest were not asked for yet; each now comes as the one before it finishes.
        first.send(completion: .finished)
        #expect(events.values == Array(1..<count))
        #expect(events.isFinished)

        // Through scan, which passes flatMap's demand on, the subject drops what flatMap has
        // not asked for while the first inner publisher runs.
        let subject = PassthroughSubject<Int, Never>()
        let gate = PassthroughSubject<Int, Never>()
        let kept = Events(
            subject.scan(0) { _, value in value }.flatMap(maxPublishers: .max(1)) { value in
                value == 0 ? AnyPublisher(gate) : AnyPublisher(Just(value))
            })
        for value in 0..<100 { subject.send(value) }
        gate.send(completion: .finished)
        subject.send(100)
        #expect(kept.values == [100])
    }

    @Test("flatMap fails with an inner publisher's failure, and cancels the rest")
    func flatMapFailure() {
        let upstream = TrackedSubject<Int, TestError>()
        let other = TrackedSubject<Int, TestError>()
        let events = Events(
            upstream.flatMap { value in
                value == 0 ? AnyPublisher(other) : AnyPublisher(Fail(error: TestError(code: value)))
            })
        upstream.send(0)
        upstream.send(7)
        #expect(events.failure == TestError(code: 7))
        #expect(other.liveSubscriptions == 0)
        // The upstream subscription is kept after an inner failure, uncancelled, as Combine
        // keeps it (OpenCombine's testAllSubscriptionsReleasedOnChildFailure, also run against
        // Apple's). Nothing is delivered through it.
        #expect(upstream.liveSubscriptions == 1)
        upstream.send(0)
        #expect(events.values.isEmpty)
    }

    @Test("flatMap where one side cannot fail, as view models write it")
    func flatMapMixedFailures() {
        let query = CurrentValueSubject<String, Never>("a")
        let failing = Events(
            query.flatMap { text in Fail<[String], TestError>(error: TestError(code: text.count)) })
        #expect(failing.failure == TestError(code: 1))
        let results = PassthroughSubject<Int, TestError>()
        let plain = Events(results.flatMap { Just($0 * 2) })
        results.send(2)
        #expect(plain.values == [4])
        let neither = Events(query.flatMap { Just($0.uppercased()) })
        #expect(neither.values == ["A"])
    }

    @Test("Values sent from inside a flatMap or switchToLatest delivery are delivered at once")
    func reentrantInnerSends() {
        let upstream = PassthroughSubject<Int, Never>()
        let inner = PassthroughSubject<Int, Never>()
        var flat: [Int] = []
        let flatToken = upstream.flatMap { _ in inner }.sink { value in
            flat.append(value)
            if value == 1 { inner.send(2) }
            flat.append(-value)
        }
        upstream.send(0)
        inner.send(1)
        #expect(flat == [1, 2, -2, -1])
        // Otherwise its re-entrant send of 2 would reach the switchToLatest below first.
        flatToken.cancel()

        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let next = PassthroughSubject<Int, Never>()
        var switched: [Int] = []
        let switchToken = outer.switchToLatest().sink { value in
            switched.append(value)
            if value == 1 {
                outer.send(next)  // switches away from `inner` during its own delivery
                inner.send(99)
                next.send(3)
            }
        }
        outer.send(inner)
        inner.send(1)
        #expect(switched == [1, 3])
        withExtendedLifetime(switchToken) {}
    }

    @Test("Inner publishers sending from several threads: every value once, one at a time")
    func concurrentInnerSends() async {
        let inners = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let upstream = PassthroughSubject<Int, Never>()
        let count = Locked(0)
        var inside = 0
        let overlapped = Locked(false)
        let token = upstream.flatMap { inners[$0] }.sink { _ in
            inside += 1
            if inside != 1 { overlapped.withLock { $0 = true } }
            count.withLock { $0 += 1 }
            inside -= 1
        }
        for index in inners.indices { upstream.send(index) }
        await withTaskGroup(of: Void.self) { group in
            for inner in inners {
                group.addTask { for value in 0..<300 { inner.send(value) } }
            }
        }
        #expect(count.withLock { $0 } == 1_200)
        #expect(!overlapped.withLock { $0 })
        withExtendedLifetime(token) {}
    }

    @Test("A cancelled combined subscription holds none of the values that passed through it")
    func nothingRetainedAfterCancel() {
        final class Payload {
            static let live = LiveCount()
            init() { Self.live.change(by: 1) }
            deinit { Self.live.change(by: -1) }
        }
        let a = PassthroughSubject<Payload, Never>()
        let b = PassthroughSubject<Payload, Never>()
        let tokens = [
            a.combineLatest(b).sink { _ in },
            a.zip(b).sink { _ in },
            a.merge(with: b).sink { _ in },
            a.flatMap { _ in b }.sink { _ in },
            a.map { _ in b }.switchToLatest().sink { _ in },
            a.share().sink { _ in },
        ]
        for _ in 0..<3 { a.send(Payload()) }  // zip keeps these waiting for a pair
        b.send(Payload())
        #expect(Payload.live.value > 0)
        for token in tokens { token.cancel() }
        #expect(Payload.live.value == 0)
    }
}
