// What the one-subscription operators do with what comes before their upstream's subscription
// (a broken upstream's value or completion, an early request or cancel), as Combine's do: they
// differ by family, so each family is pinned here. Every test here compiles and passes in both
// configurations (.ci/apple-sim runs them against Combine) unless it says otherwise.
import Foundation
import ObservationTesting
import Publishing
import Testing

/// What a subscriber attached through an operator heard of an upstream that sent `value` and
/// then a completion before any subscription, with the demand the value's delivery returned.
private struct EarlyEvents<Output> {
    var demand: Subscribers.Demand
    var values: [Output]
    var completions: Int
    var subscribed: Bool
}

private func earlyEvents<P: Publisher>(
    value: Int, _ makeOperator: (RecordingUpstream<Int, TestError>) -> P
) -> EarlyEvents<P.Output> {
    let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
    let subscriber = DemandProbe<P.Output, P.Failure>(initial: .max(1), perValue: .max(42))
    makeOperator(upstream).subscribe(subscriber)
    let demand = upstream.send(value)
    upstream.send(completion: .finished)
    return EarlyEvents(
        demand: demand, values: subscriber.values, completions: subscriber.completions.count,
        subscribed: subscriber.subscription != nil)
}

/// What a subscription that comes after the subscriber cancelled is asked, the subscriber having
/// cancelled through the operator's subscriber to the upstream, which is also its subscription.
private func askedOfALateSubscription<P: Publisher>(
    _ makeOperator: (RecordingUpstream<Int, TestError>) -> P
) throws -> [UpstreamEvent] {
    let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
    makeOperator(upstream).subscribe(DemandProbe<P.Output, P.Failure>(initial: .max(1)))
    let subscription = try #require(upstream.subscriberObject as? any Subscription)
    subscription.cancel()
    upstream.sendSubscription()
    return upstream.events
}

@Suite("The one-subscription operators before their upstream's subscription")
struct BeforeSubscriptionTests {
    @Test(
        "drop(while:), replaceError, replaceEmpty and measureInterval ignore an early value and completion, asking for nothing"
    )
    func ignoringOperatorsIgnoreEarlyEvents() {
        var predicateCalls = 0
        let dropping = earlyEvents(value: 7) {
            $0.drop { _ in
                predicateCalls += 1
                return false
            }
        }
        #expect(predicateCalls == 0)
        let tryDropping = earlyEvents(value: 7) {
            $0.tryDrop { _ in
                predicateCalls += 1
                return false
            }
        }
        #expect(predicateCalls == 0)
        let replacingError = earlyEvents(value: 7) { $0.replaceError(with: 0) }
        let replacingEmpty = earlyEvents(value: 7) { $0.replaceEmpty(with: 0) }
        for events in [dropping, tryDropping, replacingError, replacingEmpty] {
            #expect(events.demand == .none)
            #expect(events.values.isEmpty)
            #expect(events.completions == 0)
            #expect(!events.subscribed)
        }
        let measuring = earlyEvents(value: 7) {
            $0.measureInterval(using: ImmediateScheduler.shared)
        }
        #expect(measuring.demand == .none)
        #expect(measuring.values.isEmpty)
        #expect(measuring.completions == 0)
    }

    @Test(
        "tryMap and tryScan hand an early value on, with the demand it returned, and ignore an early completion"
    )
    func valueHandlingOperatorsIgnoreAnEarlyCompletion() {
        let mapping = earlyEvents(value: 7) { $0.tryMap { $0 * 2 } }
        let scanning = earlyEvents(value: 7) { $0.tryScan(1) { $0 + $1 } }
        #expect(mapping.values == [14])
        #expect(scanning.values == [8])
        for events in [mapping, scanning] {
            #expect(events.demand == .max(42))
            #expect(events.completions == 0)
        }
    }

    @Test("encode, decode and collect(_:) hand an early completion on")
    func handlingOperatorsPassAnEarlyCompletion() {
        let encoding = earlyEvents(value: 7) { $0.encode(encoder: JSONEncoder()) }
        #expect(encoding.values == [Data("7".utf8)])
        #expect(encoding.completions == 1)
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let collecting = DemandProbe<[Int], TestError>(initial: .max(1))
        upstream.collect(3).subscribe(collecting)
        upstream.send(completion: .finished)
        #expect(collecting.completions == [.finished])
        #expect(collecting.subscription == nil)
    }

