// buffer: what it keeps until asked for, what it drops when full, and what it asks upstream. Every
// test here compiles and passes in both configurations (.ci/apple-sim runs them against Combine)
// unless it says otherwise.
import ObservationTesting
import Publishing
import Testing

@Suite("buffer")
struct BufferTests {
    @Test("buffer keeps values until asked for; when full, drops the newest or the oldest")
    func bufferKeepsValuesUntilAsked() {
        let subject = PassthroughSubject<Int, Never>()
        let newest = DemandProbe<Int, Never>(initial: .none)
        subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(newest)
        let oldest = DemandProbe<Int, Never>(initial: .none)
        subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(oldest)
        for value in 1...4 { subject.send(value) }
        newest.subscription?.request(.max(3))
        oldest.subscription?.request(.max(3))
        #expect(newest.values == [1, 2])
        #expect(oldest.values == [3, 4])
        subject.send(5)
        #expect(newest.values == [1, 2, 5])
        #expect(oldest.values == [3, 4, 5])
        subject.send(completion: .finished)
        // Nothing waits, but nothing is asked for either: the finish waits for a request.
        #expect(newest.completions.count == 0)
        newest.subscription?.request(.max(1))
        #expect(newest.completions.count == 1)
    }

    @Test("buffer with .keepFull asks for its size, then one more for each value sent on")
    func bufferKeepsFull() {
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        subject.handleEvents(receiveRequest: { requests.append($0) })
            .buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        #expect(requests == [.max(2)])
        for value in 1...3 { subject.send(value) }  // 3 meets no demand: the subject drops it
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1])
        #expect(requests == [.max(2), .max(1)])
        subject.send(4)
        subscriber.subscription?.request(.max(2))
        #expect(subscriber.values == [1, 2, 4])
    }

    @Test(
        "A full .customError buffer cancels its upstream and fails at the next request, after the values that request asks for"
    )
    func customErrorFailsAfterTheValuesAskedFor() {
        let upstream = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .none)
        upstream.buffer(
            size: 3, prefetch: .byRequest, whenFull: .customError { TestError(code: 7) }
        )
        .subscribe(subscriber)
        for value in 1...4 { upstream.send(value) }  // 4 finds the buffer full
        #expect(upstream.events == [.request(.unlimited), .cancel])
        #expect(subscriber.completions.isEmpty)
        upstream.send(5)  // after the failure: neither kept nor a reason to send it
        #expect(subscriber.completions.isEmpty)
        subscriber.subscription?.request(.max(2))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions == [.failure(TestError(code: 7))])  // 3 is dropped
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.count == 1)
    }

    @Test("A buffer's failure with nothing asked for goes at once, dropping what waits")
    func failureWithNothingAskedForGoesAtOnce() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .none)
        subject.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(TestError()))
        #expect(subscriber.completions == [.failure(TestError())])
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values.isEmpty)
    }

    @Test(
        "Before its subscription a buffer ignores a cancel; after a finish it still keeps values, sent before the finish"
    )
    func bufferOutsideTheProtocol() throws {
        let upstream = RecordingUpstream<Int, Never>(subscribesAtOnce: false)
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        let buffer = try #require(upstream.subscriberObject as? any Subscription)
        buffer.cancel()
        upstream.sendSubscription()
        #expect(upstream.events == [.request(.max(2))])
        #expect(subscriber.subscription != nil)
        upstream.send(completion: .finished)
        upstream.send(1)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.completions == [.finished])
        // With .keepFull, what was sent on is asked for again, of the finished upstream too.
        #expect(upstream.events == [.request(.max(2)), .request(.max(1))])
    }

    // A `.customError` closure that calls back into its own full buffer: Combine makes the error
    // with its lock held, so the call traps there (OpenCombine's BufferTests
    // .testDeadlockWhenErroringOnFullBuffer asserts the crash, run against Apple's Combine).
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        @Test(
            "A .customError closure that sends into, asks of or cancels its full buffer stops the program",
            arguments: ["send", "request", "cancel"])
        func customErrorClosureCallsBackTraps(call: String) async {
            let result = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) { [call] in
                let subject = PassthroughSubject<Int, TestError>()
                let subscriber = DemandProbe<Int, TestError>(initial: .none)
                subject.buffer(
                    size: 1, prefetch: .byRequest,
                    whenFull: .customError {
                        switch call {
                        case "send": subject.send(100)
                        case "request": subscriber.subscription?.request(.max(1))
                        default: subscriber.subscription?.cancel()
                        }
                        return TestError()
                    }
                )
                .subscribe(subscriber)
                subject.send(1)
                subject.send(2)
            }
            expectStopped(
                result, saying: "Buffer's .customError closure called back into the buffer")
        }
    #endif

    @Test(
        "A .customError closure that calls nothing back fails the stream once, at the next request")
    func customErrorFailsAtTheNextRequest() {
        let subject = PassthroughSubject<Int, TestError>()
        var cancels = 0
        var made = 0
        let subscriber = DemandProbe<Int, TestError>(initial: .none)
        subject.handleEvents(receiveCancel: { cancels += 1 })
            .buffer(
                size: 1, prefetch: .byRequest,
                whenFull: .customError {
                    made += 1
                    return TestError(code: made)
                }
            )
            .subscribe(subscriber)
        subject.send(1)
        subject.send(2)  // full: the closure runs, once, and the upstream is cancelled
        #expect(made == 1)
        #expect(cancels == 1)
        // The failure waits for the subscriber's next request, after what it asks for.
        #expect(subscriber.completions.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.failure(TestError(code: 1))])
    }

    // OpenCombine's BufferTests.testFailWhileSendingValues, run against Apple's Combine: a
    // request sends at once every value it asks for that waits; a failure the first of them
    // causes goes out before the others, which still follow it.
    @Test("A failure sent while a request's values go out reaches the subscriber before the rest")
    func failureWhileSendingValues() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .none)
        /// How many completions the subscriber had when each value's delivery returned.
        var completionsAfter: [Int] = []
        subscriber.whileReceiving = { [weak subscriber] value in
            if value == 1 { subject.send(completion: .failure(TestError())) }
            completionsAfter.append(subscriber?.completions.count ?? -1)
        }
        subject.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest)
            .subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        subscriber.subscription?.request(.max(3))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.failure(TestError())])
        #expect(completionsAfter == [1, 1, 1])
    }
}

extension BufferTests {
    @Test(
        "buffer keeps a subscriber that keeps its subscription after the end, until it lets go",
        arguments: [false, true])
    func subscriberKeptAfterTheEnd(keepsFull: Bool) {
        let prefetch: Publishers.PrefetchStrategy = keepsFull ? .keepFull : .byRequest
        let subject = PassthroughSubject<Int, TestError>()
        weak var released: KeepingSubscriber<Int, TestError>?
        do {
            let subscriber = KeepingSubscriber<Int, TestError>()
            released = subscriber
            subject.buffer(size: 1, prefetch: prefetch, whenFull: .dropOldest)
                .subscribe(subscriber)
        }
        subject.send(completion: .finished)
        #expect(released?.completions == [.finished])
        // Combine's buffer holds its subscriber for the subscription's whole life (OpenCombine's
        // BufferTests lifecycle tests, run against Apple's Combine too).
        #expect(released != nil)
        released?.subscription = nil
        #expect(released == nil)
    }
}
