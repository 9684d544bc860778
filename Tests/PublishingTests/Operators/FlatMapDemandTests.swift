// flatMap as Combine runs it for a subscriber that asks for a few values at a time: what each
// inner publisher is asked for and when, which values are kept, and in which order they come.
// Every test here compiles and passes in both configurations.
import Publishing
import Testing

/// An inner publisher the tests send through, recording what it is asked.
private typealias Recorded = RecordingUpstream<Int, TestError>

@Suite("flatMap: what each inner publisher is asked for, and which values are kept")
struct FlatMapDemandTests {
    /// An upstream subject of indexes into `inners`, flat-mapped to them, into `probe`.
    private static func subscribe(
        _ probe: DemandProbe<Int, TestError>, to inners: [Recorded],
        maxPublishers: Subscribers.Demand = .unlimited
    ) -> PassthroughSubject<Int, TestError> {
        let upstream = PassthroughSubject<Int, TestError>()
        upstream.flatMap(maxPublishers: maxPublishers) { inners[$0] }.subscribe(probe)
        return upstream
    }

    @Test("With limited demand each inner is asked for one value, then one more per value sent")
    func limitedDemandAsksForOne() {
        let inners = [Recorded(), Recorded()]
        let probe = DemandProbe<Int, TestError>(initial: .max(2))
        let upstream = Self.subscribe(probe, to: inners)
        upstream.send(0)
        upstream.send(1)
        #expect(inners.map(\.events) == [[.request(.max(1))], [.request(.max(1))]])
        // Sent at once: the inner publisher is asked for one more in its place.
        #expect(inners[0].send(10) == .max(1))
        #expect(inners[1].send(20) == .max(1))
        #expect(probe.values == [10, 20])
        // Nothing asked for: kept, and the inner publisher asked for nothing more.
        #expect(inners[1].send(21) == Subscribers.Demand.none)
        #expect(inners[0].send(11) == Subscribers.Demand.none)
        #expect(probe.values == [10, 20])
        // Asked for one: the first kept comes, and its inner publisher is asked for one more.
        probe.request(.max(1))
        #expect(probe.values == [10, 20, 21])
        #expect(inners[1].events == [.request(.max(1)), .request(.max(1))])
        #expect(inners[0].events == [.request(.max(1))])
        probe.request(.max(5))
        #expect(probe.values == [10, 20, 21, 11])
        #expect(inners[0].events == [.request(.max(1)), .request(.max(1))])
        // Demand left over: a new value is sent at once.
        #expect(inners[0].send(12) == .max(1))
        #expect(probe.values == [10, 20, 21, 11, 12])
        #expect(probe.completions.isEmpty)
    }

    @Test("Values kept while nothing is asked for come in the order they arrived, when asked")
    func keptValuesInArrivalOrder() {
        let inners = [Recorded(), Recorded(), Recorded()]
        let probe = DemandProbe<Int, TestError>(initial: .none)
        let upstream = Self.subscribe(probe, to: inners)
        for index in inners.indices { upstream.send(index) }
        #expect(inners[1].send(1) == Subscribers.Demand.none)
        #expect(inners[0].send(0) == Subscribers.Demand.none)
        #expect(inners[2].send(2) == Subscribers.Demand.none)
        #expect(probe.values.isEmpty)
        probe.request(.max(2))
        #expect(probe.values == [1, 0])
        #expect(inners.map(\.events.count) == [2, 2, 1])
        probe.request(.max(1))
        #expect(probe.values == [1, 0, 2])
        #expect(inners.map(\.events.count) == [2, 2, 2])
    }

    @Test("With unlimited demand every inner is asked for .unlimited, and values go straight on")
    func unlimitedDemand() {
        let inners = [Recorded(), Recorded()]
        let probe = DemandProbe<Int, TestError>(initial: .unlimited)
        let upstream = Self.subscribe(probe, to: inners)
        upstream.send(0)
        upstream.send(1)
        #expect(inners.map(\.events) == [[.request(.unlimited)], [.request(.unlimited)]])
        inners[1].send(2)
        inners[0].send(1)
        inners[1].send(3)
        #expect(probe.values == [2, 1, 3])
        #expect(inners.map(\.events) == [[.request(.unlimited)], [.request(.unlimited)]])
    }

    @Test("Asking for .unlimited later sends what was kept, then asks every inner for .unlimited")
    func limitedThenUnlimited() {
        let inner = Recorded()
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        let upstream = Self.subscribe(probe, to: [inner])
        upstream.send(0)
        #expect(inner.send(1) == .max(1))
        #expect(inner.send(2) == Subscribers.Demand.none)
        probe.request(.unlimited)
        #expect(probe.values == [1, 2])
        #expect(inner.events == [.request(.max(1)), .request(.unlimited)])
        inner.send(3)
        #expect(probe.values == [1, 2, 3])
    }

    @Test("A request from inside receive adds to the demand without nesting deliveries")
    func reentrantRequest() {
        let inners = [Recorded(), Recorded()]
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        probe.whileReceiving = { value in
            if value == 0 { probe.request(.max(3)) }
        }
        let upstream = Self.subscribe(probe, to: inners)
        upstream.send(0)
        #expect(inners[0].send(0) == .max(1))
        #expect(inners[0].send(1) == .max(1))
        #expect(inners[0].send(2) == .max(1))
        #expect(inners[0].send(3) == .max(1))
        #expect(inners[0].send(4) == Subscribers.Demand.none)
        #expect(probe.values == [0, 1, 2, 3])
        #expect(inners[0].events == [.request(.max(1))])

        // A value kept behind the one being sent comes once that delivery returns, not inside.
        probe.whileReceiving = { value in
            if value == 4 { probe.request(.max(1)) }
        }
        upstream.send(1)
        #expect(inners[1].send(5) == Subscribers.Demand.none)
        probe.request(.max(1))
        #expect(probe.values == [0, 1, 2, 3, 4, 5])
        #expect(probe.deepest == 1)
        #expect(inners[0].events == [.request(.max(1)), .request(.max(1))])
        #expect(inners[1].events == [.request(.max(1)), .request(.max(1))])
    }

