// zip, from how it pairs values to the demand it returns to each upstream. Every test here
// compiles and passes in both configurations (.ci/apple-sim runs them against Combine) unless it
// says otherwise.
import ObservationTesting
import Publishing
import Testing

@Suite("zip: pairing, completion, demand, re-entrancy")
struct ZipTests {
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

    @Test("zip returns the demand a delivery returns to the upstream that completed the pair only")
    func zipReturnsDemandToTheTriggeringUpstream() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let subscriber = DemandProbe<String, Never>(initial: .max(1), perValue: .max(1))
        a.zip(b) { "\($0)-\($1)" }.subscribe(subscriber)
        a.send(1)
        b.send(1)  // completes the pair: the .max(1) it returns goes to b only
        a.send(2)  // nothing asked of a: the subject drops it
        b.send(2)
        a.send(3)  // dropped too
        #expect(subscriber.values == ["1-1"])
        subscriber.subscription?.request(.max(1))  // asked of both
        a.send(4)
        #expect(subscriber.values == ["1-1", "4-2"])
    }

    @Test(
        "A request from inside a zip delivery goes to the upstream that completed the pair as its send's result, and to the others as a request"
    )
    func requestInsideDeliveryIsTheTriggeringUpstreamsResult() {
        let (a, b) = (RecordingUpstream<Int, Never>(), RecordingUpstream<Int, Never>())
        let subscriber = DemandProbe<(Int, Int), Never>(initial: .max(10))
        subscriber.whileReceiving = { _ in subscriber.subscription?.request(.max(5)) }
        a.zip(b).subscribe(subscriber)
        #expect(a.send(1) == .none)
        #expect(b.send(2) == .max(5))  // b completed the pair
        #expect(a.requests == [.max(10), .max(5)])
        #expect(b.requests == [.max(10)])
        // Outside a delivery, a request goes to every upstream.
        subscriber.subscription?.request(.max(1))
        #expect(a.requests == [.max(10), .max(5), .max(1)])
        #expect(b.requests == [.max(10), .max(1)])
    }

    @Test("An upstream's failure ends zip and cancels every upstream, the failed one too")
    func failureCancelsEveryUpstream() {
        let (a, b) = (RecordingUpstream<Int, TestError>(), RecordingUpstream<Int, TestError>())
        let subscriber = DemandProbe<(Int, Int), TestError>(initial: .unlimited)
        a.zip(b).subscribe(subscriber)
        a.send(completion: .failure(TestError()))
        #expect(subscriber.completions == [.failure(TestError())])
        #expect(a.events == [.request(.unlimited), .cancel])
        #expect(b.events == [.request(.unlimited), .cancel])
    }

    @Test("zip asks each upstream for the subscriber's demand: a subject drops the rest")
    func zipPassesDemand() {
        let (letters, numbers) = (
            PassthroughSubject<String, Never>(), PassthroughSubject<Int, Never>()
        )
        let subscriber = DemandProbe<(String, Int), Never>(initial: .max(1))
        letters.zip(numbers).subscribe(subscriber)
        letters.send("a")
        letters.send("b")  // the letters were asked for one: dropped
        numbers.send(1)
        numbers.send(2)  // dropped too
        subscriber.subscription?.request(.max(1))
        letters.send("c")
        numbers.send(3)
        #expect(subscriber.values.map { "\($0)\($1)" } == ["a1", "c3"])
    }
}

extension ZipTests {
    @Test("zip keeps a subscriber that keeps its subscription after a failure, until it lets go")
    func subscriberKeptAfterFailure() {
        let (a, b) = (PassthroughSubject<Int, TestError>(), PassthroughSubject<Int, TestError>())
        weak var released: KeepingSubscriber<(Int, Int), TestError>?
        do {
            let subscriber = KeepingSubscriber<(Int, Int), TestError>()
            released = subscriber
            a.zip(b).subscribe(subscriber)
        }
        a.send(completion: .failure(TestError()))
        #expect(released?.completions == [.failure(TestError())])
        // Combine's zip holds its subscriber for the subscription's whole life (OpenCombine's
        // ZipTests.testZip2Lifecycle, run against Apple's Combine too).
        #expect(released != nil)
        released?.subscription = nil
        #expect(released == nil)
    }
}