    @Test(
        "A subscription after an early cancel is left alone by tryMap, drop(while:), replaceError, scan, encode, measureInterval, collect(_:), delay, receive(on:), subscribe(on:) and timeout",
        .skippedInAppleImitation(
            "OpenCombine cancels it; OpenCombine's compatibility suite, run against Apple's Combine, expects it left alone (MapTests.testTryMapCancelBeforeSubscription, DelayTests.testDelayCancelBeforeSubscription, TimeoutTests.testTimeoutCancelBeforeSubscription)"
        )
    )
    func lateSubscriptionAfterCancelIsLeftAlone() throws {
        #expect(try askedOfALateSubscription { $0.tryMap { $0 } }.isEmpty)
        #expect(try askedOfALateSubscription { $0.tryScan(0, +) }.isEmpty)
        #expect(try askedOfALateSubscription { $0.drop { _ in true } }.isEmpty)
        #expect(try askedOfALateSubscription { $0.tryDrop { _ in true } }.isEmpty)
        #expect(try askedOfALateSubscription { $0.replaceError(with: 0) }.isEmpty)
        #expect(try askedOfALateSubscription { $0.encode(encoder: JSONEncoder()) }.isEmpty)
        #expect(
            try askedOfALateSubscription { $0.measureInterval(using: ImmediateScheduler.shared) }
                .isEmpty)
        #expect(try askedOfALateSubscription { $0.collect(2) }.isEmpty)
        #expect(
            try askedOfALateSubscription {
                $0.delay(for: .seconds(1), scheduler: ImmediateScheduler.shared)
            }.isEmpty)
        #expect(try askedOfALateSubscription { $0.receive(on: ImmediateScheduler.shared) }.isEmpty)
        #expect(
            try askedOfALateSubscription { $0.subscribe(on: ImmediateScheduler.shared) }.isEmpty)
        let scheduler = DispatchQueue.test
        #expect(
            try askedOfALateSubscription { $0.timeout(.seconds(1), scheduler: scheduler) }.isEmpty)
    }

    @Test(
        "A subscription after an early cancel is cancelled by prefix(while:), removeDuplicates, tryFilter and tryCompactMap"
    )
    func lateSubscriptionAfterCancelIsCancelled() throws {
        #expect(try askedOfALateSubscription { $0.prefix { _ in true } } == [.cancel])
        #expect(try askedOfALateSubscription { $0.tryPrefix { _ in true } } == [.cancel])
        #expect(try askedOfALateSubscription { $0.removeDuplicates() } == [.cancel])
        #expect(try askedOfALateSubscription { $0.tryRemoveDuplicates { $0 == $1 } } == [.cancel])
        #expect(try askedOfALateSubscription { $0.tryFilter { _ in true } } == [.cancel])
        #expect(try askedOfALateSubscription { $0.tryCompactMap { $0 } } == [.cancel])
    }

    // Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can
    // start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        @Test(
            "prefix(while:), removeDuplicates, tryFilter and tryCompactMap stop the program at an early value, completion or request"
        )
        func filteringOperatorsStopAtEarlyEvents() async {
            // The engine is shared: every event for one operator, one for each of the others.
            let prefixValue = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) { sendEarly(.value, through: 0) }
            expectStopped(prefixValue, saying: "A value came before the upstream's subscription")
            let prefixRequest = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) { sendEarly(.request, through: 0) }
            expectStopped(
                prefixRequest, saying: "A request came before the upstream's subscription")
            let prefixCompletion = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) { sendEarly(.completion, through: 0) }
            expectStopped(
                prefixCompletion, saying: "A completion came before the upstream's subscription")
            let tryPrefixValue = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) { sendEarly(.value, through: 1) }
            expectStopped(tryPrefixValue, saying: "A value came before the upstream's subscription")
            let removeDuplicatesCompletion = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) { sendEarly(.completion, through: 2) }
            expectStopped(
                removeDuplicatesCompletion,
                saying: "A completion came before the upstream's subscription")
            let tryRemoveDuplicatesRequest = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) { sendEarly(.request, through: 3) }
            expectStopped(
                tryRemoveDuplicatesRequest,
                saying: "A request came before the upstream's subscription")
            let tryFilterValue = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) { sendEarly(.value, through: 4) }
            expectStopped(tryFilterValue, saying: "A value came before the upstream's subscription")
            let tryCompactMapCompletion = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) { sendEarly(.completion, through: 5) }
            expectStopped(
                tryCompactMapCompletion,
                saying: "A completion came before the upstream's subscription")
        }
    #endif
}

private enum EarlyEvent { case value, completion, request }

/// Sends `event` before any subscription through one operator of the family that stops the
/// program at it.
private func sendEarly(_ event: EarlyEvent, through family: Int) {
    let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
    earlyOperator(family, upstream).subscribe(DemandProbe<Int, any Error>(initial: .max(1)))
    switch event {
    case .value: upstream.send(1)
    case .completion: upstream.send(completion: .finished)
    case .request: (upstream.subscriberObject as? any Subscription)?.request(.max(1))
    }
}

/// One operator of the family that stops the program at what comes before the subscription,
/// with its failure erased so that one subscriber fits all.
private func earlyOperator(
    _ family: Int, _ upstream: RecordingUpstream<Int, TestError>
) -> AnyPublisher<Int, any Error> {
    switch family {
    case 0: upstream.prefix { _ in true }.mapError { $0 as any Error }.eraseToAnyPublisher()
    case 1: upstream.tryPrefix { _ in true }.eraseToAnyPublisher()
    case 2: upstream.removeDuplicates().mapError { $0 as any Error }.eraseToAnyPublisher()
    case 3: upstream.tryRemoveDuplicates { $0 == $1 }.eraseToAnyPublisher()
    case 4: upstream.tryFilter { _ in true }.eraseToAnyPublisher()
    default: upstream.tryCompactMap { $0 }.eraseToAnyPublisher()
    }
}

extension BeforeSubscriptionTests {
    // OpenCombine's RetryTests.testRetryReceiveCompletionBeforeSubscription, run against Apple's
    // Combine; catch and append ignore such a completion (SuccessionEdgeTests).
    @Test("retry hands an early completion on as its upstream's, having handed over nothing")
    func retryPassesAnEarlyCompletion() {
        let finishing = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let finished = DemandProbe<Int, TestError>(initial: .max(1))
        finishing.retry(3).subscribe(finished)
        finishing.send(completion: .finished)
        #expect(finished.completions == [.finished])
        #expect(finished.subscription == nil)
        // A failure with no retries left ends the stream the same way.
        let failing = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let failed = DemandProbe<Int, TestError>(initial: .max(1))
        failing.retry(0).subscribe(failed)
        failing.send(completion: .failure(TestError()))
        #expect(failed.completions == [.failure(TestError())])
        #expect(failed.subscription == nil)
    }
}