    @Test("It finishes once the upstream and every inner have, and what was kept is sent")
    func finishesAfterKeptValues() {
        let inners = [Recorded(), Recorded()]
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        let upstream = Self.subscribe(probe, to: inners)
        upstream.send(0)
        upstream.send(1)
        #expect(inners[0].send(1) == .max(1))
        #expect(inners[0].send(2) == Subscribers.Demand.none)
        inners[0].send(completion: .finished)
        upstream.send(completion: .finished)
        #expect(probe.completions.isEmpty)
        inners[1].send(completion: .finished)
        // Every publisher has finished, but a value is kept: the finish waits for it.
        #expect(probe.completions.isEmpty)
        probe.request(.max(1))
        #expect(probe.values == [1, 2])
        #expect(probe.completions == [.finished])
        // A finished inner publisher is not asked for more, nor cancelled.
        #expect(inners[0].events == [.request(.max(1))])
        #expect(inners[1].events == [.request(.max(1))])
    }

    @Test("An inner publisher's failure cancels the others, drops what was kept, and is sent")
    func innerFailure() {
        let inners = [Recorded(), Recorded(), Recorded()]
        let probe = DemandProbe<Int, TestError>(initial: .none)
        let upstream = Self.subscribe(probe, to: inners)
        for index in inners.indices { upstream.send(index) }
        #expect(inners[0].send(1) == Subscribers.Demand.none)
        inners[1].send(completion: .failure(TestError(code: 1)))
        #expect(probe.completions == [.failure(TestError(code: 1))])
        #expect(inners[0].events == [.request(.max(1)), .cancel])
        #expect(inners[1].events == [.request(.max(1))])
        #expect(inners[2].events == [.request(.max(1)), .cancel])
        probe.request(.max(1))
        #expect(inners[2].send(2) == Subscribers.Demand.none)
        #expect(probe.values.isEmpty)
        #expect(probe.completions.count == 1)
    }

    @Test("The upstream's failure cancels every inner publisher and is sent at once")
    func upstreamFailure() {
        let inners = [Recorded(), Recorded()]
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        let upstream = Self.subscribe(probe, to: inners)
        upstream.send(0)
        upstream.send(1)
        #expect(inners[0].send(1) == .max(1))
        #expect(inners[1].send(2) == Subscribers.Demand.none)
        upstream.send(completion: .failure(TestError(code: 2)))
        #expect(probe.values == [1])
        #expect(probe.completions == [.failure(TestError(code: 2))])
        #expect(inners[0].events == [.request(.max(1)), .cancel])
        #expect(inners[1].events == [.request(.max(1)), .cancel])
    }

    @Test("Cancelling cancels the upstream and every inner; nothing is sent or asked after")
    func cancelCancelsEverything() {
        let upstream = Recorded()
        let inners = [Recorded(), Recorded()]
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        upstream.flatMap(maxPublishers: .max(3)) { inners[$0] }.subscribe(probe)
        #expect(upstream.send(0) == Subscribers.Demand.none)
        #expect(upstream.send(1) == Subscribers.Demand.none)
        #expect(inners[1].send(1) == .max(1))
        #expect(inners[0].send(2) == Subscribers.Demand.none)
        probe.cancel()
        #expect(upstream.events == [.request(.max(3)), .cancel])
        #expect(inners[0].events == [.request(.max(1)), .cancel])
        #expect(inners[1].events == [.request(.max(1)), .cancel])
        probe.request(.max(5))
        #expect(inners[0].send(3) == Subscribers.Demand.none)
        inners[0].send(completion: .finished)
        #expect(probe.values == [1])
        #expect(probe.completions.isEmpty)
        #expect(upstream.events == [.request(.max(3)), .cancel])
        #expect(inners[0].events == [.request(.max(1)), .cancel])
    }

    @Test("maxPublishers: the upstream is asked for that many, then one more per finished inner")
    func maxPublishersUpstreamDemand() {
        let upstream = Recorded()
        let inners = [Recorded(), Recorded(), Recorded()]
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        upstream.flatMap(maxPublishers: .max(2)) { inners[$0] }.subscribe(probe)
        #expect(upstream.events == [.request(.max(2))])
        #expect(upstream.send(0) == Subscribers.Demand.none)
        #expect(upstream.send(1) == Subscribers.Demand.none)
        #expect(inners[1].send(1) == .max(1))
        #expect(inners[0].send(0) == Subscribers.Demand.none)
        inners[1].send(completion: .finished)
        #expect(upstream.events == [.request(.max(2)), .request(.max(1))])
        // The finished inner publisher's value was sent: nothing kept waits on it.
        #expect(upstream.send(2) == Subscribers.Demand.none)
        #expect(inners[2].events == [.request(.max(1))])
        inners[0].send(completion: .finished)
        // Its value is kept, though it has finished: it comes when asked for.
        #expect(upstream.events == [.request(.max(2)), .request(.max(1)), .request(.max(1))])
        probe.request(.max(1))
        #expect(probe.values == [1, 0])
        #expect(inners[0].events == [.request(.max(1))])
    }
}
