import Dispatch
import Publishing
import Testing

@Suite("Combining: combineLatest, zip, merge, flatMap, switchToLatest")
struct CombiningTests {
    @Test(
        "combineLatest waits for a value from each, then sends the latest of all on every value"
    )
    func combineLatest() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let events = Events(a.combineLatest(b))
        a.send(1)
        a.send(2)
        #expect(events.values.isEmpty)
        b.send("x")
        a.send(3)
        b.send("y")
        #expect(events.values.map { "\($0)\($1)" } == ["2x", "3x", "3y"])
    }

    @Test("combineLatest with a transform, and with three and four publishers")
    func combineLatestForms() {
        let a = CurrentValueSubject<Int, Never>(1)
        let b = CurrentValueSubject<Int, Never>(10)
        let c = CurrentValueSubject<Int, Never>(100)
        let d = CurrentValueSubject<Int, Never>(1000)
        let two = Events(a.combineLatest(b, +))
        let three = Events(a.combineLatest(b, c) { $0 + $1 + $2 })
        let four = Events(a.combineLatest(b, c, d) { $0 + $1 + $2 + $3 })
        let typed = Events(Publishers.CombineLatest4(a, b, c, d).map { $0.0 + $0.3 })
        a.send(2)
        #expect(two.values == [11, 12])
        #expect(three.values == [111, 112])
        #expect(four.values == [1111, 1112])
        #expect(typed.values == [1001, 1002])
    }

    @Test("combineLatest goes on after one upstream finishes, and finishes once all have")
    func combineLatestCompletion() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<Int, TestError>()
        let events = Events(a.combineLatest(b))
        a.send(1)
        b.send(1)
        a.send(completion: .finished)
        b.send(2)
        #expect(!events.isCompleted)
        #expect(events.values.map(\.1) == [1, 2])
        b.send(completion: .finished)
        #expect(events.isFinished)
    }

    @Test("combineLatest fails at the first failure, and cancels the other upstreams")
    func combineLatestFailure() {
        let a = TrackedSubject<Int, TestError>()
        let b = TrackedSubject<Int, TestError>()
        let events = Events(a.combineLatest(b))
        b.send(completion: .failure(TestError(code: 2)))
        #expect(events.failure == TestError(code: 2))
        #expect(a.liveSubscriptions == 0)
        a.send(1)
        #expect(events.all.count == 1)
    }

    @Test("zip pairs values in order, buffering the faster upstream")
    func zip() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let events = Events(a.zip(b))
        a.send(1)
        a.send(2)
        a.send(3)
        b.send("x")
        b.send("y")
        #expect(events.values.map { "\($0)\($1)" } == ["1x", "2y"])
    }

    @Test("zip finishes once an upstream has finished with nothing left to pair")
    func zipCompletion() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let events = Events(a.zip(b, +))
        a.send(1)
        a.send(2)
        a.send(completion: .finished)
        #expect(!events.isCompleted)
        b.send(10)
        #expect(!events.isCompleted)
        b.send(20)
        #expect(events.values == [11, 22])
        #expect(events.isFinished)
    }

    @Test("zip of three and four")
    func zipForms() {
        let a = [1, 2].publisher
        let b = [10, 20].publisher
        let c = [100, 200].publisher
        let d = [1000, 2000, 3000].publisher
        #expect(Events(a.zip(b, c) { $0 + $1 + $2 }).values == [111, 222])
        let four = Events(a.zip(b, c, d).map { $0.0 + $0.1 + $0.2 + $0.3 })
        #expect(four.values == [1111, 2222])
        #expect(four.isFinished)
        #expect(Events(Publishers.Zip3(a, b, c)).values.count == 2)
    }

    @Test("merge forwards every value as it comes, and finishes once all have finished")
    func merge() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let events = Events(a.merge(with: b))
        let three = Events(a.merge(with: b, c))
        a.send(1)
        b.send(2)
        c.send(3)
        a.send(completion: .finished)
        b.send(4)
        #expect(events.values == [1, 2, 4])
        #expect(three.values == [1, 2, 3, 4])
        #expect(!events.isCompleted)
        b.send(completion: .finished)
        #expect(events.isFinished)
        #expect(!three.isCompleted)
    }

    @Test("MergeMany merges any number, and with none finishes at once")
    func mergeMany() {
        let events = Events(Publishers.MergeMany([[1, 2].publisher, [3].publisher]))
        #expect(events.values == [1, 2, 3])
        #expect(events.isFinished)
        let none = Events(Publishers.MergeMany([Just<Int>]()))
        #expect(none.isFinished)
        #expect(none.values.isEmpty)
    }

    @Test("merge fails at the first failure and cancels the rest")
    func mergeFailure() {
        let a = TrackedSubject<Int, TestError>()
        let b = TrackedSubject<Int, TestError>()
        let events = Events(a.merge(with: b))
        a.send(completion: .failure(TestError(code: 1)))
        #expect(events.failure == TestError(code: 1))
        #expect(b.liveSubscriptions == 0)
    }

    @Test("Cancelling a combined subscription cancels every upstream")
    func cancellingCancelsEveryUpstream() {
        let upstreams = (0..<4).map { _ in TrackedSubject<Int, Never>() }
        let (a, b, c, d) = (upstreams[0], upstreams[1], upstreams[2], upstreams[3])
        let tokens = [
            a.combineLatest(b, c, d).sink { _ in },
            a.zip(b, c, d).sink { _ in },
            a.merge(with: b, c).sink { _ in },
            Publishers.MergeMany(upstreams).sink { _ in },
            a.flatMap { _ in b }.sink { _ in },
            a.map { _ in c }.switchToLatest().sink { _ in },
        ]
        a.send(1)  // starts the inner subscriptions of flatMap and switchToLatest
        #expect(upstreams.map(\.liveSubscriptions) == [6, 5, 5, 3])
        for token in tokens { token.cancel() }
        #expect(upstreams.map(\.liveSubscriptions) == [0, 0, 0, 0])
    }

    @Test("A value sent from inside a delivery of merge is delivered at once")
    func reentrantSends() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        var merged: [Int] = []
        let token = a.merge(with: b).sink { value in
            merged.append(value)
            if value == 1 { b.send(2) }
            merged.append(-value)
        }
        a.send(1)
        #expect(merged == [1, 2, -2, -1])
        withExtendedLifetime(token) {}
    }

    @Test(
        "A value sent from inside a delivery of combineLatest only becomes the latest, as in Combine"
    )
    func reentrantCombineLatestSends() {
        let (c, d) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        var latest: [String] = []
        let token = c.combineLatest(d).sink { x, y in
            latest.append("\(x)\(y)")
            if x == 1 { c.send(3) }
            latest.append("/")
        }
        c.send(1)
        d.send(2)
        #expect(latest == ["12", "/"])
        d.send(4)  // the value sent from inside is the latest: it is combined from then on
        #expect(latest == ["12", "/", "34", "/"])
        withExtendedLifetime(token) {}
    }

    @Test(
        "Values sent from inside a zip delivery are delivered at once",
        .skippedInAppleImitation("OpenCombine's zip traps on a value sent from inside its delivery")
    )
    func reentrantZipSends() {
        let (e, f) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        var zipped: [String] = []
        let token = e.zip(f).sink { x, y in
            zipped.append("\(x)\(y)")
            if x == 1 {
                e.send(5)
                f.send(6)
            }
            zipped.append("/")
        }
        e.send(1)
        f.send(2)
        #expect(zipped == ["12", "56", "/", "/"])
        withExtendedLifetime(token) {}
    }

    @Test(
        "Sends from several threads through merge, combineLatest and zip: none lost, none doubled"
    )
    func concurrentSends() async {
        let threads = 4
        let perThread = 500
        let subjects = (0..<threads).map { _ in PassthroughSubject<Int, Never>() }
        let merged = Locked<[Int]>([])
        let latestCount = Locked(0)
        let zippedCount = Locked(0)
        var inFlight = 0
        let overlap = Locked(false)
        let tokens = [
            Publishers.MergeMany(subjects).sink { value in
                merged.withLock { $0.append(value) }
            },
            subjects[0].combineLatest(subjects[1]).sink { _ in
                // One delivery at a time: no two threads inside at once.
                inFlight += 1
                if inFlight != 1 { overlap.withLock { $0 = true } }
                latestCount.withLock { $0 += 1 }
                inFlight -= 1
            },
            subjects[2].zip(subjects[3]).sink { _ in zippedCount.withLock { $0 += 1 } },
        ]
        await withTaskGroup(of: Void.self) { group in
            for (index, subject) in subjects.enumerated() {
                group.addTask {
                    for value in 0..<perThread { subject.send(index * perThread + value) }
                }
            }
        }
        let values = merged.withLock { $0 }
        #expect(values.count == threads * perThread)
        for index in 0..<threads {
            let mine = values.filter { $0 / perThread == index }
            #expect(mine == Array(index * perThread..<(index + 1) * perThread))
        }
        // combineLatest sends once both have a value: every value after that, of either.
        #expect(latestCount.withLock { $0 } >= perThread)
        #expect(zippedCount.withLock { $0 } == perThread)
        #expect(!overlap.withLock { $0 })
        withExtendedLifetime(tokens) {}
    }
}

