// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`: a second publisher's first value
    // ends the stream, or starts it. As Combine's: the subscriber's demand goes to the upstream,
    // the other publisher is asked for one value, and both may send from any thread, so the
    // subscriber is reached through a ``SerialDownstream``.

    extension Publishers {
        /// A publisher of its upstream's values until another publisher sends one.
        public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are sent.
            public let upstream: Upstream
            /// The publisher whose first value finishes the stream.
            public let other: Other

            /// Sends `upstream`'s values until `other` sends one.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are sent.
            ///   - other: The publisher whose first value finishes the stream.
            public init(upstream: Upstream, other: Other) {
                self.upstream = upstream
                self.other = other
            }

            /// Subscribes to `other` (asking for one value), then attaches `subscriber` to the
            /// upstream; `other`'s first value finishes the stream and cancels the upstream;
            /// `other` ending without one changes nothing.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let inner = UntilOutputSubscription<Upstream, Downstream>(subscriber, drops: false)
                other.subscribe(inner.trigger(Other.self))
                upstream.subscribe(inner)
            }
        }

        /// A publisher of its upstream's values from when another publisher sends one.
        public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
        where Upstream.Failure == Other.Failure {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstreams' failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are sent.
            public let upstream: Upstream
            /// The publisher whose first value starts the stream.
            public let other: Other

            /// Drops `upstream`'s values until `other` sends one.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are sent.
            ///   - other: The publisher whose first value starts the stream.
            public init(upstream: Upstream, other: Other) {
                self.upstream = upstream
                self.other = other
            }

            /// Hands `subscriber` its subscription, then subscribes to `other` (asking for one
            /// value) and to the upstream; the upstream's values go out once `other` has sent
            /// one (those before use up demand, as in Combine); `other` ending without one ends
            /// the stream the same way and cancels the upstream.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let inner = UntilOutputSubscription<Upstream, Downstream>(subscriber, drops: true)
                inner.handOver()
                other.subscribe(inner.trigger(Other.self))
                upstream.subscribe(inner)
            }
        }
    }

    /// One subscription through `prefix(untilOutputFrom:)` (`drops` false: the trigger ends
    /// the stream) or `drop(untilOutputFrom:)` (`drops` true: the trigger starts it).
    // @unchecked: every mutable field is in `state`, behind its lock; `downstream` locks itself.
    private final class UntilOutputSubscription<Upstream: Publisher, Downstream: Subscriber>:
        // @unchecked: see above.
        Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        /// Where the subscription to the upstream is.
        private enum UpstreamLifecycle {
            /// No subscription yet: what the subscriber has asked for meanwhile (`drop` hands it
            /// this subscription first).
            case awaitingSubscription(pending: Subscribers.Demand)
            case subscribed(any Subscription)
            /// Ended here (the trigger, the upstream's completion) or cancelled; whether the
            /// upstream's subscription had come (a second is cancelled, and `prefix` hands a
            /// first that comes after the trigger over, then finishes).
            case terminal(wasSubscribed: Bool)

            var isTerminal: Bool {
                if case .terminal = self { true } else { false }
            }

            /// Ends the stream: the upstream's subscription, if it was kept, is returned.
            mutating func end() -> (any Subscription)? {
                switch self {
                case .awaitingSubscription:
                    self = .terminal(wasSubscribed: false)
                    return nil
                case .subscribed(let upstream):
                    self = .terminal(wasSubscribed: true)
                    return upstream
                case .terminal:
                    return nil
                }
            }
        }

        /// Where the subscription to the other publisher is.
        private enum TriggerLifecycle {
            case awaitingSubscription
            /// Asked for one value.
            case subscribed(any Subscription)
            /// The other publisher has sent its value.
            case fired
            /// The other publisher ended without a value, or was let go as the stream ended.
            case terminal

            var hasFired: Bool {
                if case .fired = self { true } else { false }
            }

            /// Lets go of the other publisher's subscription, if it is kept, and returns it;
            /// `fired` stays.
            mutating func end() -> (any Subscription)? {
                switch self {
                case .awaitingSubscription:
                    self = .terminal
                    return nil
                case .subscribed(let trigger):
                    self = .terminal
                    return trigger
                case .fired, .terminal:
                    return nil
                }
            }
        }

        private struct State {
            var upstream = UpstreamLifecycle.awaitingSubscription(pending: .none)
            var trigger = TriggerLifecycle.awaitingSubscription
        }

        private let drops: Bool
        private let downstream: SerialDownstream<Downstream>
        private let state = Locked(State())

        init(_ downstream: Downstream, drops: Bool) {
            self.drops = drops
            self.downstream = SerialDownstream(downstream)
            self.downstream.onLaterDemand { [weak self] more in self?.request(more) }
        }

        /// Hands the subscriber this subscription before the upstream's comes, as Combine's
        /// `drop(untilOutputFrom:)` does.
        func handOver() {
            downstream.receive(subscription: self)
        }

        /// The subscriber for the other publisher.
        func trigger<Other: Publisher>(_: Other.Type) -> AnySubscriber<Other.Output, Other.Failure>
        {
            AnySubscriber(
                receiveSubscription: { [self] subscription in
                    let isKept = state.withLock { state in
                        guard case .awaitingSubscription = state.trigger,
                            !state.upstream.isTerminal
                        else { return false }
                        state.trigger = .subscribed(subscription)
                        return true
                    }
                    guard isKept else { return subscription.cancel() }
                    subscription.request(.max(1))
                },
                receiveValue: { [self] _ in
                    triggered()
                    return .none
                },
                receiveCompletion: { [self] completion in
                    triggerEnded(completion)
                })
        }

        func receive(subscription: any Subscription) {
            let (isKept, pending, isTriggered) = state.withLock { state in
                switch state.upstream {
                case .awaitingSubscription(let pending):
                    state.upstream = .subscribed(subscription)
                    return (true, pending, false)
                case .terminal(wasSubscribed: false) where !drops:
                    state.upstream = .terminal(wasSubscribed: true)
                    return (true, Subscribers.Demand.none, true)
                case .subscribed, .terminal:
                    return (false, Subscribers.Demand.none, false)
                }
            }
            guard isKept else { return subscription.cancel() }
            if drops {
                if pending > .none { subscription.request(pending) }
                return
            }
            // Combine's `prefix(untilOutputFrom:)` hands over the upstream's subscription as it
            // comes. If the other publisher sent its value before (its finish waited for this),
            // the subscription is cancelled and the finish sent after the hand-over, so that it
            // follows the subscription (Combine's sends the finish at once, before any
            // subscription). A trigger from another thread during the hand-over waits for it in
            // `downstream`.
            downstream.receive(subscription: self)
            if isTriggered {
                subscription.cancel()
                downstream.complete(.finished)
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let passes = state.withLock {
                !$0.upstream.isTerminal && (!drops || $0.trigger.hasFired)
            }
            // A value dropped before the trigger uses up the demand it met, as in Combine.
            return passes ? downstream.send(input) : .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let ended = state.withLock {
                state -> (trigger: (any Subscription)?, upstream: (any Subscription)?)? in
                guard !state.upstream.isTerminal else { return nil }
                return (state.trigger.end(), state.upstream.end())
            }
            guard let (trigger, upstream) = ended else { return }
            // The upstream has ended itself: let go, not cancelled.
            withExtendedLifetime(upstream) {}
            // `prefix` lets the other publisher go; Combine's `drop` keeps it.
            if !drops { trigger?.cancel() }
            downstream.complete(completion)
        }

        func request(_ demand: Subscribers.Demand) {
            let upstream = state.withLock { state -> (any Subscription)? in
                switch state.upstream {
                case .awaitingSubscription(let pending):
                    state.upstream = .awaitingSubscription(pending: pending + demand)
                    return nil
                case .subscribed(let upstream): return upstream
                case .terminal: return nil
                }
            }
            upstream?.request(demand)
        }

        func cancel() {
            let (upstream, trigger) = state.withLock { state in
                (state.upstream.end(), state.trigger.end())
            }
            upstream?.cancel()
            trigger?.cancel()
            downstream.cancel()
        }

        /// The other publisher's value: ends the stream (`prefix`), or starts it (`drop`).
        private func triggered() {
            var trigger: (any Subscription)?
            let ended = state.withLock {
                state -> (upstream: (any Subscription)?, isSubscribed: Bool)? in
                guard !state.upstream.isTerminal, !state.trigger.hasFired else { return nil }
                // Let go, not cancelled, as Combine's; released after the lock.
                trigger = state.trigger.end()
                state.trigger = .fired
                guard !drops else { return nil }
                let isSubscribed = if case .subscribed = state.upstream { true } else { false }
                return (state.upstream.end(), isSubscribed)
            }
            withExtendedLifetime(trigger) {}
            guard let ended else { return }
            ended.upstream?.cancel()
            // Before the upstream's subscription, the finish waits for it (see above).
            if ended.isSubscribed { downstream.complete(.finished) }
        }

        /// The other publisher ended: without its value, `drop` ends the stream with the same
        /// completion, and cancels the upstream; `prefix` carries on.
        private func triggerEnded(_ completion: Subscribers.Completion<some Error>) {
            var trigger: (any Subscription)?
            let ended = state.withLock { state -> (any Subscription)?? in
                trigger = state.trigger.end()
                guard drops, !state.trigger.hasFired, !state.upstream.isTerminal else {
                    return nil
                }
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

    extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

    extension Publisher {
        /// Sends values until `publisher` sends one, then finishes.
        ///
        /// ```swift
        /// ticks.prefix(untilOutputFrom: viewModel.$isDone.filter { $0 })
        /// ```
        ///
        /// - Parameter publisher: The publisher whose first value finishes the stream.
        /// - Returns: A publisher of the values before it.
        public func prefix<P: Publisher>(untilOutputFrom publisher: P)
            -> Publishers.PrefixUntilOutput<Self, P>
        {
            Publishers.PrefixUntilOutput(upstream: self, other: publisher)
        }

        /// Drops values until `publisher` sends one, then sends the rest.
        ///
        /// - Parameter publisher: The publisher whose first value starts the stream.
        /// - Returns: A publisher of the values after it.
        public func drop<P: Publisher>(untilOutputFrom publisher: P)
            -> Publishers.DropUntilOutput<Self, P> where P.Failure == Failure
        {
            Publishers.DropUntilOutput(upstream: self, other: publisher)
        }
    }

    extension UntilOutputSubscription: CombineReflecting {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { drops ? "DropUntilOutput" : "PrefixUntilOutput" }
    }
#endif
