// The reducing operators (reduce, collect, count, min, max, contains, allSatisfy, first, last,
// and their throwing forms) at the edges of Combine's protocol: what their upstream's subscriber
// is, what it does with events before its subscription, when it cancels the upstream, what it
// holds on to, and how it reflects. The evidence is OpenCombine's compatibility suite
// (ReduceTests, FirstTests, LastTests, …), which OpenCombine's CI also runs against Apple's
// Combine. Every test here passes in both configurations unless it says otherwise.
import Dispatch
import Publishing
import Testing

/// A reducing operator of a recording upstream, and what its subscriber expects to be called.
struct ReducingCase: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable (RecordingUpstream<Int, TestError>) -> any Publisher

    var testDescription: String { name }

    /// Every reducing operator, by the name Combine gives its subscription.
    static let all: [ReducingCase] = [
        ReducingCase(name: "Reduce") { $0.reduce(0, +) },
        ReducingCase(name: "TryReduce") { $0.tryReduce(0, +) },
        ReducingCase(name: "Collect") { $0.collect() },
        ReducingCase(name: "Count") { $0.count() },
        ReducingCase(name: "Comparison") { $0.max() },
        ReducingCase(name: "TryComparison") { $0.tryMin(by: <) },
        ReducingCase(name: "Contains") { $0.contains(1) },
        ReducingCase(name: "ContainsWhere") { $0.contains { $0 > 1 } },
        ReducingCase(name: "TryContainsWhere") { $0.tryContains { $0 > 1 } },
        ReducingCase(name: "AllSatisfy") { $0.allSatisfy { $0 > 1 } },
        ReducingCase(name: "TryAllSatisfy") { $0.tryAllSatisfy { $0 > 1 } },
        ReducingCase(name: "First") { $0.first() },
        // Combine's own name for first(where:)'s subscription.
        ReducingCase(name: "TryFirst") { $0.first { $0 > 1 } },
        ReducingCase(name: "TryFirstWhere") { $0.tryFirst { $0 > 1 } },
        ReducingCase(name: "Last") { $0.last() },
        ReducingCase(name: "LastWhere") { $0.last { $0 > 1 } },
        ReducingCase(name: "TryLastWhere") { $0.tryLast { $0 > 1 } },
    ]
}

/// Subscribes a subscriber that asks for nothing to `publisher`, and returns what it got.
private func subscribeProbe<P: Publisher>(to publisher: P) -> (any Subscription)? {
    let probe = DemandProbe<P.Output, P.Failure>(initial: .none)
    publisher.subscribe(probe)
    return probe.subscription
}

/// Subscribes a subscriber that asks for every value to `publisher`, and returns the names of
/// the events it receives ("subscription", "value", "finished", "failure"), as they come.
private func subscribeNamingEvents<P: Publisher>(to publisher: P) -> () -> [String] {
    let probe = DemandProbe<P.Output, P.Failure>(initial: .unlimited)
    publisher.subscribe(probe)
    return {
        (probe.subscription == nil ? [] : ["subscription"])
            + probe.values.map { _ in "value" }
            + probe.completions.map {
                if case .finished = $0 { "finished" } else { "failure" }
            }
    }
}

@Suite("Reducing operators at the edges of Combine's protocol")
struct ReducingProtocolTests {
    @Test(
        "The upstream's subscriber is the subscription its subscriber gets, named as Combine's",
        arguments: ReducingCase.all)
    func subscriberIsTheSubscription(_ reducing: ReducingCase) throws {
        let upstream = RecordingUpstream<Int, TestError>()
        let subscribed = subscribeProbe(to: reducing.make(upstream))
        let handed = try #require(subscribed)
        let subscriber = try #require(upstream.subscriberObject)
        let asSubscription = try #require(subscriber as? any Subscription)
        #expect(asSubscription.combineIdentifier == handed.combineIdentifier)
        #expect(String(describing: subscriber) == reducing.name)
        #expect(String(describing: handed) == reducing.name)
        let playground =
            (handed as? any CustomPlaygroundDisplayConvertible)?
            .playgroundDescription as? String
        #expect(playground == reducing.name)
        // Asked for every value once its subscriber has the subscription, whatever it asks.
        #expect(upstream.events == [.request(.unlimited)])
    }

