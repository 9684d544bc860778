// When a subscription to a `Future` stops showing its future in a mirror, as Combine's does: a
// result the promise delivers lets the future go once delivered, a cancel lets it go at once,
// and a result delivered in answer to a request leaves it shown. OpenCombine's FutureTests
// (testFutureFailure, testWaitsForDemandSuccess, testConduitReflection), run against Apple's
// Combine, record each.
import Publishing
import Testing

private struct Oops: Error {}

/// Keeps the subscription it receives, asks for `initial`, and notes whether the subscription
/// shows its future while each value and the completion are delivered.
private final class FutureProbe: Subscriber {
    let combineIdentifier = CombineIdentifier()
    let initial: Subscribers.Demand
    var subscription: (any Subscription)?
    /// "value" or "completion", with whether the future was shown meanwhile.
    var seen: [String] = []

    init(asking initial: Subscribers.Demand = .none) {
        self.initial = initial
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        if initial > 0 { subscription.request(initial) }
    }
    func receive(_ input: Int) -> Subscribers.Demand {
        seen.append("value \(input), future shown: \(showsFuture)")
        return .none
    }
    func receive(completion: Subscribers.Completion<Oops>) {
        let kind = if case .failure = completion { "failure" } else { "finished" }
        seen.append("\(kind), future shown: \(showsFuture)")
    }

    /// Whether the subscription's mirror shows a future as its parent.
    var showsFuture: Bool {
        guard let subscription else { return false }
        let parent = Mirror(reflecting: subscription).children.first { $0.label == "parent" }
        return "\(parent?.value as Any)".contains("Future")
    }
}

@Suite("A future's subscription shows its future as long as Combine's does")
struct FutureMirrorTests {
    @Test("A result the promise delivers lets the future go once it is delivered")
    func promiseDeliveryLetsGoAfter() {
        var promise: Future<Int, Oops>.Promise?
        let future = Future<Int, Oops> { promise = $0 }
        let probe = FutureProbe(asking: .unlimited)
        future.subscribe(probe)
        #expect(probe.showsFuture)
        promise?(.failure(Oops()))
        #expect(probe.seen == ["failure, future shown: true"])
        #expect(!probe.showsFuture)
        withExtendedLifetime(future) {}
    }

    @Test("A result delivered in answer to a request leaves the future shown")
    func requestDeliveryKeepsTheFuture() throws {
        var promise: Future<Int, Oops>.Promise?
        let future = Future<Int, Oops> { promise = $0 }
        let probe = FutureProbe()
        future.subscribe(probe)
        promise?(.success(42))
        #expect(probe.seen.isEmpty)
        #expect(probe.showsFuture)
        let subscription = try #require(probe.subscription)
        subscription.request(.max(1))
        #expect(probe.seen == ["value 42, future shown: true", "finished, future shown: true"])
        #expect(probe.showsFuture)
        // The subscriber is let go all the same.
        let downstream = try #require(
            Mirror(reflecting: subscription).children.first { $0.label == "downstream" })
        #expect("\(downstream.value)" == "nil")
        withExtendedLifetime(future) {}
    }

    @Test("A cancel lets the future go at once")
    func cancelLetsGo() throws {
        let future = Future<Int, Oops> { _ in }
        let probe = FutureProbe(asking: .max(1))
        future.subscribe(probe)
        #expect(probe.showsFuture)
        try #require(probe.subscription).cancel()
        #expect(!probe.showsFuture)
        withExtendedLifetime(future) {}
    }

    @Test("A failure already there is delivered at the subscription, which lets the future go")
    func failureAlreadyThereLetsGo() {
        let future = Future<Int, Oops> { $0(.failure(Oops())) }
        let probe = FutureProbe()
        future.subscribe(probe)
        #expect(probe.seen == ["failure, future shown: true"])
        #expect(!probe.showsFuture)
        withExtendedLifetime(future) {}
    }
}
