// debounce's and timeout's own subscriptions, as Combine's inner objects: what the upstream
// sees, what comes before the upstream's subscription, what scheduled work keeps alive after a
// cancel, and what a scheduler that runs work at once does to timeout (OpenCombine's
// DebounceTests and TimeoutTests, run against Apple's Combine). Every test here compiles and
// passes in both configurations (.ci/apple-sim runs them against Combine) unless it says
// otherwise.
import Dispatch
import ObservationTesting
import Publishing
import Testing

@Suite("debounce and timeout: their own subscriptions")
struct TimedSubscriptionTests {
    /// A subscriber that asks for every value and keeps nothing but what it was sent, so that
    /// only the operator's subscription, and the work it scheduled, can keep it alive.
    private final class Unholding: Subscriber {
        typealias Input = Int
        typealias Failure = Never

        let received: Locked<[String]>

        init(into received: Locked<[String]>) {
            self.received = received
        }

        func receive(subscription: any Subscription) {
            subscription.request(.unlimited)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            received.withLock { $0.append("\(input)") }
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {
            received.withLock { $0.append("finished") }
        }
    }

    /// The operators whose scheduled work holds their subscription.
    enum Operator: String, CaseIterable, CustomTestStringConvertible {
        case debounce, timeout

        var testDescription: String { rawValue }

        func apply(
            to upstream: PassthroughSubject<Int, Never>,
            on scheduler: TestSchedulerOf<DispatchQueue>
        ) -> AnyPublisher<Int, Never> {
            switch self {
            case .debounce:
                upstream.debounce(for: .milliseconds(10), scheduler: scheduler)
                    .eraseToAnyPublisher()
            case .timeout:
                upstream.timeout(.milliseconds(10), scheduler: scheduler).eraseToAnyPublisher()
            }
        }
    }

    @Test("debounce's upstream is subscribed to by debounce's own subscription, named as Combine's")
    func debounceSubscribesWithItsOwnSubscription() {
        let upstream = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<Int, Never>(initial: .max(1))
        upstream.debounce(for: .milliseconds(10), scheduler: DispatchQueue.test).subscribe(probe)
        let subscriber = upstream.receivedSubscriber.map { String(describing: $0) }
        #expect(subscriber == "Debounce")
        #expect(upstream.receivedSubscriber is any Subscription)
        #expect(upstream.requests == [.unlimited])
    }

    @Test(
        "debounce hands its subscriber the subscription only when the upstream's comes, ignoring what comes before"
    )
    func debounceWaitsForTheUpstreamsSubscription() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>(subscribesAtOnce: false)
        let probe = DemandProbe<Int, Never>(initial: .max(5))
        upstream.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(probe)
        #expect(probe.subscription == nil)
        #expect(upstream.send(1) == .none)
        upstream.send(completion: .finished)
        scheduler.advance(by: .milliseconds(20))
        #expect(probe.subscription == nil)
        #expect(probe.values.isEmpty)
        #expect(probe.completions.isEmpty)
        // The upstream's subscription: the subscriber gets its own, and the upstream is asked
        // for every value; the stream works as ever.
        upstream.sendSubscription()
        #expect(probe.subscription != nil)
        #expect(upstream.requests == [.unlimited])
        upstream.send(2)
        scheduler.advance(by: .milliseconds(10))
        #expect(probe.values == [2])
    }

    @Test(
        "debounce's subscription reflects its subscriber, what it asked for, and the value waiting")
    func debounceMirror() throws {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let probe = DemandProbe<Int, Never>(initial: .max(2))
        subject.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(probe)
        let subscription = try #require(probe.subscription)
        #expect("\(subscription)" == "Debounce")
        subject.send(5)
        let mirror = Mirror(reflecting: subscription)
        #expect(mirror.children.map(\.label) == ["downstream", "downstreamDemand", "currentValue"])
        let shown = mirror.children.dropFirst().map { String(describing: $0.value) }
        #expect(shown == ["max(2)", "Optional(5)"])
        scheduler.advance(by: .milliseconds(10))
        // What it keeps of a value sent is its own (OpenCombine's keeps it): only the demand.
        let after = Mirror(reflecting: subscription).children.dropFirst().first
        #expect(after.map { String(describing: $0.value) } == "max(1)")
        #expect(probe.values == [5])
    }

    @Test(
        "A value timeout scheduled before a cancel keeps the subscriber until its work runs, and is not delivered"
    )
    func scheduledValueKeepsTheSubscriber() {
        // debounce's wait for a value is a timer, which the cancel cancels, and a test
        // scheduler lets go of at once: only timeout's delivery is work that cannot be cancelled.
        let kind = Operator.timeout
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let received = Locked<[String]>([])
        var subscription: (any Subscription)?
        weak var weakSubscriber: Unholding?
        do {
            let subscriber = Unholding(into: received)
            weakSubscriber = subscriber
            kind.apply(to: subject, on: scheduler)
                .subscribe(CaptureSubscription(subscriber) { subscription = $0 })
        }
        subject.send(1)
        subscription?.cancel()
        subscription = nil
        #expect(weakSubscriber != nil)
        scheduler.advance(by: .milliseconds(10))
        #expect(received.withLock { $0 }.isEmpty)
        #expect(weakSubscriber == nil)
    }

    @Test(
        "A completion scheduled before a cancel keeps the subscriber until its work runs",
        arguments: Operator.allCases)
    func scheduledCompletionKeepsTheSubscriber(_ kind: Operator) {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let received = Locked<[String]>([])
        var subscription: (any Subscription)?
        weak var weakSubscriber: Unholding?
        do {
            let subscriber = Unholding(into: received)
            weakSubscriber = subscriber
            kind.apply(to: subject, on: scheduler)
                .subscribe(CaptureSubscription(subscriber) { subscription = $0 })
        }
        subject.send(completion: .finished)
        subscription?.cancel()
        subscription = nil
        #expect(weakSubscriber != nil)
        scheduler.advance(by: .milliseconds(10))
        #expect(weakSubscriber == nil)
    }

    // Exit tests: Swift 6.2 and later, on the platforms that can start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        @Test(
            "timeout on a scheduler that runs its deadline at once stops the program, as Combine's"
        )
        func timeoutOnImmediateSchedulerTraps() async {
            let stopped = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let subject = PassthroughSubject<Int, Never>()
                _ = subject.timeout(.milliseconds(10), scheduler: ImmediateScheduler.shared)
                    .sink { _ in }
            }
            expectStopped(stopped, saying: "timeout's scheduler ran the deadline")
            // A scheduler that runs the deadline later is served.
            await #expect(processExitsWith: .success) {
                let subject = PassthroughSubject<Int, Never>()
                let token = subject.timeout(.milliseconds(10), scheduler: DispatchQueue.test)
                    .sink { _ in }
                token.cancel()
            }
        }
    #endif
}
