// What the operators that subscribe to one upstream after another (catch, tryCatch, retry,
// append, prepend) do at their edges, as Combine's do: when their subscriber gets its
// subscription, what they do with a subscription that comes twice, where retry's demand goes,
// how its attempts follow one another, and how their subscribers show themselves. Every test
// here compiles and passes in both configurations (.ci/apple-sim runs them against Combine)
// unless it says otherwise.
import Publishing
import Testing

/// A publisher that records how deeply its subscribes nest, and fails each subscriber after the
/// first at once, inside its subscribe, until `failures` have failed; then it finishes them.
private final class FailingAtOnce: Publisher {
    typealias Output = Int
    typealias Failure = TestError

    private let failures: Int
    private var depth = 0
    private(set) var deepest = 0
    private(set) var subscribes = 0
    private(set) var first: AnySubscriber<Int, TestError>?

    init(failures: Int) {
        self.failures = failures
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        depth += 1
        deepest = Swift.max(deepest, depth)
        defer { depth -= 1 }
        subscribes += 1
        subscriber.receive(subscription: Subscriptions.empty)
        if subscribes == 1 {
            first = AnySubscriber(subscriber)
        } else if subscribes <= failures + 1 {
            subscriber.receive(completion: .failure(TestError(code: subscribes)))
        } else {
            subscriber.receive(completion: .finished)
        }
    }
}

@Suite("The one-upstream-at-a-time operators at their edges")
struct SuccessionEdgeTests {
    /// The operators under test, each over `upstream`, as a subscriber of `Int` sees them.
    private static func operators(
        over upstream: RecordingUpstream<Int, TestError>
    ) -> [(name: String, publisher: AnyPublisher<Int, TestError>)] {
        [
            ("Catch", upstream.catch { _ in Empty<Int, TestError>() }.eraseToAnyPublisher()),
            ("Retry", upstream.retry(2).eraseToAnyPublisher()),
            ("Concatenate", upstream.append(7).eraseToAnyPublisher()),
        ]
    }

    @Test(
        "catch, retry and append hand their subscriber its subscription when the upstream's comes")
    func subscriptionComesWithTheUpstreams() {
        for index in 0..<3 {
            let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
            let (name, publisher) = Self.operators(over: upstream)[index]
            let probe = DemandProbe<Int, TestError>(initial: .max(2))
            publisher.subscribe(probe)
            #expect(probe.subscription == nil, "\(name)")
            upstream.sendSubscription()
            #expect(probe.subscription != nil, "\(name)")
            #expect(upstream.requests == [.max(2)], "\(name)")
        }
    }

    @Test("catch, retry and append cancel a second subscription, and the first given again")
    func secondSubscriptionIsCancelled() throws {
        for index in 0..<3 {
            let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
            let (name, publisher) = Self.operators(over: upstream)[index]
            publisher.subscribe(DemandProbe<Int, TestError>(initial: .none))
            let subscriber = try #require(upstream.subscriberObject)
            let second = RecordingUpstream<Int, TestError>.Recording()
            upstream.sendSubscription()
            subscriber.receive(subscription: second)
            #expect(second.events == [.cancel], "\(name)")
            #expect(upstream.events.isEmpty, "\(name)")
            upstream.sendSubscription()
            #expect(upstream.events == [.cancel], "\(name)")
        }
    }