@Suite("flatMap and switchToLatest")
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
        let upstream = RequestRecordingPublisher<Int>()
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
        // Combine keeps its upstream subscription after an inner failure, uncancelled
        // (OpenCombine's testAllSubscriptionsReleasedOnChildFailure, also run against Apple's);
        // Linux cancels it ("Differences from Combine"). Nothing is delivered through it.
        #expect(upstream.liveSubscriptions == (publishingIsCombine ? 1 : 0))
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

    @Test("switchToLatest cancels the previous inner publisher and ignores it from then on")
    func switchToLatest() {
        let upstream = PassthroughSubject<TrackedSubject<Int, Never>, Never>()
        let first = TrackedSubject<Int, Never>()
        let second = TrackedSubject<Int, Never>()
        let events = Events(upstream.switchToLatest())
        upstream.send(first)
        first.send(1)
        upstream.send(second)
        #expect(first.liveSubscriptions == 0)
        first.send(2)
        second.send(3)
        #expect(events.values == [1, 3])
        upstream.send(completion: .finished)
        #expect(!events.isCompleted)
        second.send(completion: .finished)
        #expect(events.isFinished)
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

    @Test("switchToLatest over failing inner publishers of a publisher that cannot fail")
    func switchToLatestFailure() {
        let query = PassthroughSubject<Int, Never>()
        let events = Events(
            query.map { code in
                code == 0
                    ? AnyPublisher(Just(0).setFailureType(to: TestError.self))
                    : AnyPublisher(Fail(error: TestError(code: code)))
            }.switchToLatest())
        query.send(0)
        query.send(4)
        #expect(events.values == [0])
        #expect(events.failure == TestError(code: 4))
    }
}

/// A publisher for one subscriber that records the demand it asks for, through its
/// subscription and returned from `receive(_:)`; a test sends the values.
private final class RequestRecordingPublisher<Output>: Publisher {
    typealias Failure = Never

    private final class Recording: Subscription {
        var requests: [Subscribers.Demand] = []
        var isCancelled = false

        func request(_ demand: Subscribers.Demand) { requests.append(demand) }
        func cancel() { isCancelled = true }
    }

    private let recording = Recording()
    private var send: ((Output) -> Subscribers.Demand)?
    private(set) var returnedDemands: [Subscribers.Demand] = []

    var requests: [Subscribers.Demand] { recording.requests }
    var isCancelled: Bool { recording.isCancelled }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        send = { subscriber.receive($0) }
        subscriber.receive(subscription: recording)
    }

    func send(_ value: Output) {
        guard let send else { return }
        returnedDemands.append(send(value))
    }
}
