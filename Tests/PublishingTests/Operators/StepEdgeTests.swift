// What the one-subscription operators (tryMap, tryFilter, prefix(while:), dropFirst,
// drop(while:), replaceEmpty, …) do at their edges, as Combine's do: the order of a throw's
// cancel and failure, what they keep, and where they stop the program. Every test here compiles
// and passes in both configurations (.ci/apple-sim runs them against Combine) unless it says
// otherwise.
import Publishing
import Testing

/// Keeps its subscription, and notes whether the upstream was already cancelled when the
/// stream's end reached it.
private final class EndWitness<Input, Failure: Error>: Subscriber {
    let combineIdentifier = CombineIdentifier()
    var subscription: (any Subscription)?
    private let upstreamIsCancelled: () -> Bool
    private(set) var completions: [Subscribers.Completion<Failure>] = []
    private(set) var upstreamCancelledFirst: Bool?

    init(upstreamIsCancelled: @escaping () -> Bool) {
        self.upstreamIsCancelled = upstreamIsCancelled
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }
    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {
        completions.append(completion)
        upstreamCancelledFirst = upstreamIsCancelled()
    }
}

@Suite("The one-subscription operators at their edges")
struct StepEdgeTests {
    /// Whether `makeOperator`'s end, at the upstream's value 1, came after it cancelled the
    /// upstream.
    private static func cancelsBeforeEnding<P: Publisher>(
        _ makeOperator: (RecordingUpstream<Int, TestError>) -> P
    ) -> Bool? {
        let upstream = RecordingUpstream<Int, TestError>()
        let witness = EndWitness<P.Output, P.Failure> { upstream.isCancelled }
        makeOperator(upstream).subscribe(witness)
        upstream.send(1)
        #expect(witness.completions.count == 1)
        return witness.upstreamCancelledFirst
    }

    @Test(
        "A throw, or prefix(while:)'s end, cancels the upstream before the subscriber hears of the end"
    )
    func upstreamIsCancelledBeforeTheEnd() {
        #expect(Self.cancelsBeforeEnding { $0.tryMap { _ in throw TestError(code: 1) } } == true)
        #expect(
            Self.cancelsBeforeEnding { $0.tryFilter { _ in throw TestError(code: 1) } } == true)
        #expect(Self.cancelsBeforeEnding { $0.prefix { $0 > 1 } } == true)
        #expect(
            Self.cancelsBeforeEnding {
                $0.tryRemoveDuplicates { _, _ in false }.tryMap { _ in throw TestError() }
            } == true)
    }

    @Test(
        "The subscription keeps its subscriber after the stream's end, until the subscription is let go"
    )
    func subscriberIsKeptWithItsSubscription() {
        let subject = PassthroughSubject<Int, TestError>()
        var witness: EndWitness<Int, any Error>? = EndWitness { false }
        weak let kept = witness
        subject.tryMap { $0 }.subscribe(witness!)
        subject.send(completion: .finished)
        witness = nil
        // The subscriber keeps its subscription, which keeps the subscriber.
        #expect(kept != nil)
        kept?.subscription = nil
        #expect(kept == nil)
    }

    // Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can
    // start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        @Test(
            "dropFirst, drop(while:) and replaceEmpty stop the program at a request for no values")
        func zeroDemandTraps() async {
            let dropFirst = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, Never>(initial: .none)
                PassthroughSubject<Int, Never>().dropFirst().subscribe(probe)
                probe.request(.none)
            }
            expectStopped(dropFirst, saying: "API Violation: demand must not be zero")
            let dropWhile = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, Never>(initial: .none)
                PassthroughSubject<Int, Never>().drop { $0 > 0 }.subscribe(probe)
                probe.request(.none)
            }
            expectStopped(dropWhile, saying: "API Violation: demand must not be zero")
            let replaceEmpty = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, Never>(initial: .none)
                PassthroughSubject<Int, Never>().replaceEmpty(with: 0).subscribe(probe)
                probe.request(.none)
            }
            expectStopped(replaceEmpty, saying: "API Violation: demand must not be zero")
        }

        @Test("collect(_:), zip and flatMap stop the program at a request for no values")
        func zeroDemandTrapsInCollectZipFlatMap() async {
            let collect = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<[Int], Never>(initial: .none)
                PassthroughSubject<Int, Never>().collect(2).subscribe(probe)
                probe.request(.none)
            }
            expectStopped(collect, saying: "API Violation: demand must not be zero")
            let zip = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent])
            {
                let probe = DemandProbe<(Int, Int), Never>(initial: .none)
                let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
                a.zip(b).subscribe(probe)
                probe.request(.none)
            }
            expectStopped(zip, saying: "API Violation: demand must not be zero")
            let flatMap = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, Never>(initial: .none)
                PassthroughSubject<Int, Never>().flatMap { Just($0) }.subscribe(probe)
                probe.request(.none)
            }
            expectStopped(flatMap, saying: "API Violation: demand must not be zero")
            // A request for some is served: the traps above are the zero's.
            await #expect(processExitsWith: .success) {
                let probe = DemandProbe<Int, Never>(initial: .none)
                PassthroughSubject<Int, Never>().flatMap { Just($0) }.subscribe(probe)
                probe.request(.max(1))
            }
        }

        #if !APPLE_SIM
            // OpenCombine, which the imitation runs as Combine, does not check the count;
            // Combine stops at subscription (OpenCombine's
            // DropTests.testDropNegativeNumberOfItemsCrash, run against Combine).
            @Test(
                "dropFirst with a negative count stops the program when subscribed to, not when made"
            )
            func negativeDropFirstTrapsAtSubscription() async {
                await #expect(processExitsWith: .success) {
                    _ = PassthroughSubject<Int, Never>().dropFirst(-1)
                }
                let subscribed = await #expect(
                    processExitsWith: .failure, observing: [\.standardErrorContent]
                ) {
                    _ = PassthroughSubject<Int, Never>().dropFirst(-1).sink { _ in }
                }
                expectStopped(
                    subscribed, saying: "dropFirst(_:) needs a count of zero or more, not -1")
            }
        #endif
    #endif

    @Test("measureInterval asks its upstream at once for what a value's delivery returns")
    func measureIntervalAsksUpstream() {
        let upstream = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<ImmediateScheduler.SchedulerTimeType.Stride, Never>(
            initial: .max(1), perValue: .max(2))
        upstream.measureInterval(using: ImmediateScheduler.shared).subscribe(probe)
        upstream.send(0)
        upstream.send(0)
        // Asked of the upstream from inside each delivery; the sender gets none back.
        #expect(upstream.requests == [.max(1), .max(2), .max(2)])
        #expect(upstream.returnedDemands == [.none, .none])
        #expect(probe.values.count == 2)
    }
}
