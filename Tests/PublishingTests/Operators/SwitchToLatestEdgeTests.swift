// switchToLatest at its edges, as Combine's (OpenCombine's SwitchToLatestTests, run against
// Apple's Combine): what subscribes to the publishers, and what a broken upstream gets. Every
// test here compiles and passes in both configurations (.ci/apple-sim runs them against
// Combine) unless it says otherwise.
import Publishing
import Testing

@Suite("switchToLatest at its edges")
struct SwitchToLatestEdgeTests {
    typealias Inner = RecordingUpstream<Int, TestError>

    @Test(
        "The upstream is subscribed by the subscription itself, each inner publisher by its own side"
    )
    func subscribersShowSwitchToLatest() throws {
        let upstream = RecordingUpstream<Inner, TestError>()
        let inner = Inner()
        let probe = DemandProbe<Int, TestError>(initial: .unlimited)
        upstream.switchToLatest().subscribe(probe)
        upstream.send(inner)
        let outer = try #require(upstream.subscriberObject)
        #expect(outer is any Subscription)
        #expect(outer.combineIdentifier == probe.subscription?.combineIdentifier)
        #expect((outer as? any CustomStringConvertible)?.description == "SwitchToLatest")
        let side = try #require(inner.receivedSubscriber)
        #expect(!(side is any Subscription))
        #expect((side as? any CustomStringConvertible)?.description == "SwitchToLatest")
        #expect(!(side is any CustomDebugStringConvertible))
        let mirror = try #require((side as? any CustomReflectable)?.customMirror)
        let children = mirror.children.map { ($0.label, String(describing: $0.value)) }
        #expect(children.count == 1)
        #expect(children.first?.0 == "parentSubscription")
        #expect(children.first?.1 == String(describing: outer.combineIdentifier))
    }

    @Test("Every completion the upstream sends goes on, a broken upstream's second ones too")
    func everyUpstreamCompletionGoesOn() {
        let upstream = RecordingUpstream<Inner, TestError>()
        let probe = DemandProbe<Int, TestError>(initial: .none)
        upstream.switchToLatest().subscribe(probe)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(TestError(code: 1)))
        upstream.send(completion: .finished)
        #expect(probe.completions == [.finished, .failure(TestError(code: 1)), .finished])
        // What it sends after its completion is not subscribed to.
        let late = Inner()
        upstream.send(late)
        #expect(late.receivedSubscriber == nil)
    }

    @Test("After the upstream's failure the latest inner publisher's values still go out")
    func innerValuesAfterUpstreamFailure() {
        let upstream = RecordingUpstream<Inner, TestError>()
        let inner = Inner()
        let probe = DemandProbe<Int, TestError>(initial: .max(1), perValue: .max(3))
        upstream.switchToLatest().subscribe(probe)
        upstream.send(inner)
        upstream.send(completion: .failure(TestError(code: 1)))
        #expect(inner.events == [.request(.max(1)), .cancel])
        #expect(!upstream.isCancelled)
        // A broken inner publisher sending after its cancel: Combine's passes its values on,
        // with the demand they return, and not its completion.
        #expect(inner.send(1) == .max(3))
        inner.send(completion: .finished)
        inner.send(completion: .failure(TestError(code: 2)))
        #expect(probe.values == [1])
        #expect(probe.completions == [.failure(TestError(code: 1))])
    }

    @Test(
        "An inner publisher's subscription that comes after the upstream's completion is asked for what is owed",
        arguments: [Subscribers.Completion<TestError>.finished, .failure(TestError(code: 1))])
    func lateInnerSubscription(completion: Subscribers.Completion<TestError>) {
        let upstream = RecordingUpstream<Inner, TestError>()
        let inner = Inner(subscribesAtOnce: false)
        let probe = DemandProbe<Int, TestError>(initial: .unlimited)
        upstream.switchToLatest().subscribe(probe)
        upstream.send(inner)
        upstream.send(completion: completion)
        // Finished: not yet, the inner publisher runs on; failed: at once.
        let expected: [Subscribers.Completion<TestError>] =
            if case .failure = completion { [completion] } else { [] }
        #expect(probe.completions == expected)
        inner.sendSubscription()
        #expect(inner.events == [.request(.unlimited)])
        #expect(probe.completions == expected)
    }

    @Test("After a cancel, or an inner publisher's failure, nothing more goes out")
    func nothingAfterCancelOrInnerFailure() {
        let upstream = RecordingUpstream<Inner, TestError>()
        let inners = [Inner(), Inner()]
        let probe = DemandProbe<Int, TestError>(initial: .unlimited)
        upstream.switchToLatest().subscribe(probe)
        upstream.send(inners[0])
        inners[0].send(completion: .failure(TestError(code: 1)))
        #expect(upstream.isCancelled)
        #expect(inners[0].send(1) == .none)
        inners[0].send(completion: .failure(TestError(code: 2)))
        upstream.send(completion: .finished)
        #expect(probe.values.isEmpty)
        #expect(probe.completions == [.failure(TestError(code: 1))])

        let upstream2 = RecordingUpstream<Inner, TestError>()
        let probe2 = DemandProbe<Int, TestError>(initial: .unlimited)
        upstream2.switchToLatest().subscribe(probe2)
        upstream2.send(inners[1])
        probe2.cancel()
        #expect(inners[1].events == [.request(.unlimited), .cancel])
        #expect(upstream2.events == [.request(.unlimited), .cancel])
        #expect(inners[1].send(2) == .none)
        upstream2.send(completion: .failure(TestError(code: 3)))
        #expect(probe2.values.isEmpty)
        #expect(probe2.completions.isEmpty)
    }
}
