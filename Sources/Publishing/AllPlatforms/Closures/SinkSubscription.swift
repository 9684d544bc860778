/// One subscriber's subscription to a `sink`-written publisher.
// @unchecked: every mutable field is in `state`, behind its lock; only the thread whose turn it
// is (`State.turn`) calls the subscriber.
final class SinkSubscription<Downstream: Subscriber>: Subscription,
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

extension SinkSubscription: CombineReflecting {}
