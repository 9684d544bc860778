// flatMap at its edges, as Combine's (OpenCombine's FlatMapTests, run against Apple's Combine).
// Every test here compiles and passes in both configurations (.ci/apple-sim runs them against
// Combine) unless it says otherwise.
import Publishing
import Testing

@Suite("flatMap at its edges")
struct FlatMapEdgeTests {
    @Test("flatMap(maxPublishers: .none) asks its upstream for none, and is sent nothing")
    func maxPublishersNone() {
        let upstream = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.flatMap(maxPublishers: .none) { Just($0) }.subscribe(probe)
        #expect(upstream.events == [.request(.none)])
        #expect(probe.subscription != nil)
        #expect(probe.values.isEmpty)
    }

    @Test(
        "With limited demand, a value from an inner publisher that has finished still goes out while others run"
    )
    func valueAfterInnerFinish() {
        let upstream = RecordingUpstream<Int, TestError>()
        let inners = [RecordingUpstream<Int, TestError>(), RecordingUpstream<Int, TestError>()]
        // Limited: with unlimited demand Linux attaches each inner publisher with a `sink`, which
        // drops what comes after its completion.
        let probe = DemandProbe<Int, TestError>(initial: .max(5))
        upstream.flatMap { inners[$0] }.subscribe(probe)
        upstream.send(0)
        upstream.send(1)
        upstream.send(completion: .finished)
        inners[0].send(1)
        inners[0].send(completion: .finished)
        #expect(probe.completions.isEmpty)
        // A broken inner publisher's value after its finish: Combine's sends it on.
        inners[0].send(2)
        inners[1].send(completion: .finished)
        #expect(probe.values == [1, 2])
        #expect(probe.completions == [.finished])
    }

    @Test(
        "An inner publisher's failure cancels the other inner publishers, not the upstream",
        arguments: [Subscribers.Demand.unlimited, .max(2)])
    func innerFailureLeavesUpstream(maxPublishers: Subscribers.Demand) {
        let upstream = RecordingUpstream<Int, TestError>()
        let inners = [RecordingUpstream<Int, TestError>(), RecordingUpstream<Int, TestError>()]
        let probe = DemandProbe<Int, TestError>(initial: .unlimited)
        upstream.flatMap(maxPublishers: maxPublishers) { inners[$0] }.subscribe(probe)
        upstream.send(0)
        upstream.send(1)
        inners[0].send(completion: .failure(TestError(code: 1)))
        #expect(probe.completions == [.failure(TestError(code: 1))])
        #expect(inners[1].isCancelled)
        // Let go of, uncancelled, as Combine's (OpenCombine's
        // testAllSubscriptionsReleasedOnChildFailure, run against Apple's Combine).
        #expect(!upstream.isCancelled)
        #expect(upstream.requests == [maxPublishers])
        probe.cancel()
        #expect(!upstream.isCancelled)
    }
}
