// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // The subscription behind `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`, and the
    // subscriber it attaches to the other publisher.

    /// `prefix(untilOutputFrom:)` or `drop(untilOutputFrom:)`: the operator a subscription
    /// serves, as a type, so that the subscription is named after it as Combine's inner object
    /// is nested in it.
    protocol UntilOutputOperator {
        /// Whether the trigger starts the stream (`drop`) rather than ends it (`prefix`).
        static var drops: Bool { get }
    }

    /// The one of the two whose subscription, in Combine, names and reflects as its operator
    /// (`drop(untilOutputFrom:)`'s); `prefix(untilOutputFrom:)`'s customizes neither
    /// (OpenCombine's `PrefixUntilOutputTests.testPrefixUntilOutputReflection`, run against
    /// Combine), and describes itself by its type, which names its operator.
    protocol NamedUntilOutputOperator: UntilOutputOperator {}

    /// One subscription through `prefix(untilOutputFrom:)` or `drop(untilOutputFrom:)`, as
    /// `Operator` says.
    // @unchecked: every mutable field is in `state`, behind its lock; `downstream` locks itself.
    final class UntilOutputSubscription<
        Upstream: Publisher, Downstream: Subscriber, Operator: UntilOutputOperator
    >:
        // @unchecked: see above.
        Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        /// Where the subscription to the upstream is.
        private enum UpstreamLifecycle {
            /// No subscription yet: what the subscriber has asked for meanwhile (`drop` hands it
            /// this subscription first), and, for `prefix`, the subscriber itself until it is
            /// handed this subscription, so that a trigger before then can finish it at once.
            case awaitingSubscription(pending: Subscribers.Demand, unsubscribed: Downstream?)
            case subscribed(any Subscription)
            /// Ended here (the trigger, the upstream's completion) or cancelled; a subscription
            /// that comes now is cancelled.
            case terminal

            var isTerminal: Bool {
                if case .terminal = self { true } else { false }
            }

            var isSubscribed: Bool {
                if case .subscribed = self { true } else { false }
            }

            /// Ends the stream: the upstream's subscription, if it was kept, is returned.
            mutating func end() -> (any Subscription)? {
                defer { self = .terminal }
                if case .subscribed(let upstream) = self { return upstream }
                return nil
            }
        }

        /// Where the subscription to the other publisher is.
        private enum TriggerLifecycle {
            case awaitingSubscription
            /// Asked for one value.
            case subscribed(any Subscription)
            /// The other publisher has sent its value.
            case fired
            /// After the value, a later subscription from the other publisher: `drop` keeps it,
            /// asked for one value, until it is cancelled, as Combine's.
            case firedAndResubscribed(any Subscription)
            /// The other publisher ended without a value, or was let go as the stream ended.
            case terminal

            var hasFired: Bool {
                switch self {
                case .fired, .firedAndResubscribed: true
                case .awaitingSubscription, .subscribed, .terminal: false
                }
            }

            /// Lets go of the other publisher's subscription, if it is kept, and returns it;
            /// having fired stays.
            mutating func end() -> (any Subscription)? {
                switch self {
                case .awaitingSubscription:
                    self = .terminal
                    return nil
                case .subscribed(let trigger):
                    self = .terminal
                    return trigger
                case .firedAndResubscribed(let trigger):
                    self = .fired
                    return trigger
                case .fired, .terminal:
                    return nil
                }
            }
        }

        private struct State {
            var upstream: UpstreamLifecycle
            var trigger = TriggerLifecycle.awaitingSubscription
            /// `drop`: what the subscriber has asked for that the values dropped before the
            /// trigger have not used up. A value beyond it stops the program, as Combine's.
            var unusedDemand = Subscribers.Demand.none
            /// `drop`: whether the upstream's completion came, or the subscriber cancelled: only
            /// these stop Combine's `drop` passing on what comes. The other publisher's
            /// completion ends the stream and cancels the upstream, but stops nothing: a second
            /// one is sent on too, and so are the upstream's values once the other publisher
            /// has sent one.
            var isStopped = false
            /// `drop`: whether the other publisher's completion ended the stream. An upstream
            /// that then sends its own completion after its subscription is well behaved, and
            /// the stream has ended: that one is not sent on (only a broken one's is).
            var endedByTrigger = false
            /// `drop`: whether a subscription from the other publisher was kept, so that its
            /// completion comes from a well-behaved publisher.
            var triggerSubscribed = false
        }

        private var drops: Bool { Operator.drops }
        private let downstream: SerialDownstream<Downstream>
        /// Held for the subscription's life, as Combine's holds it (`downstream` lets go at the
        /// end): a subscriber that keeps its subscription is kept with it until it lets it go.
        private let subscriber: Downstream
        private let state: Locked<State>

        init(_ downstream: Downstream) {
            subscriber = downstream
            self.downstream = SerialDownstream(
                downstream, afterCompletion: Operator.drops ? .everything : .nothing)
            state = Locked(
                State(
                    upstream: .awaitingSubscription(
                        pending: .none, unsubscribed: Operator.drops ? nil : downstream)))
            self.downstream.onLaterDemand { [weak self] more in self?.request(more) }
        }

        /// Hands the subscriber this subscription before the upstream's comes, as Combine's
        /// `drop(untilOutputFrom:)` does.
        func handOver() {
            downstream.receive(subscription: self)
        }

        /// The subscriber for the other publisher: this subscription's, under the same
        /// identifier and name, as Combine's.
        func trigger<Other: Publisher>(_: Other.Type)
            -> UntilOutputTrigger<Upstream, Downstream, Operator, Other>
        {
            UntilOutputTrigger(inner: self)
        }

        func receive(subscription: any Subscription) {
            let (isKept, pending) = state.withLock { state in
                guard case .awaitingSubscription(let pending, _) = state.upstream else {
                    return (false, Subscribers.Demand.none)
                }
                state.upstream = .subscribed(subscription)
                return (true, pending)
            }
            guard isKept else { return subscription.cancel() }
            if drops {
                if pending > .none { subscription.request(pending) }
                return
            }
            // Combine's `prefix(untilOutputFrom:)` hands over the upstream's subscription as it
            // comes. A trigger from another thread during the hand-over waits for it in
            // `downstream`.
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let passes = state.withLock { state in
                guard drops else { return state.upstream.isSubscribed }
                if state.trigger.hasFired { return !state.isStopped }
                // A value dropped before the trigger uses up the demand it met, as in Combine.
                precondition(
                    state.unusedDemand > .none,
                    "DropUntilOutput was sent a value it did not ask for")
                state.unusedDemand -= 1
                return false
            }
            return passes ? downstream.send(input) : .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let ended = state.withLock {
                state -> (
                    trigger: (any Subscription)?, upstream: (any Subscription)?,
                    isSubscribed: Bool, sends: Bool
                )? in
                if drops {
                    guard !state.isStopped else { return nil }
                    state.isStopped = true
                } else {
                    guard !state.upstream.isTerminal else { return nil }
                }
                let isSubscribed = state.upstream.isSubscribed
                // `drop`: once the other publisher's completion has ended the stream, a
                // well-behaved upstream's own completion, after its subscription, is not sent
                // on; a broken one's is, as Combine's.
                let sends = !(drops && state.endedByTrigger && isSubscribed)
                return (state.trigger.end(), state.upstream.end(), isSubscribed, sends)
            }
            guard let ended else { return }
            // The upstream has ended itself: let go, not cancelled.
            withExtendedLifetime(ended.upstream) {}
            // `prefix` lets the other publisher go; Combine's `drop` keeps it.
            if !drops { ended.trigger?.cancel() }
            guard ended.sends else { return }
            // Before the upstream's subscription, Combine's `prefix` has handed its subscriber
            // nothing, and sends it nothing.
            if drops || ended.isSubscribed {
                downstream.complete(completion)
            } else {
                downstream.cancel()
            }
        }

        func request(_ demand: Subscribers.Demand) {
            let upstream = state.withLock { state -> (any Subscription)? in
                state.unusedDemand += demand
                switch state.upstream {
                case .awaitingSubscription(let pending, let unsubscribed):
                    state.upstream = .awaitingSubscription(
                        pending: pending + demand, unsubscribed: unsubscribed)
                    return nil
                case .subscribed(let upstream): return upstream
                case .terminal: return nil
                }
            }
            upstream?.request(demand)
        }

        func cancel() {
            let (upstream, trigger) = state.withLock { state in
                state.isStopped = true
                return (state.upstream.end(), state.trigger.end())
            }
            upstream?.cancel()
            trigger?.cancel()
            downstream.cancel()
        }

        /// The other publisher's subscription: kept and asked for one value while none is,
        /// and, for `drop`, again after its value, as Combine's; otherwise cancelled.
        func triggerReceive(subscription: any Subscription) {
            let isKept = state.withLock { state in
                guard !state.upstream.isTerminal else { return false }
                switch state.trigger {
                case .awaitingSubscription:
                    state.trigger = .subscribed(subscription)
                    state.triggerSubscribed = true
                case .fired where drops: state.trigger = .firedAndResubscribed(subscription)
                default: return false
                }
                return true
            }
            guard isKept else { return subscription.cancel() }
            subscription.request(.max(1))
        }

        /// The other publisher's value: ends the stream (`prefix`), or starts it (`drop`).
        /// `prefix` hears it only from a subscription it keeps, as Combine's.
        func triggerReceive() {
            var trigger: (any Subscription)?
            let ended = state.withLock {
                state -> (upstream: (any Subscription)?, unsubscribed: Downstream?)? in
                guard drops || !state.upstream.isTerminal, !state.trigger.hasFired else {
                    // A later subscription's value: let go, as the first's.
                    if case .firedAndResubscribed = state.trigger { trigger = state.trigger.end() }
                    return nil
                }
                if !drops {
                    guard case .subscribed = state.trigger else { return nil }
                }
                // Let go, not cancelled, as Combine's; released after the lock.
                trigger = state.trigger.end()
                state.trigger = .fired
                guard !drops else { return nil }
                if case .awaitingSubscription(_, let unsubscribed) = state.upstream {
                    state.upstream = .terminal
                    return (nil, unsubscribed)
                }
                return (state.upstream.end(), nil)
            }
            withExtendedLifetime(trigger) {}
            guard let ended else { return }
            if let unsubscribed = ended.unsubscribed {
                // Before the upstream's subscription, Combine's finishes the subscriber at
                // once, with no subscription: nothing else can reach it yet, and a subscription
                // that comes later is cancelled.
                downstream.cancel()
                return unsubscribed.receive(completion: .finished)
            }
            ended.upstream?.cancel()
            downstream.complete(.finished)
        }

        /// The other publisher ended: without its value, `drop` ends the stream with the same
        /// completion, each time, and cancels the upstream (one that has not come yet is still
        /// kept and asked for the subscriber's demand when it does, as Combine's); `prefix`
        /// carries on.
        func triggerReceive(completion: Subscribers.Completion<some Error>) {
            var trigger: (any Subscription)?
            let ended = state.withLock { state -> (any Subscription)?? in
                let hasFired = state.trigger.hasFired
                trigger = state.trigger.end()
                guard drops, !hasFired else { return nil }
                // After the upstream's completion, a well-behaved other publisher's completion
                // is not sent on: the stream has ended. A broken one's, with no subscription
                // before it, is, as Combine's.
                guard !(state.isStopped && state.triggerSubscribed) else { return nil }
                state.endedByTrigger = true
                guard state.upstream.isSubscribed else { return .some(nil) }
                return state.upstream.end()
            }
            withExtendedLifetime(trigger) {}
            guard let ended else { return }
            ended?.cancel()
            switch completion {
            case .finished: downstream.complete(.finished)
            case .failure(let error):
                // `drop(untilOutputFrom:)` requires the two failure types to be the same.
                if let error = error as? Failure { downstream.complete(.failure(error)) }
            }
        }
    }

    /// The subscriber `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)` attach to the other
    /// publisher: the operator's subscription under another type, sharing its identifier and
    /// name, as Combine's.
    struct UntilOutputTrigger<
        Upstream: Publisher, Downstream: Subscriber, Operator: UntilOutputOperator, Other: Publisher
    >:
        Subscriber
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Other.Output
        typealias Failure = Other.Failure

        let inner: UntilOutputSubscription<Upstream, Downstream, Operator>

        var combineIdentifier: CombineIdentifier { inner.combineIdentifier }

        func receive(subscription: any Subscription) {
            inner.triggerReceive(subscription: subscription)
        }

        func receive(_: Other.Output) -> Subscribers.Demand {
            inner.triggerReceive()
            return .none
        }

        func receive(completion: Subscribers.Completion<Other.Failure>) {
            inner.triggerReceive(completion: completion)
        }
    }

    // Each protocol named: a conditional conformance does not imply the ones it inherits.
    extension UntilOutputSubscription: CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible, CombineReflecting
    where Operator: NamedUntilOutputOperator {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "DropUntilOutput" }
    }

    extension UntilOutputTrigger: CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible, CombineReflecting
    where Operator: NamedUntilOutputOperator {
        /// The operator's name, as its subscription's.
        var description: String { inner.description }
    }
#endif
