// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// The subscription of an operator that subscribes to one upstream after another (`catch`,
    /// `retry`, `append`), as Combine's do: the subscriber's demand goes to the current
    /// upstream, and a new one is asked for what is still owed.
    ///
    /// Each upstream is a *stage*, numbered from zero; only the latest stage delivers, and once
    /// the stream has ended or been cancelled, a stage that comes later is cancelled at once.
    /// The subscriber is handed this subscription when the first stage's subscription comes,
    /// until which it has nothing to ask of; each stage's subscriber stands for this
    /// subscription (its name, its identifier), as Combine's operators' do. A broken stage may
    /// still send from another thread: the subscriber is reached through a
    /// ``SerialDownstream``.
    // @unchecked: every mutable field is in `state`, behind its lock; `downstream` locks itself.
    final class Succession<Downstream: Subscriber>: Subscription, CombineReflecting,
        // @unchecked: see above.
        @unchecked Sendable
    {
        /// Which breaches of the protocol stop the program, as they stop Combine's operator.
        typealias Traps = SuccessionTraps

        /// The latest stage's link to its upstream.
        private enum Link {
            /// Subscribed to; its subscription has not come.
            case awaiting
            case attached(any Subscription)
            /// Its subscription came and was let go: the stage completed.
            case released

            var subscription: (any Subscription)? {
                if case .attached(let subscription) = self { subscription } else { nil }
            }

            /// Lets the subscription go, returning it.
            mutating func release() -> (any Subscription)? {
                defer { self = .released }
                return subscription
            }
        }

        /// What comes of a stage's subscription.
        private enum Arrival {
            /// Kept: asked for what is `owed`; the subscriber is handed this subscription first
            /// if `handsOver`.
            case kept(owed: Subscribers.Demand, handsOver: Bool)
            case refused
            case ignored
        }

        /// Whether the subscriber has been handed this subscription.
        private enum HandOver {
            case awaiting
            case done
        }

        private struct State {
            /// The latest stage; `.max` once the stream has ended or been cancelled.
            var stage = -1
            var link = Link.released
            var handOver = HandOver.awaiting
            /// What the subscriber has asked for and not yet been sent.
            var demand = Subscribers.Demand.none
            /// Ended with the stream: what the operator holds until then (`append`'s suffix).
            var companion: (any Cancellable)?
        }

        private let state = Locked(State())
        private let downstream: SerialDownstream<Downstream>
        /// The subscriber, held for the subscription's life where Combine's operator holds it so
        /// (`append`): one that keeps its subscription is kept with it until it
        /// lets it go. Elsewhere it is let go at the stream's end, as `downstream` lets it go.
        private let keptSubscriber: Downstream?
        /// The operator's type, which names this subscription.
        private let publisherType: Any.Type
        private let returnedDemand: ReturnedDemand
        private let unasked: Unasked
        private let reflection: Reflection
        private let earlyCompletion: EarlyCompletion
        let traps: Traps
        private let afterEnd: AfterEnd
        /// The subscriber, for the mirror only.
        private let downstreamDescription: String

        var description: String { subscriptionDescription(of: publisherType) }

        var customMirror: Mirror {
            switch reflection {
            case .name:
                return Mirror(self, children: EmptyCollection())
            case .downstreamAndDemand:
                let demand = state.withLock { $0.demand }
                return Mirror(
                    self,
                    children: ["downstream": downstreamDescription, "demand": demand])
            }
        }

        /// Makes the subscription for `downstream`, which is handed it at the first stage's
        /// subscription; the stages come with ``subscribe(_:stage:onFinish:onFailure:)``.
        init(
            _ downstream: Downstream, of publisherType: Any.Type,
            returnedDemand: ReturnedDemand = .toSender,
            unasked: Unasked = .delivered, reflection: Reflection = .name, traps: Traps = [],
            earlyCompletion: EarlyCompletion = .ignored, afterEnd: AfterEnd = .ignored,
            keepsSubscriber: Bool = false
        ) {
            self.earlyCompletion = earlyCompletion
            // Values after the end go to the subscriber, held for them.
            let keepsSubscriber = keepsSubscriber || afterEnd == .valuesDelivered
            keptSubscriber = keepsSubscriber ? downstream : nil
            self.traps = traps
            self.afterEnd = afterEnd
            self.publisherType = publisherType
            self.returnedDemand = returnedDemand
            self.unasked = unasked
            self.reflection = reflection
            // Described once, and only where the mirror shows it: the subscriber itself is
            // let go at the stream's end.
            switch reflection {
            case .name: self.downstreamDescription = ""
            case .downstreamAndDemand: self.downstreamDescription = String(describing: downstream)
            }
            self.downstream = SerialDownstream(downstream)
            // The demand a value queued for another thread's turn returns: owed, and asked of
            // the current stage.
            self.downstream.onLaterDemand { [weak self] more in
                guard let self else { return }
                let current = state.withLock { state in
                    state.demand += more
                    return state.link.subscription
                }
                current?.request(more)
            }
        }

        /// Subscribes to `publisher` as stage `stage`: its values go to the subscriber; its
        /// finish goes to `onFinish` (which starts the next stage), or ends the stream if there
        /// is none; its failure goes to `onFailure`, which starts the next stage or ends the
        /// stream with ``fail(_:)``.
        func subscribe<Upstream: Publisher>(
            _ publisher: Upstream, stage: Int, onFinish: (() -> Void)? = nil,
            onFailure: @escaping (Upstream.Failure) -> Void
        ) where Upstream.Output == Downstream.Input {
            subscribe(publisher, stage: stage, as: { $0 }, onFinish: onFinish, onFailure: onFailure)
        }

        /// Subscribes to `publisher` as stage `stage`, as
        /// ``subscribe(_:stage:onFinish:onFailure:)`` does, through the subscriber `wrap` makes of
        /// the stage's: a type of its own, as Combine's `append` gives its suffix's subscriber.
        func subscribe<Upstream: Publisher, Wrapper: Subscriber>(
            _ publisher: Upstream, stage: Int,
            as wrap: (SuccessionStage<Upstream, Downstream>) -> Wrapper,
            onFinish: (() -> Void)? = nil, onFailure: @escaping (Upstream.Failure) -> Void
        )
        where
            Upstream.Output == Downstream.Input, Wrapper.Input == Upstream.Output,
            Wrapper.Failure == Upstream.Failure
        {
            let (isLive, previous) = state.withLock { state -> (Bool, (any Subscription)?) in
                guard stage > state.stage else { return (false, nil) }
                state.stage = stage
                defer { state.link = .awaiting }
                return (true, state.link.release())
            }
            // The stage before is over: ended by itself (a failure, a finish), or, switched
            // away from, cancelled here.
            previous?.cancel()
            guard isLive else { return }
            publisher.subscribe(
                wrap(
                    SuccessionStage<Upstream, Downstream>(
                        self, stage: stage, onFinish: onFinish, onFailure: onFailure)))
        }

        /// Ends the stream with `error`.
        func fail(_ error: Downstream.Failure) {
            end(.failure(error))
        }

        /// Keeps `companion` until the stream ends or is cancelled, and cancels it then (at once
        /// if that has happened).
        func accompany(_ companion: any Cancellable) {
            let isOver = state.withLock { state in
                guard state.stage != .max else { return true }
                state.companion = companion
                return false
            }
            if isOver { companion.cancel() }
        }

        func request(_ demand: Subscribers.Demand) {
            let current = state.withLock { state in
                state.demand += demand
                return state.link.subscription
            }
            current?.request(demand)
        }

        func cancel() {
            let afterEnd = afterEnd
            let cancelling = state.withLock { state -> ((any Subscription)?, (any Cancellable)?)? in
                if afterEnd == .valuesDelivered, state.stage > 0, case .awaiting = state.link {
                    return nil
                }
                state.stage = .max
                return (state.link.release(), state.companion.take())
            }
            guard let (current, companion) = cancelling else { return }
            current?.cancel()
            companion?.cancel()
            downstream.cancel()
        }

        /// Keeps `subscription` as stage `stage`'s, the first to come for the latest stage,
        /// and asks it for what is owed; cancels any other but one that comes after the stage
        /// has completed. The first stage's hands the
        /// subscriber this subscription, if it waits for it.
        func attach(_ subscription: any Subscription, stage: Int) {
            let arrival = state.withLock { state -> Arrival in
                guard state.stage == stage else { return .refused }
                switch state.link {
                case .awaiting: state.link = .attached(subscription)
                case .attached: return .refused
                // After the stage's completion: let be, as Combine's operators do.
                case .released: return .ignored
                }
                // Owed: what was asked before, and, before the hand-over, through a stage's
                // subscriber.
                guard case .awaiting = state.handOver else {
                    return .kept(owed: state.demand, handsOver: false)
                }
                state.handOver = .done
                return .kept(owed: state.demand, handsOver: true)
            }
            switch arrival {
            case .kept(let owed, let handsOver):
                // The subscriber's requests, from inside the hand-over, reach the stage at once.
                if handsOver { downstream.receive(subscription: self) }
                if owed > .none { subscription.request(owed) }
            case .refused: subscription.cancel()
            case .ignored: break
            }
        }

        func deliver(_ value: Downstream.Input, stage: Int) -> Subscribers.Demand {
            let unasked = unasked
            let (isCurrent, isOver) = state.withLock { state in
                guard state.stage == stage else { return (false, state.stage == .max) }
                switch (unasked, state.link) {
                case (.dropped, .attached) where state.demand == .none, (.dropped, .awaiting):
                    return (false, false)
                case (.trapped, _):
                    precondition(
                        state.demand > .none,
                        "\(subscriptionDescription(of: publisherType)) was sent a value it did not ask for"
                    )
                default: break
                }
                if state.demand > .none { state.demand -= 1 }
                return (true, false)
            }
            guard isCurrent else {
                guard isOver, afterEnd == .valuesDelivered, let keptSubscriber else { return .none }
                return keptSubscriber.receive(value)
            }
            let more = downstream.send(value)
            let current = state.withLock { state in
                state.demand += more
                return state.link.subscription
            }
            switch returnedDemand {
            case .toSender:
                return more
            case .askedOfStage:
                if more > .none { current?.request(more) }
                return .none
            }
        }

        /// Whether `stage` is the latest, so that its completion counts; if it is, its
        /// subscription is let go uncancelled, as an upstream that has completed is not
        /// cancelled in Combine. A completion before the stage's subscription counts as
        /// ``EarlyCompletion`` says.
        func completed(_ stage: Int) -> Bool {
            let earlyCompletion = earlyCompletion
            var forgoesHandOver = false
            let (isCurrent, subscription) = state.withLock { state in
                guard state.stage == stage else { return (false, nil as (any Subscription)?) }
                if case .awaiting = state.link {
                    guard earlyCompletion == .counted else { return (false, nil) }
                    if case .awaiting = state.handOver {
                        state.handOver = .done
                        forgoesHandOver = true
                    }
                }
                return (true, state.link.release())
            }
            withExtendedLifetime(subscription) {}
            if forgoesHandOver { downstream.forgoHandOver() }
            return isCurrent
        }

        /// Stops the program unless the stream has ended or been cancelled: `what` broke the
        /// protocol while the operator was still relying on it.
        func trapIfLive(_ what: String) {
            let isLive = state.withLock { $0.stage != .max }
            precondition(!isLive, "\(subscriptionDescription(of: publisherType)) was sent \(what)")
        }

        func end(_ completion: Subscribers.Completion<Downstream.Failure>) {
            let ending = state.withLock { state -> ((any Subscription)?, (any Cancellable)?)? in
                guard state.stage != .max else { return nil }
                state.stage = .max
                return (state.link.release(), state.companion.take())
            }
            guard let (current, companion) = ending else { return }
            // What is still running is cancelled: a stage the operator itself ended.
            current?.cancel()
            companion?.cancel()
            downstream.complete(completion)
        }
    }

    /// Which breaches of the protocol stop a ``Succession``, as they stop Combine's operator.
    struct SuccessionTraps: OptionSet {
        let rawValue: Int
        /// A second failure from a stage while the stream goes on (`catch`).
        static let secondFailure = SuccessionTraps(rawValue: 1)
    }

#endif