    @Test(
        "Before its subscription, a value and a completion are ignored and nothing is sent on",
        arguments: ReducingCase.all)
    func eventsBeforeSubscriptionAreIgnored(_ reducing: ReducingCase) {
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let events = subscribeNamingEvents(to: reducing.make(upstream))
        #expect(upstream.send(2) == .none)
        upstream.send(completion: .failure(TestError()))
        upstream.send(completion: .finished)
        #expect(events().isEmpty)
        // The subscription, once it comes, starts the stream: nothing before it counted.
        upstream.sendSubscription()
        #expect(events() == ["subscription"])
        #expect(upstream.events == [.request(.unlimited)])
    }

    @Test("A request before the subscription is kept: the result goes out when the upstream ends")
    func requestBeforeSubscriptionIsKept() throws {
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let probe = DemandProbe<Int, TestError>(initial: .none)
        upstream.reduce(0, +).subscribe(probe)
        let early = try #require(upstream.subscriberObject as? any Subscription)
        early.request(.max(1))
        upstream.sendSubscription()
        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        #expect(probe.values == [3])
        #expect(probe.completions.count == 1)
    }

    @Test("A cancel before the subscription does nothing: the upstream is then asked as usual")
    func cancelBeforeSubscriptionDoesNothing() throws {
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        upstream.count().subscribe(probe)
        try #require(upstream.subscriberObject as? any Subscription).cancel()
        upstream.sendSubscription()
        #expect(upstream.events == [.request(.unlimited)])
        upstream.send(5)
        upstream.send(completion: .finished)
        #expect(probe.values == [1])
    }

    @Test("A second subscription from the upstream is cancelled, during the stream and after it")
    func secondSubscriptionIsCancelled() throws {
        let upstream = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<Int, TestError>(initial: .max(1))
        upstream.last().subscribe(probe)
        let subscriber = try #require(upstream.subscriberObject)
        let second = RecordingUpstream<Int, TestError>.Recording()
        subscriber.receive(subscription: second)
        #expect(second.events == [.cancel])
        upstream.send(4)
        upstream.send(completion: .finished)
        subscriber.receive(subscription: second)
        #expect(second.events == [.cancel, .cancel])
        #expect(upstream.events == [.request(.unlimited)])
        #expect(probe.values == [4])
    }

    @Test(
        "A throwing closure cancels the upstream, then fails the stream; later values are ignored")
    func throwCancelsUpstreamFirst() {
        let upstream = RecordingUpstream<Int, TestError>()
        var upstreamAtFailure: [UpstreamEvent] = []
        var completions = 0
        let subscriber = AnySubscriber<Int, any Error>(
            receiveSubscription: { _ in },
            receiveValue: { _ in .none },
            receiveCompletion: { _ in
                upstreamAtFailure = upstream.events
                completions += 1
            })
        upstream.tryReduce(0) { sum, value in
            if value == 3 { throw TestError() }
            return sum + value
        }
        .subscribe(subscriber)
        upstream.send(1)
        upstream.send(3)
        upstream.send(4)
        upstream.send(completion: .finished)
        #expect(upstreamAtFailure == [.request(.unlimited), .cancel])
        #expect(completions == 1)
    }

    @Test("first() cancels the upstream at its first value, which waits for the first request")
    func firstDecidesAtOnce() {
        let upstream = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<Int, TestError>(initial: .none)
        upstream.first().subscribe(probe)
        #expect(upstream.send(1) == .none)
        #expect(upstream.events == [.request(.unlimited), .cancel])
        upstream.send(2)
        #expect(probe.values.isEmpty)
        probe.request(.max(1))
        probe.request(.max(1))
        #expect(probe.values == [1])
        #expect(probe.completions.count == 1)
    }

    @Test("A failure goes out at once; a second completion and later values are ignored")
    func failureGoesAtOnce() {
        let upstream = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<[Int], TestError>(initial: .none)
        upstream.collect().subscribe(probe)
        upstream.send(1)
        upstream.send(completion: .failure(TestError()))
        upstream.send(completion: .finished)
        upstream.send(2)
        probe.request(.max(1))
        #expect(probe.values.isEmpty)
        #expect(probe.completions.count == 1)
        #expect(upstream.events == [.request(.unlimited)])
    }

