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
        "A value from an inner publisher that has finished still goes out while others run",
        arguments: [Subscribers.Demand.max(5), .unlimited])
    func valueAfterInnerFinish(demand: Subscribers.Demand) {
        let upstream = RecordingUpstream<Int, TestError>()
        let inners = [RecordingUpstream<Int, TestError>(), RecordingUpstream<Int, TestError>()]
        let probe = DemandProbe<Int, TestError>(initial: demand)
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

    @Test(
        "The upstream and each inner publisher are subscribed by flatMap's own objects, shown as Combine's",
        arguments: [Subscribers.Demand.unlimited, .max(1)])
    func subscribersShowFlatMap(maxPublishers: Subscribers.Demand) throws {
        let upstream = RecordingUpstream<Int, Never>()
        let inner = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.flatMap(maxPublishers: maxPublishers) { _ in inner }.subscribe(probe)
        upstream.send(0)
        let outer = try #require(upstream.subscriberObject)
        #expect((outer as? any CustomStringConvertible)?.description == "FlatMap")
        // The subscriber's subscription is the upstream's subscriber.
        #expect(outer.combineIdentifier == probe.subscription?.combineIdentifier)
        let side = try #require(inner.receivedSubscriber)
        #expect((side as? any CustomStringConvertible)?.description == "FlatMap")
        #expect(!(side is any Subscription))
        let mirror = try #require((side as? any CustomReflectable)?.customMirror)
        let children = mirror.children.map { ($0.label, String(describing: $0.value)) }
        #expect(children.count == 1)
        #expect(children.first?.0 == "parentSubscription")
        #expect(children.first?.1 == String(describing: outer.combineIdentifier))
    }

    @Test("After the stream's failure an inner publisher's value still goes out, within the demand")
    func valueAfterFailure() {
        let upstream = RecordingUpstream<Int, TestError>()
        let inner = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<Int, TestError>(initial: .max(2))
        upstream.flatMap(maxPublishers: .max(1)) { _ in inner }.subscribe(probe)
        upstream.send(0)
        inner.send(1)
        inner.send(completion: .failure(TestError(code: 1)))
        #expect(probe.completions == [.failure(TestError(code: 1))])
        // A broken inner publisher's values after the failure: Combine's sends what is still
        // asked for (one), and no more.
        inner.send(2)
        inner.send(3)
        #expect(probe.values == [1, 2])
        #expect(upstream.requests == [.max(1)])
        // Its finish then is not sent on. (What it asks of the upstream then, no test run
        // against Apple's Combine shows: the imitation asks for one more; Linux does not.)
        inner.send(completion: .finished)
        #expect(probe.completions == [.failure(TestError(code: 1))])
    }

    @Test("Each finish of an inner publisher asks the upstream for one more, a repeated one too")
    func repeatedInnerFinishAsksAgain() {
        let upstream = RecordingUpstream<Int, Never>()
        let inner = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<Int, Never>(initial: .none)
        upstream.flatMap(maxPublishers: .max(1)) { _ in inner }.subscribe(probe)
        upstream.send(0)
        inner.send(completion: .finished)
        #expect(upstream.requests == [.max(1), .max(1)])
        // A broken inner publisher's second finish: Combine's asks again.
        inner.send(completion: .finished)
        #expect(upstream.requests == [.max(1), .max(1), .max(1)])
        #expect(probe.completions.isEmpty)
    }

    @Test(
        "An inner publisher that finishes at once asks for the next value through the subscription"
    )
    func immediateInnerAsksThroughSubscription() {
        let upstream = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.flatMap(maxPublishers: .max(2)) { Just($0) }.subscribe(probe)
        // Asked for from inside the value's delivery, not returned from it, as Combine's asks.
        #expect(upstream.send(1) == .none)
        #expect(upstream.requests == [.max(2), .max(1)])
        #expect(probe.values == [1])
    }

    #if !APPLE_SIM
        // OpenCombine, which the imitation runs as Combine, cancels with a lock that does not
        // stop the program there; Combine's does (OpenCombine's
        // FlatMapTests.testCrashesWhenUpstreamFailsDuringChildCancellation, run against it).
        @Test(
            "The upstream's completion from inside the cancelling of the inner publishers for its failure stops the program"
        )
        func upstreamCompletionDuringInnerCancelTraps() async {
            let stopped = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let upstream = RecordingUpstream<Int, TestError>()
                let inner = CancelHook()
                let probe = DemandProbe<Int, TestError>(initial: .unlimited)
                upstream.flatMap { _ in inner }.subscribe(probe)
                upstream.send(0)
                inner.onCancel = { upstream.send(completion: .failure(TestError(code: 2))) }
                upstream.send(completion: .failure(TestError(code: 1)))
            }
            expectStopped(stopped, saying: "while its inner publishers were being cancelled")
            // Cancelling for the failure, with nothing sent back, goes on.
            await #expect(processExitsWith: .success) {
                let upstream = RecordingUpstream<Int, TestError>()
                let inner = CancelHook()
                let probe = DemandProbe<Int, TestError>(initial: .unlimited)
                upstream.flatMap { _ in inner }.subscribe(probe)
                upstream.send(0)
                upstream.send(completion: .failure(TestError(code: 1)))
                precondition(inner.isCancelled)
            }
        }
    #endif
}

/// An inner publisher whose subscription runs `onCancel` when cancelled.
private final class CancelHook: Publisher, Subscription {
    typealias Output = Int
    typealias Failure = TestError
    var onCancel: () -> Void = {}
    private(set) var isCancelled = false

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        subscriber.receive(subscription: self)
    }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {
        isCancelled = true
        onCancel()
    }
}
