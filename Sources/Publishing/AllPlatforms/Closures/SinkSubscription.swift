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

    /// Where the subscription stands, holding the subscriber, and what ends the upstream's
    /// subscription once it is attached, until the completion or a cancel.
    private enum Stage {
        case live(Downstream, upstream: (any Cancellable)?)
        case ended
    }

    /// One delivery, taken under the lock and made after it.
    private enum Delivery {
        case value(Downstream, Downstream.Input)
        /// The completion, with what the subscription held, released after the lock.
        case completion(
            Downstream, Subscribers.Completion<Downstream.Failure>,
            released: ((any Cancellable)?, FIFO<Event>, Downstream.Input?))
    }

    private struct State {
        var stage: Stage
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
        /// Whether a mirror still shows the publisher: until a cancel, or until a completion the
        /// publisher sent was delivered in its send. One delivered in answer to a request leaves
        /// it shown, as Combine's `Future` keeps its parent then.
        var showsPublisher = true
        /// Whether the subscriber is being handed the subscription after it joined the
        /// publisher: what the publisher sends meanwhile waits (a completion must not come
        /// before the subscription), while a request made in `receive(subscription:)` is
        /// answered at once.
        var handingOver = false

        /// Whether the demand covers one more value beside those pending.
        var canTakeAnother: Bool { demand > pendingValues }
    }

    private let state: Locked<State>
    private let valuesWithoutDemand: ValuesWithoutDemand
    private let completesOnlyWhenAsked: Bool
    private let trapsOnZeroDemand: Bool
    private let publisherType: Any.Type
    /// Called once, when the subscriber has asked for something and this is attached to the
    /// publisher, so values it then sends reach this subscriber.
    private let onFirstDemand: (() -> Void)?
    /// The publisher's part of a mirror of this subscription, for a ``SinkReflecting`` one.
    private let reflected: Any?

    var description: String { subscriptionDescription(of: publisherType) }

    init(
        _ downstream: Downstream, of publisherType: Any.Type,
        valuesWithoutDemand: ValuesWithoutDemand, completesOnlyWhenAsked: Bool,
        trapsOnZeroDemand: Bool = false, onFirstDemand: (() -> Void)? = nil,
        reflecting reflected: Any? = nil
    ) {
        self.reflected = reflected
        state = Locked(State(stage: .live(downstream, upstream: nil)))
        self.onFirstDemand = onFirstDemand
        self.publisherType = publisherType
        self.valuesWithoutDemand = valuesWithoutDemand
        self.completesOnlyWhenAsked = completesOnlyWhenAsked
        self.trapsOnZeroDemand = trapsOnZeroDemand
    }

    /// Keeps what ends the upstream subscription; cancels it at once if this was cancelled
    /// (or completed) while the upstream was subscribing.
    func attach(_ upstream: any Cancellable) {
        let (isEnded, noticesDemand) = state.withLock { state in
            guard case .live(let downstream, _) = state.stage else { return (true, false) }
            state.stage = .live(downstream, upstream: upstream)
            return (false, state.hasAsked)
        }
        if isEnded { upstream.cancel() }
        if noticesDemand { onFirstDemand?() }
    }

    func post(_ event: Event) {
        let isLive = state.withLock { state in
            guard case .live = state.stage else { return false }
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
            return !state.handingOver
        }
        if isLive { deliver() }
    }

    /// Hands this to `subscriber` once it has joined the publisher (``attach(_:)``), as
    /// Combine's `CurrentValueSubject` does: a request made in `receive(subscription:)` is sent
    /// the current value at once, inside the request; what the publisher sends meanwhile is
    /// delivered after the hand-over.
    func handOver(to subscriber: Downstream) {
        state.withLock { $0.handingOver = true }
        subscriber.receive(subscription: self)
        state.withLock { $0.handingOver = false }
        deliver()
    }

    func request(_ demand: Subscribers.Demand) {
        // Combine's message: a subscriber asking for nothing breaks the protocol.
        if trapsOnZeroDemand { demand.requireSomeValues() }
        let noticesDemand = state.withLock { state in
            // Once ended, nothing is owed: a mirror shows the demand as it was, as Combine's.
            guard case .live = state.stage else { return false }
            state.demand += demand
            defer { state.hasAsked = true }
            // `onFirstDemand` waits for the upstream's cancellable, and a subscription that has
            // ended asks nothing.
            guard case .live(_, upstream: .some) = state.stage else { return false }
            return !state.hasAsked
        }
        if noticesDemand { onFirstDemand?() }
        deliver(offeringLatest: true)
    }

    func cancel() {
        // Taken out under the lock and released after it: a release may run user code.
        let (stage, pending, latest) = state.withLock { state in
            defer {
                state.stage = .ended
                state.pending = FIFO()
                state.showsPublisher = false
            }
            return (state.stage, state.pending, state.latest.take())
        }
        if case .live(_, let upstream) = stage { upstream?.cancel() }
        withExtendedLifetime((stage, pending, latest)) {}
    }

    /// Delivers what the demand allows, unless another thread is delivering: that one goes on
    /// with it. Called from inside a delivery on its own thread, it delivers at once, nested.
    ///
    /// - Parameter offeringLatest: Whether a value kept with `.latestKept` may go first: only
    ///   for a request, as Combine's subjects deliver their kept value only when asked, not
    ///   when a delivery returns more demand.
    private func deliver(offeringLatest: Bool = false) {
        var offeringLatest = offeringLatest
        /// A completion delivered in the publisher's send, not in answer to a request, lets the
        /// publisher go from a mirror once delivered (see `State.showsPublisher`).
        let sentByPublisher = !offeringLatest
        var deliveredCompletion = false
        /// What the value delivered last returned, added to the demand under the lock.
        var returned = Subscribers.Demand.none
        guard state.withLock({ $0.turn.claim(.nested) }) else { return }
        DeliveryTurn.loop(
            nil,
            next: {
                state.withLock { state in
                    state.demand += returned
                    returned = .none
                    if deliveredCompletion && sentByPublisher { state.showsPublisher = false }
                    defer { offeringLatest = false }
                    return state.turn.proceed(to: next(&state, offeringLatest: offeringLatest))
                }
            },
            deliver: { delivery in
                switch delivery {
                case .value(let downstream, let value):
                    returned = downstream.receive(value)
                case .completion(let downstream, let completion, let released):
                    withExtendedLifetime(released) {}
                    downstream.receive(completion: completion)
                    deliveredCompletion = true
                }
            })
    }

    /// What the demand lets the turn deliver next, under the lock. A completion ends the
    /// subscription: nothing is delivered after it; the upstream has ended itself.
    private func next(_ state: inout State, offeringLatest: Bool) -> Delivery? {
        guard case .live(let downstream, let upstream) = state.stage else { return nil }
        if let first = state.pending.first {
            switch first {
            case .value(let value):
                guard state.demand > 0 else { return nil }
                state.demand -= 1
                state.pendingValues -= 1
                _ = state.pending.pop()
                return .value(downstream, value)
            case .completion(let completion):
                if case .finished = completion, !state.hasAsked, completesOnlyWhenAsked {
                    return nil
                }
                state.stage = .ended
                defer { state.pending = FIFO() }
                return .completion(
                    downstream, completion, released: (upstream, state.pending, state.latest.take())
                )
            }
        }
        guard offeringLatest, state.demand > 0, let latest = state.latest.take() else { return nil }
        state.demand -= 1
        return .value(downstream, latest)
    }
}

