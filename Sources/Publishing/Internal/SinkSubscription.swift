/// A publisher of this package written as two closures, for the values and the completion.
///
/// Its ``subscribeClosures(receiveCompletion:receiveValue:)`` delivers every value as it comes;
/// this protocol turns that into Combine's `receive(subscriber:)`, with demand, on every
/// platform, so each publisher has one implementation. A `sink` (which asks for every value)
/// gets the closures attached directly; any other subscriber gets a subscription that delivers
/// no more values than it asked for, and does with the others what ``valuesWithoutDemand``
/// says.
@usableFromInline
package protocol ClosurePublisher: Publisher {
    /// What becomes of a value sent while a subscriber has not asked for one.
    var valuesWithoutDemand: ValuesWithoutDemand { get }

    /// Whether finishing waits until the subscriber has asked for something, even with no
    /// value to send, as Combine's reducing operators (`first`, `collect`, `reduce`, …) do; a
    /// failure never waits.
    var completesOnlyWhenAsked: Bool { get }

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

/// What becomes of a value a publisher sends while a subscriber has not asked for one.
@usableFromInline
package enum ValuesWithoutDemand: Sendable {
    /// Kept, in order, until the subscriber asks for them: a publisher whose values would be lost
    /// otherwise, such as an operator whose upstream cannot be asked for fewer.
    case held
    /// Dropped, as Combine's `PassthroughSubject` drops them.
    case dropped
    /// Only the latest is kept, and delivered when the subscriber asks: Combine's
    /// `CurrentValueSubject` and `@Published` deliver their current value then.
    case latestKept
}

/// What `upstream` does with a value sent while its subscriber has not asked for one: for an
/// operator that passes each value straight on (or drops it), where Combine passes its
/// subscriber's demand on to the upstream, so the source's own rule applies.
@inlinable
package func valuesWithoutDemand(of upstream: some Publisher) -> ValuesWithoutDemand {
    (upstream as? any ClosurePublisher)?.valuesWithoutDemand ?? .held
}

extension ClosurePublisher {
    /// Values sent without demand are held until asked for.
    @inlinable
    package var valuesWithoutDemand: ValuesWithoutDemand { .held }

    /// The completion needs no demand.
    @inlinable
    package var completesOnlyWhenAsked: Bool { false }

    /// Attaches `subscriber`: it receives a subscription, then values within the demand it
    /// requests, then the completion.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    @inlinable
    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        #if !canImport(Combine)
            // A sink asks for every value: nothing to count, so the closures go straight in.
            if let sink = subscriber as? Subscribers.Sink<Output, Failure> {
                guard let receiveValue = sink.directValueHandler else { return }
                // The completion goes through the sink, which then lets go of its closures; and
                // the publisher holds the sink until then, as a Combine subscription holds its
                // subscriber.
                sink.attach(
                    subscribeClosures(
                        receiveCompletion: { sink.receive(completion: $0) },
                        receiveValue: receiveValue))
                return
            }
        #endif
        Publishing.subscribe(
            subscriber, to: Self.self, valuesWithoutDemand: valuesWithoutDemand,
            completesOnlyWhenAsked: completesOnlyWhenAsked, bySinking: subscribeClosures)
    }
}

/// Subscribes `subscriber` to a publisher written as closures, as Combine's
/// `receive(subscriber:)` must: the subscription is handed over first, then values are
/// delivered within the demand the subscriber requests.
///
/// The subscription holds itself, through the closures, until it is cancelled or completes, as
/// a Combine publisher holds its subscriptions: a subscriber need not keep it.
///
/// - Parameters:
///   - subscriber: The subscriber.
///   - publisherType: The publisher's type, which names the subscription in its `description`.
///   - valuesWithoutDemand: What becomes of a value sent before the subscriber asked for it.
///   - completesOnlyWhenAsked: Whether the completion waits for the subscriber's first request.
///   - sink: Subscribes the two closures to the publisher, returning what ends it.
@usableFromInline
package func subscribe<Downstream: Subscriber>(
    _ subscriber: Downstream,
    to publisherType: Any.Type,
    valuesWithoutDemand: ValuesWithoutDemand,
    completesOnlyWhenAsked: Bool = false,
    bySinking sink: (
        _ receiveCompletion: @escaping (Subscribers.Completion<Downstream.Failure>) -> Void,
        _ receiveValue: @escaping (Downstream.Input) -> Void
    ) -> any Cancellable
) {
    let subscription = SinkSubscription(
        subscriber, of: publisherType, valuesWithoutDemand: valuesWithoutDemand,
        completesOnlyWhenAsked: completesOnlyWhenAsked)
    subscriber.receive(subscription: subscription)
    subscription.attach(
        sink(
            { subscription.post(.completion($0)) },
            { subscription.post(.value($0)) }
        ))
}