    @Test("The subscription reflects as Combine's: subscriber, result, initial result and stage")
    func reflection() throws {
        let upstream = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<Int, TestError>(initial: .none)
        upstream.reduce(10, +).subscribe(probe)
        upstream.send(5)
        let subscription = try #require(probe.subscription)
        let children = Mirror(reflecting: subscription).children.map {
            ($0.label, String(describing: $0.value))
        }
        #expect(children.map(\.0) == ["downstream", "result", "initial", "status"])
        #expect(children.first?.1.contains("DemandProbe") == true)
        #expect(children.dropFirst().first?.1 == "Optional(15)")
        #expect(children.dropFirst(2).first?.1 == "Optional(10)")
        var dumped = ""
        dump(subscription, to: &dumped)
        #expect(dumped.hasPrefix("▿ Reduce"), "\(dumped)")
        #expect(!dumped.contains("ReducingSubscription"), "\(dumped)")
    }

    @Test("collect()'s subscription reflects as Combine's: how many values it holds")
    func collectReflectsItsCount() throws {
        let upstream = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<[Int], TestError>(initial: .none)
        upstream.collect().subscribe(probe)
        upstream.send(1)
        upstream.send(2)
        let subscription = try #require(probe.subscription)
        let children = Mirror(reflecting: subscription).children
        #expect(children.map(\.label) == ["count"])
        #expect(children.map { String(describing: $0.value) } == ["2"])
    }

    @Test("The subscription holds its subscriber until the result has gone out, as Combine's")
    func subscriberIsHeldUntilTheResultGoesOut() {
        weak var released: ReleasingSubscriber?
        let subject = PassthroughSubject<Int, TestError>()
        do {
            let subscriber = ReleasingSubscriber()
            released = subscriber
            subject.count().subscribe(subscriber)
        }
        subject.send(1)
        subject.send(completion: .finished)
        // The count waits for a request: the subscriber and its subscription keep each other.
        #expect(released != nil)
        released?.subscription?.request(.max(1))
        #expect(released == nil)

        let failing = PassthroughSubject<Int, TestError>()
        do {
            let subscriber = ReleasingSubscriber()
            released = subscriber
            failing.first().subscribe(subscriber)
        }
        #expect(released != nil)
        failing.send(completion: .failure(TestError()))
        #expect(released == nil)
    }

    // OpenCombine, which the imitation of Apple platforms runs, delivers that completion at once,
    // on the other thread, while its subscriber is still receiving the subscription; the
    // package's delivery rule (CONTRIBUTING.md) calls a subscriber from one thread at a time.
    #if !APPLE_SIM
        @Test("A completion from another thread during the hand-over waits for its end")
        func completionWaitsForTheHandOver() {
            let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
            let log = Locked<[String]>([])
            let subscriber = AnySubscriber<Int, TestError>(
                receiveSubscription: { _ in
                    log.withLock { $0.append("subscription begins") }
                    guard
                        let reducing = upstream.subscriberObject
                            as? any Subscriber<Int, TestError>
                    else { return }
                    let other = OtherThreadSubscriber(subscriber: reducing)
                    let sent = DispatchSemaphore(value: 0)
                    DispatchQueue.global().async {
                        other.subscriber.receive(completion: .failure(TestError()))
                        sent.signal()
                    }
                    sent.wait()
                    log.withLock { $0.append("subscription ends") }
                },
                receiveValue: { _ in .none },
                receiveCompletion: { _ in log.withLock { $0.append("failure") } })
            upstream.count().subscribe(subscriber)
            upstream.sendSubscription()
            #expect(
                log.withLock { $0 } == ["subscription begins", "subscription ends", "failure"])
            // The upstream had ended: it is not asked for anything.
            #expect(upstream.events.isEmpty)
        }
    #endif
}

/// A subscriber that keeps its subscription until the completion, and asks for nothing.
private final class ReleasingSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = TestError

    var subscription: (any Subscription)?

    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Int) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<TestError>) { subscription = nil }
}

/// A subscriber sent to another thread, as an upstream may call its subscriber from any thread.
// @unchecked: Combine's contract lets an upstream call a subscriber from any thread; the
// subscription under test serialises what it passes on.
private struct OtherThreadSubscriber: @unchecked Sendable {
    let subscriber: any Subscriber<Int, TestError>
}
