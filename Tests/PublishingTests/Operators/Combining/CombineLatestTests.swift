// combineLatest, from what it sends to what it asks of each upstream. Every test here compiles and
// passes in both configurations (.ci/apple-sim runs them against Combine) unless it says
// otherwise.
import ObservationTesting
import Publishing
import Testing

@Suite("combineLatest: latest values, completion, demand, re-entrancy")
struct CombineLatestTests {
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

    @Test("combineLatest asks each upstream for its subscriber's demand, and does not replay")
    func combineLatestDemand() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<String, Never>())
        let subscriber = DemandProbe<(Int, String), Never>(initial: .max(1))
        a.combineLatest(b).subscribe(subscriber)
        a.send(1)
        b.send("x")
        a.send(2)  // each upstream was asked for one value: the subject drops these
        b.send("y")
        #expect(subscriber.values.map { "\($0)\($1)" } == ["1x"])
        subscriber.request(.max(1))  // nothing new is sent for it: nothing came since
        #expect(subscriber.values.map { "\($0)\($1)" } == ["1x"])
        a.send(3)
        b.send("z")  // no demand: only the latest
        #expect(subscriber.values.map { "\($0)\($1)" } == ["1x", "3x"])
        subscriber.request(.max(1))
        #expect(subscriber.values.map { "\($0)\($1)" } == ["1x", "3x"])
        a.send(4)
        #expect(subscriber.values.map { "\($0)\($1)" } == ["1x", "3x", "4z"])
        a.send(completion: .finished)
        b.send(completion: .finished)
        #expect(subscriber.completions.count == 1)
    }

    @Test("combineLatest with unlimited demand sends on every value once all have one")
    func combineLatestUnlimited() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let subscriber = DemandProbe<(Int, Int), Never>(initial: .unlimited)
        a.combineLatest(b).subscribe(subscriber)
        a.send(1)
        a.send(2)
        b.send(10)
        b.send(20)
        a.send(3)
        #expect(subscriber.values.map { $0 + $1 } == [12, 22, 23])
    }
}