extension SinkSubscription: CombineReflecting {
    /// What the publisher shows, if it is ``SinkReflecting``; no children otherwise.
    var customMirror: Mirror {
        guard let reflecting = publisherType as? any SinkReflecting.Type else {
            return Mirror(self, children: EmptyCollection())
        }
        let parts = state.withLock { state in
            let downstream: Downstream? =
                if case .live(let downstream, _) = state.stage { downstream } else { nil }
            return SinkMirrorParts(
                downstream: downstream as Any, isLive: downstream != nil,
                showsPublisher: state.showsPublisher, demand: state.demand,
                hasAsked: state.hasAsked)
        }
        return Mirror(self, children: reflecting.mirrorChildren(of: reflected, parts))
    }
}

/// A publisher whose subscriptions, as Combine's, show children in a mirror: a subject's its
/// subject, subscriber and demand, `Just`'s its value.
package protocol SinkReflecting {
    /// The children of a mirror of a subscription, given what the publisher handed it to show
    /// (its ``ClosurePublisher/subscriptionReflected``) and what the subscription holds.
    static func mirrorChildren(of reflected: Any?, _ parts: SinkMirrorParts) -> [Mirror.Child]
}

/// What a subscription to a ``ClosurePublisher`` holds, for a mirror.
package struct SinkMirrorParts {
    /// The subscriber (an optional), `nil` once the subscription has ended.
    package var downstream: Any
    /// Whether the subscription has not ended.
    package var isLive: Bool
    /// Whether the subscription still shows its publisher: until a cancel, or a completion the
    /// publisher sent was delivered in its send (``SinkSubscription``'s rule).
    package var showsPublisher: Bool
    /// What the subscriber has asked for and not yet been sent.
    package var demand: Subscribers.Demand
    /// Whether the subscriber has asked for anything yet.
    package var hasAsked: Bool
}
