// output(in:) and prefix(_:) when their upstream breaks the protocol: they count every value it
// sends, whenever it sends it, as Combine's do (OpenCombine's OutputTests, run against Apple's
// Combine). Every test here compiles and passes in both configurations (.ci/apple-sim runs them
// against Combine) unless it says otherwise.
import Publishing
import Testing

@Suite("output(in:) and prefix(_:) outside the protocol")
struct OutputEdgeTests {
    @Test("After a completion, output(in:) still counts the values sent, and sends those in range")
    func valuesAfterACompletion() {
        let upstream = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .none, perValue: .max(2))
        upstream.output(in: 1..<3).subscribe(subscriber)
        upstream.send(completion: .failure(TestError()))
        upstream.send(completion: .finished)  // a second completion: not sent on
        #expect(upstream.send(1) == .max(1))  // skipped: asked for again, in its place
        #expect(upstream.send(2) == .max(2))  // what the subscriber returned
        #expect(upstream.send(3) == .max(2))
        #expect(upstream.send(4) == .none)  // past the range, with the stream already ended
        #expect(subscriber.values == [2, 3])
        #expect(subscriber.completions == [.failure(TestError())])
        #expect(upstream.events.isEmpty)
    }

    @Test("After a cancel, output(in:) still counts the values sent, and sends those in range")
    func valuesAfterACancel() {
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited, perValue: .max(3))
        upstream.output(in: 1..<3).subscribe(subscriber)
        subscriber.cancel()
        subscriber.request(.unlimited)  // after the cancel: not passed on
        subscriber.cancel()
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(3))
        upstream.send(completion: .finished)
        #expect(subscriber.values == [2])
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.events == [.request(.unlimited), .cancel])
    }

    @Test(
        "Before its subscription, prefix sends the values that come and ignores a cancel and a completion"
    )
    func beforeTheSubscription() throws {
        let upstream = RecordingUpstream<Int, Never>(subscribesAtOnce: false)
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.prefix(1).subscribe(subscriber)
        let prefix = try #require(upstream.subscriberObject as? any Subscription)
        prefix.cancel()
        #expect(upstream.send(7) == .none)
        upstream.send(completion: .finished)
        #expect(subscriber.values == [7])
        #expect(subscriber.completions.isEmpty)
        upstream.sendSubscription()
        #expect(upstream.events == [.request(.unlimited)])
        // The range was spent before the subscription: the next value finishes the stream.
        #expect(upstream.send(8) == .none)
        #expect(subscriber.values == [7])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.events == [.request(.unlimited), .cancel])
    }
}