    @Test("append drops a value it was not asked for, sent from inside a delivery")
    func appendDropsUnaskedValues() {
        let upstream = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<Int, TestError>(initial: .max(2))
        // Each value sends the next from inside its delivery, past what was asked for.
        probe.whileReceiving = { value in
            if value < 5 { #expect(upstream.send(value + 1) == .none) }
        }
        upstream.append(9).subscribe(probe)
        #expect(upstream.send(1) == .none)
        #expect(probe.values == [1, 2])
    }

    @Test("prepend drops a value from an upstream whose subscription has not come")
    func prependDropsValuesBeforeTheSubscription() {
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let probe = DemandProbe<Int, TestError>(initial: .max(5))
        upstream.prepend(0).subscribe(probe)
        #expect(probe.values == [0])
        #expect(upstream.send(1) == .none)
        upstream.sendSubscription()
        #expect(upstream.send(2) == .none)
        #expect(probe.values == [0, 2])
        #expect(upstream.requests == [.max(4)])
    }

    @Test("catch and append ignore a finish that comes before the upstream's subscription")
    func completionBeforeTheSubscriptionIsIgnored() {
        for index in [0, 2] {
            let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
            let (name, publisher) = Self.operators(over: upstream)[index]
            let probe = DemandProbe<Int, TestError>(initial: .max(1))
            publisher.subscribe(probe)
            // A finish only: Combine's evidence is for a finish (OpenCombine, which the
            // imitation runs, stops the program at catch's failure before the subscription).
            upstream.send(completion: .finished)
            #expect(probe.subscription == nil, "\(name)")
            #expect(probe.completions.isEmpty, "\(name)")
        }
        // After one from an upstream subscribed to, the stream goes on.
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        Just(0).setFailureType(to: TestError.self).append(upstream).subscribe(probe)
        upstream.send(completion: .finished)
        #expect(probe.completions.isEmpty)
        upstream.sendSubscription()
        upstream.send(completion: .finished)
        #expect(probe.values == [0])
        #expect(probe.completions == [.finished])
    }

    @Test("retry asks the upstream for what a value's delivery returns, and returns nothing")
    func retryAsksForReturnedDemand() {
        let upstream = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<Int, TestError>(initial: .max(3), perValue: .max(5))
        upstream.retry(1).subscribe(probe)
        #expect(upstream.send(1) == .none)
        #expect(probe.values == [1])
        #expect(upstream.requests == [.max(3), .max(5)])
    }

    @Test("retry subscribes again after a subscribe has returned, never inside it")
    func retryAttemptsDoNotNest() throws {
        let upstream = FailingAtOnce(failures: 4)
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        upstream.retry(5).subscribe(probe)
        try #require(upstream.first).receive(completion: .failure(TestError(code: 1)))
        // Four more attempts fail at once, and the sixth finishes, within the retries.
        #expect(upstream.subscribes == 6)
        #expect(probe.completions == [.finished])
        #expect(upstream.deepest == 1)
    }

    @Test("retry's subscriber to its upstream is its subscription too: asked and cancelled early")
    func retrysSubscriberIsItsSubscription() throws {
        let asking = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        asking.retry(1).subscribe(DemandProbe<Int, TestError>(initial: .none))
        try #require(asking.subscriberObject as? any Subscription).request(.max(3))
        asking.sendSubscription()
        #expect(asking.events == [.request(.max(3))])

        let cancelling = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        cancelling.retry(1).subscribe(DemandProbe<Int, TestError>(initial: .none))
        try #require(cancelling.subscriberObject as? any Subscription).cancel()
        cancelling.sendSubscription()
        #expect(cancelling.events == [.cancel])
    }

    @Test("retry with a negative count subscribes again without limit")
    func negativeRetryHasNoLimit() throws {
        let upstream = FailingAtOnce(failures: 50)
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        upstream.retry(-1).subscribe(probe)
        try #require(upstream.first).receive(completion: .failure(TestError(code: 1)))
        #expect(upstream.subscribes == 52)
        #expect(probe.completions == [.finished])
    }

    @Test("The subscriber an upstream gets is named as the operator, and reflects as Combine's")
    func upstreamsSubscriberShowsTheOperator() throws {
        for index in 0..<3 {
            let upstream = RecordingUpstream<Int, TestError>()
            let (name, publisher) = Self.operators(over: upstream)[index]
            let probe = DemandProbe<Int, TestError>(initial: .none)
            publisher.subscribe(probe)
            let subscriber = try #require(upstream.receivedSubscriber)
            let subscription = try #require(probe.subscription)
            for shown in [subscriber, subscription as Any] {
                #expect(String(describing: shown) == name)
                let children = Mirror(reflecting: shown).children
                // catch shows its subscriber and what is owed; the others show nothing.
                #expect(
                    children.map(\.label) == (name == "Catch" ? ["downstream", "demand"] : []),
                    "\(name)")
                if let downstream = children.first?.value {
                    #expect(String(describing: downstream).contains("DemandProbe"))
                }
            }
        }
    }

    // OpenCombine's ConcatenateTests.testCombineIdentifier, run against Apple's Combine: the
    // three are of three types.
    @Test(
        "append's subscriber to each upstream has its subscription's identifier, under a type of its own"
    )
    func appendsSubscribersShareTheIdentifier() throws {
        let prefix = RecordingUpstream<Int, TestError>()
        let suffix = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<Int, TestError>(initial: .none)
        prefix.append(suffix).subscribe(probe)
        let subscription = try #require(probe.subscription)
        let identifier = subscription.combineIdentifier
        let prefixSubscriber = try #require(prefix.subscriberObject)
        #expect(prefixSubscriber.combineIdentifier == identifier)
        prefix.send(completion: .finished)
        let suffixSubscriber = try #require(suffix.subscriberObject)
        #expect(suffixSubscriber.combineIdentifier == identifier)
        #expect(type(of: prefixSubscriber) != type(of: suffixSubscriber))
        #expect(type(of: subscription) != type(of: prefixSubscriber))
        #expect(type(of: subscription) != type(of: suffixSubscriber))
    }

    // Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can
    // start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        @Test(
            "catch, tryCatch, retry and switchToLatest stop the program at a value they did not ask for"
        )
        func unaskedValueTraps() async {
            let catching = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let upstream = RecordingUpstream<Int, TestError>()
                upstream.catch { _ in Empty<Int, TestError>() }
                    .subscribe(DemandProbe<Int, TestError>(initial: .none))
                upstream.send(1)
            }
            expectStopped(catching, saying: "Catch was sent a value it did not ask for")
            let tryCatching = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let upstream = RecordingUpstream<Int, TestError>()
                upstream.tryCatch { _ in Empty<Int, TestError>() }
                    .subscribe(DemandProbe<Int, any Error>(initial: .max(1)))
                upstream.send(1)
                upstream.send(2)
            }
            expectStopped(tryCatching, saying: "TryCatch was sent a value it did not ask for")
            let retrying = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
                upstream.retry(1).subscribe(DemandProbe<Int, TestError>(initial: .max(1)))
                upstream.send(1)
            }
            expectStopped(retrying, saying: "Retry was sent a value it did not ask for")
            let switching = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let outer = PassthroughSubject<RecordingUpstream<Int, TestError>, TestError>()
                let inner = RecordingUpstream<Int, TestError>()
                outer.switchToLatest().subscribe(DemandProbe<Int, TestError>(initial: .max(1)))
                outer.send(inner)
                inner.send(1)
                inner.send(2)
            }
            expectStopped(switching, saying: "SwitchToLatest was sent a value it did not ask for")
            // Within what was asked for, nothing stops; nor does a value from an inner
            // publisher switched away from.
            await #expect(processExitsWith: .success) {
                let outer = PassthroughSubject<RecordingUpstream<Int, TestError>, TestError>()
                let (first, second) = (
                    RecordingUpstream<Int, TestError>(), RecordingUpstream<Int, TestError>()
                )
                outer.switchToLatest().subscribe(DemandProbe<Int, TestError>(initial: .max(1)))
                outer.send(first)
                first.send(1)
                outer.send(second)
                first.send(2)
            }
            await #expect(processExitsWith: .success) {
                let upstream = RecordingUpstream<Int, TestError>()
                upstream.retry(1).subscribe(DemandProbe<Int, TestError>(initial: .max(2)))
                upstream.send(1)
                upstream.send(2)
            }
        }

        @Test("catch and tryCatch stop the program when their upstream fails a second time")
        func secondFailureTraps() async {
            let catching = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let upstream = RecordingUpstream<Int, TestError>()
                let handler = PassthroughSubject<Int, TestError>()
                upstream.catch { _ in handler }
                    .subscribe(DemandProbe<Int, TestError>(initial: .max(1)))
                upstream.send(completion: .failure(TestError(code: 1)))
                upstream.send(completion: .failure(TestError(code: 2)))
            }
            expectStopped(catching, saying: "Catch was sent a second failure by its upstream")
            let tryCatching = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let upstream = RecordingUpstream<Int, TestError>()
                let handler = PassthroughSubject<Int, TestError>()
                upstream.tryCatch { _ in handler }
                    .subscribe(DemandProbe<Int, any Error>(initial: .max(1)))
                upstream.send(completion: .failure(TestError(code: 1)))
                upstream.send(completion: .failure(TestError(code: 2)))
            }
            expectStopped(tryCatching, saying: "TryCatch was sent a second failure by its upstream")
            // Once the stream has ended, nothing relies on the upstream any more.
            await #expect(processExitsWith: .success) {
                let upstream = RecordingUpstream<Int, TestError>()
                let probe = DemandProbe<Int, TestError>(initial: .max(1))
                upstream.catch { _ in Empty<Int, TestError>() }.subscribe(probe)
                upstream.send(completion: .failure(TestError(code: 1)))
                upstream.send(completion: .failure(TestError(code: 2)))
                precondition(probe.completions == [.finished])
            }
        }

        @Test(
            "switchToLatest stops the program at a request for no values, and at an inner completion before its subscription"
        )
        func switchToLatestTraps() async {
            let zeroDemand = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let outer = PassthroughSubject<Just<Int>, Never>()
                let probe = DemandProbe<Int, Never>(initial: .none)
                outer.switchToLatest().subscribe(probe)
                probe.request(.none)
            }
            expectStopped(zeroDemand, saying: "API Violation: demand must not be zero")
            let finished = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let outer = PassthroughSubject<RecordingUpstream<Int, TestError>, TestError>()
                let inner = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
                outer.switchToLatest().subscribe(DemandProbe<Int, TestError>(initial: .max(1)))
                outer.send(inner)
                inner.send(completion: .finished)
            }
            expectStopped(
                finished, saying: "SwitchToLatest was sent a completion before its subscription")
            let failed = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let outer = PassthroughSubject<RecordingUpstream<Int, TestError>, TestError>()
                let inner = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
                outer.switchToLatest().subscribe(DemandProbe<Int, TestError>(initial: .max(1)))
                outer.send(inner)
                inner.send(completion: .failure(TestError()))
            }
            expectStopped(
                failed, saying: "SwitchToLatest was sent a completion before its subscription")
            // Once subscribed, the inner publisher's completion is served.
            await #expect(processExitsWith: .success) {
                let outer = PassthroughSubject<RecordingUpstream<Int, TestError>, TestError>()
                let inner = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
                let probe = DemandProbe<Int, TestError>(initial: .max(1))
                outer.switchToLatest().subscribe(probe)
                outer.send(inner)
                inner.sendSubscription()
                inner.send(completion: .failure(TestError()))
                precondition(probe.completions == [.failure(TestError())])
            }
        }
    #endif
}