/// One subscriber's subscription to a `sink`-written publisher.
// @unchecked: every mutable field is in `state`, behind its lock; only the thread whose turn it
// is (`State.turn`) calls the subscriber.
private final class SinkSubscription<Downstream: Subscriber>: Subscription,
    // @unchecked: see above.
    CustomStringConvertible, @unchecked Sendable
{
    enum Event {
        case value(Downstream.Input)
        case completion(Subscribers.Completion<Downstream.Failure>)
    }

    private struct State {
        var downstream: Downstream?
        var upstream: (any Cancellable)?
        var demand = Subscribers.Demand.none
        /// Whether the subscriber has asked for anything yet.
        var hasAsked = false
        var pending = FIFO<Event>()
        /// How many of `pending` are values.
        var pendingValues = 0
        /// With `.latestKept`: the latest value that came without demand.
        var latest: Downstream.Input?
        /// Whose turn it is to call the subscriber. A value sent, or a request made, from inside
        /// a delivery on its thread is delivered at once, nested in it, as in Combine.
        var turn = DeliveryTurn()

        /// Whether the demand covers one more value beside those pending.
        var canTakeAnother: Bool { demand > pendingValues }
    }

    private let state: Locked<State>
    private let valuesWithoutDemand: ValuesWithoutDemand
    private let completesOnlyWhenAsked: Bool
    private let publisherType: Any.Type

    var description: String { subscriptionDescription(of: publisherType) }

    init(
        _ downstream: Downstream, of publisherType: Any.Type,
        valuesWithoutDemand: ValuesWithoutDemand, completesOnlyWhenAsked: Bool
    ) {
        state = Locked(State(downstream: downstream))
        self.publisherType = publisherType
        self.valuesWithoutDemand = valuesWithoutDemand
        self.completesOnlyWhenAsked = completesOnlyWhenAsked
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
            switch (event, valuesWithoutDemand) {
            case (.value, .held):
                state.pendingValues += 1
                state.pending.push(event)
            case (.value(let value), .dropped), (.value(let value), .latestKept):
                if state.canTakeAnother {
                    // Newer than a value kept from before the demand came: that one is stale.
                    state.latest = nil
                    state.pendingValues += 1
                    state.pending.push(event)
                } else if valuesWithoutDemand == .latestKept {
                    state.latest = value
                }
            case (.completion, _):
                // A completion needs no demand; a value nobody asked for is not sent before it.
                state.latest = nil
                state.pending.push(event)
            }
            return true
        }
        if isLive { deliver() }
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { state in
            state.demand += demand
            state.hasAsked = true
        }
        deliver(offeringLatest: true)
    }

    func cancel() {
        // Taken out under the lock and released after it: a release may run user code.
        let (upstream, downstream, pending, latest) = state.withLock { state in
            defer { state.pending = FIFO() }
            return (
                state.upstream.take(), state.downstream.take(), state.pending, state.latest.take()
            )
        }
        upstream?.cancel()
        withExtendedLifetime((downstream, pending, latest)) {}
    }

    /// Delivers what the demand allows, unless another thread is delivering: that one goes on
    /// with it. Called from inside a delivery on its own thread, it delivers at once, nested.
    ///
    /// - Parameter offeringLatest: Whether a value kept with `.latestKept` may go first: only
    ///   for a request, as Combine's subjects deliver their kept value only when asked, not
    ///   when a delivery returns more demand.
    private func deliver(offeringLatest: Bool = false) {
        var offeringLatest = offeringLatest
        while true {
            let next = state.withLock { state -> (Downstream, Event)? in
                guard state.turn.mayDeliver, let downstream = state.downstream else { return nil }
                let event: Event
                if let first = state.pending.first {
                    switch first {
                    case .value:
                        guard state.demand > 0 else { return nil }
                        state.demand -= 1
                        state.pendingValues -= 1
                    case .completion(.finished):
                        guard state.hasAsked || !completesOnlyWhenAsked else { return nil }
                    case .completion(.failure):
                        break
                    }
                    _ = state.pending.pop()
                    event = first
                } else if offeringLatest, state.demand > 0, let latest = state.latest.take() {
                    state.demand -= 1
                    event = .value(latest)
                } else {
                    return nil
                }
                state.turn.begin()
                return (downstream, event)
            }
            guard let (downstream, event) = next else { return }
            offeringLatest = false
            switch event {
            case .value(let value):
                let more = downstream.receive(value)
                state.withLock { state in
                    state.demand += more
                    state.turn.end()
                }
            case .completion(let completion):
                // Nothing is delivered after the completion; the upstream has ended itself.
                // What the state held is released after the lock: a release may run user code.
                let (upstream, pending, latest) = state.withLock { state in
                    defer {
                        state.downstream = nil
                        state.pending = FIFO()
                        state.turn.end()
                    }
                    return (state.upstream.take(), state.pending, state.latest.take())
                }
                withExtendedLifetime((upstream, pending, latest)) {}
                downstream.receive(completion: completion)
                return
            }
        }
    }
}
