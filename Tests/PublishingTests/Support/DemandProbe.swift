import Foundation
import Publishing

/// A subscriber with a demand policy: it asks for `initial` values when subscribed, for
/// `perValue` more with each value, and for whatever a test requests through it. It records
/// what it is given, and how deeply its deliveries nest, so a test sees what a publisher sent
/// for exactly the demand it was given.
final class DemandProbe<Input, Failure: Error>: Subscriber {
    private let initial: Subscribers.Demand
    /// What each value asks for, returned from `receive(_:)`; a test may change it between
    /// values.
    var perValue: Subscribers.Demand
    private var depth = 0
    private(set) var subscription: (any Subscription)?
    private(set) var values: [Input] = []
    private(set) var completions: [Subscribers.Completion<Failure>] = []
    /// The deepest nesting of deliveries seen: 1 if none was nested.
    private(set) var deepest = 0
    /// Called with each value after it is recorded, before `receive(_:)` returns.
    var whileReceiving: (Input) -> Void = { _ in }

    init(initial: Subscribers.Demand, perValue: Subscribers.Demand = .none) {
        self.initial = initial
        self.perValue = perValue
    }

    /// Asks the subscription for `demand` more values.
    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    func cancel() {
        subscription?.cancel()
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        // Combine's contract forbids requesting `.none`.
        if initial > .none { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        depth += 1
        deepest = max(deepest, depth)
        defer { depth -= 1 }
        values.append(input)
        whileReceiving(input)
        return perValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        completions.append(completion)
    }
}

/// A ``DemandProbe`` for deliveries from any thread: it asks for `initial` values, then for
/// one more after each (none when `initial` is unlimited), and signals its first completion.
// @unchecked: `storedValues` and `storedCompletions` are only touched while holding `lock`.
final class LockedDemandProbe: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    private let initial: Subscribers.Demand
    private let lock = NSLock()
    private var storedValues: [Int] = []
    private var storedCompletions: [Subscribers.Completion<Never>] = []
    /// Signalled on the first completion.
    let finished = DispatchSemaphore(value: 0)

    init(initial: Subscribers.Demand = .max(1)) {
        self.initial = initial
    }

    var values: [Int] { lock.withLock { storedValues } }
    var completions: [Subscribers.Completion<Never>] { lock.withLock { storedCompletions } }

    func receive(subscription: any Subscription) {
        subscription.request(initial)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        lock.withLock { storedValues.append(input) }
        return initial == .unlimited ? .none : .max(1)
    }

    func receive(completion: Subscribers.Completion<Never>) {
        let isFirst = lock.withLock {
            storedCompletions.append(completion)
            return storedCompletions.count == 1
        }
        if isFirst { finished.signal() }
    }
}
