// 4b. Combine's operator overloads (on `Just`, on a sequence publisher, and fused operators),
// each beside the generic path they replace.

import Publishing

// Each chain comes twice: written on the concrete publisher, where Combine's overloads apply
// (`Just.map` is a `Just`, a sequence's `map` an array computed at once, `map` on a `Map` one
// `Map`), and written generically over its upstream, where overload resolution sees only
// `Publisher` and so picks the protocol's operators, as for any upstream without overloads.
// The generic one is the baseline: the same work, through the operator structs and their
// subscriptions. Erasing the upstream with `AnyPublisher` would also avoid the overloads, but
// would add the eraser's own cost to the baseline.

/// `Just(x).map(f).filter(p)`, subscribed with a sink: through whatever overloads `Just` has.
@inline(never)
func justChain(_ value: Int, into receive: @escaping (Int) -> Void) -> AnyCancellable {
    Just(value).map { $0 &+ 1 }.filter { $0 & 1 == 0 }.sink(receiveValue: receive)
}

/// `(0..<100).publisher.map(f).filter(p)`, subscribed with a sink: the overloads compute the
/// elements when called.
@inline(never)
func sequenceChain(_ range: Range<Int>, into receive: @escaping (Int) -> Void) -> AnyCancellable {
    range.publisher.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.sink(receiveValue: receive)
}

/// The same `map(f).filter(p)` on any upstream: the protocol's `Publishers.Map` and
/// `Publishers.Filter`.
@inline(never)
func genericChain<Upstream: Publisher>(
    _ upstream: Upstream, into receive: @escaping (Int) -> Void
) -> AnyCancellable where Upstream.Output == Int, Upstream.Failure == Never {
    upstream.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.sink(receiveValue: receive)
}

/// Subscribe-and-run chains on `Just` and on a sequence, and a send through a fused `map.map`.
@MainActor
func measureOperatorOverloads() async {
    let subscriptions = options.quick ? 20_000 : 200_000
    var total = 0
    let receive: (Int) -> Void = { total &+= $0 }

    timeSync("operators.just.map+filter.generic", operations: subscriptions) {
        genericChain(Just(total & 0xFF), into: receive).cancel()
    }
    timeSync(
        "operators.just.map+filter", operations: subscriptions,
        baseline: "operators.just.map+filter.generic"
    ) {
        justChain(total & 0xFF, into: receive).cancel()
    }

    // 100 elements a subscription: each row's figure is per chain subscribed and run.
    let chains = subscriptions / 100
    timeSync("operators.sequence100.map+filter.generic", operations: chains) {
        genericChain((0..<100).publisher, into: receive).cancel()
    }
    timeSync(
        "operators.sequence100.map+filter", operations: chains,
        baseline: "operators.sequence100.map+filter.generic"
    ) {
        sequenceChain(0..<100, into: receive).cancel()
    }

    // One send through two maps: two operators (the generic path), or one fused `Map`.
    let sends = options.quick ? 20_000 : 200_000
    do {
        let subject = PassthroughSubject<Int, Never>()
        let unfused = Publishers.Map(
            upstream: Publishers.Map(upstream: subject) { $0 &+ 1 }, transform: { $0 &* 3 })
        let token = unfused.sink(receiveValue: receive)
        timeSync("operators.subject.map+map.generic", operations: sends) {
            subject.send(1)
        }
        token.cancel()
    }
    do {
        let subject = PassthroughSubject<Int, Never>()
        let fused: Publishers.Map<PassthroughSubject<Int, Never>, Int> = subject.map { $0 &+ 1 }
            .map { $0 &* 3 }
        let token = fused.sink(receiveValue: receive)
        timeSync(
            "operators.subject.map+map", operations: sends,
            baseline: "operators.subject.map+map.generic"
        ) {
            subject.send(1)
        }
        token.cancel()
    }
    withExtendedLifetime(total) {}
}
