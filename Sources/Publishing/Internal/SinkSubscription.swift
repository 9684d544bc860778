/// A publisher of this package written as two closures, for the values and the completion.
///
/// Its ``subscribeClosures(receiveCompletion:receiveValue:)`` delivers every value as it comes;
/// this protocol turns that into Combine's `receive(subscriber:)`, with demand, on every
/// platform, so each publisher has one implementation. A `sink` (which asks for every value)
/// gets the closures attached directly; any other subscriber gets a subscription that holds
/// values beyond its demand, in order, until it asks for them.
package protocol ClosurePublisher: Publisher {
    /// Attaches the two closures: values in order, never two at once, then at most one
    /// completion, nothing after the returned token is cancelled.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once when the publisher finishes or fails.
    ///   - receiveValue: Called with each value, in order.
    /// - Returns: What ends the subscription.
    func subscribeClosures(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable
}

extension ClosurePublisher {
    /// Attaches `subscriber`: it receives a subscription, then values within the demand it
    /// requests, then the completion.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        #if !canImport(Combine)
            // A sink asks for every value: nothing to count, so the closures go straight in.
            if let sink = subscriber as? Subscribers.Sink<Output, Failure> {
                guard let handlers = sink.directHandlers else { return }
                sink.attach(
                    subscribeClosures(
                        receiveCompletion: handlers.receiveCompletion,
                        receiveValue: handlers.receiveValue))
                return
            }
        #endif
        Publishing.subscribe(subscriber, bySinking: subscribeClosures)
    }
}

/// Subscribes `subscriber` to a publisher written as closures, as Combine's
/// `receive(subscriber:)` must: the subscription is handed over first, then values are
/// delivered within the demand the subscriber requests, the rest held in order until it asks
/// for more.
///
/// - Parameters:
///   - subscriber: The subscriber.
///   - sink: Subscribes the two closures to the publisher, returning what ends it.
package func subscribe<Downstream: Subscriber>(
    _ subscriber: Downstream,
    bySinking sink: (
        _ receiveCompletion: @escaping (Subscribers.Completion<Downstream.Failure>) -> Void,
        _ receiveValue: @escaping (Downstream.Input) -> Void
    ) -> any Cancellable
) {
    let subscription = SinkSubscription(subscriber)
    subscriber.receive(subscription: subscription)
    subscription.attach(
        sink(
            { [weak subscription] in subscription?.post(.completion($0)) },
            { [weak subscription] in subscription?.post(.value($0)) }
        ))
}

/// One subscriber's subscription to a `sink`-written publisher.
// @unchecked: every mutable field is in `state`, behind its lock; only the thread that set
// `isDelivering` calls the subscriber.
private final class SinkSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable {
    enum Event {
        case value(Downstream.Input)
        case completion(Subscribers.Completion<Downstream.Failure>)
    }

    private struct State {
        var downstream: Downstream?
        var upstream: (any Cancellable)?
        var demand = Subscribers.Demand.none
        var pending = FIFO<Event>()
        var isDelivering = false
    }

    private let state: Locked<State>

    init(_ downstream: Downstream) {
        state = Locked(State(downstream: downstream))
    }

    /// Keeps what ends the upstream subscription; cancels it at once if this was cancelled
    /// (or completed) while the upstream was subscribing.
    func attach(_ upstream: any Cancellable) {
        let isOver = state.withLock { state in
            guard state.downstream != nil else { return true }
            state.upstream = upstream
            return false
        }
        if isOver { upstream.cancel() }
    }

    func post(_ event: Event) {
        let isLive = state.withLock { state in
            guard state.downstream != nil else { return false }
            state.pending.push(event)
            return true
        }
        if isLive { deliver() }
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { $0.demand += demand }
        deliver()
    }

    func cancel() {
        var upstream: (any Cancellable)?
        var downstream: Downstream?
        state.withLock { state in
            upstream = state.upstream
            downstream = state.downstream
            state.upstream = nil
            state.downstream = nil
            state.pending.removeAll()
        }
        upstream?.cancel()
        _ = consume downstream
    }

    /// Delivers what the demand allows, unless another thread (or an outer frame of this
    /// one, re-entered from the subscriber) is delivering: that one goes on with it.
    private func deliver() {
        while true {
            let next = state.withLock { state -> (Downstream, Event)? in
                guard !state.isDelivering, let downstream = state.downstream,
                    let event = state.pending.first
                else { return nil }
                if case .value = event {
                    guard state.demand > 0 else { return nil }
                    state.demand -= 1
                }
                _ = state.pending.pop()
                state.isDelivering = true
                return (downstream, event)
            }
            guard let (downstream, event) = next else { return }
            switch event {
            case .value(let value):
                let more = downstream.receive(value)
                state.withLock { state in
                    state.demand += more
                    state.isDelivering = false
                }
            case .completion(let completion):
                // Nothing is delivered after the completion; the upstream has ended itself.
                state.withLock { state in
                    state.downstream = nil
                    state.upstream = nil
                    state.pending.removeAll()
                    state.isDelivering = false
                }
                downstream.receive(completion: completion)
                return
            }
        }
    }
}
