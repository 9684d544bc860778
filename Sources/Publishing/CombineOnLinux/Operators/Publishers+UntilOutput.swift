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

        private struct State {
            var upstream: (any Subscription)?
            var trigger: (any Subscription)?
            var isSubscribed = false
            /// The other publisher has sent its value.
            var isTriggered = false
            /// Ended here (the trigger, the upstream's completion) or cancelled.
            var isOver = false
            /// What the subscriber asked for before the upstream's subscription came.
            var pending = Subscribers.Demand.none
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
                        guard state.trigger == nil, !state.isOver, !state.isTriggered else {
                            return false
                        }
                        state.trigger = subscription
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
                guard !state.isSubscribed, !(state.isOver && drops) else {
                    return (false, Subscribers.Demand.none, false)
                }
                state.isSubscribed = true
                if !state.isOver { state.upstream = subscription }
                return (true, state.pending, state.isOver)
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
            let passes = state.withLock { !$0.isOver && (!drops || $0.isTriggered) }
            // A value dropped before the trigger uses up the demand it met, as in Combine.
            return passes ? downstream.send(input) : .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let ended = state.withLock {
                state -> (trigger: (any Subscription)?, upstream: (any Subscription)?)? in
                guard !state.isOver else { return nil }
                state.isOver = true
                return (state.trigger.take(), state.upstream.take())
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
                guard !state.isOver else { return nil }
                if state.upstream == nil { state.pending += demand }
                return state.upstream
            }
            upstream?.request(demand)
        }

        func cancel() {
            let (upstream, trigger) = state.withLock { state in
                state.isOver = true
                return (state.upstream.take(), state.trigger.take())
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
                guard !state.isOver, !state.isTriggered else { return nil }
                state.isTriggered = true
                // Let go, not cancelled, as Combine's; released after the lock.
                trigger = state.trigger.take()
                guard !drops else { return nil }
                state.isOver = true
                return (state.upstream.take(), state.isSubscribed)
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
                trigger = state.trigger.take()
                guard drops, !state.isTriggered, !state.isOver else { return nil }
                state.isOver = true
                return state.upstream.take()
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

    extension UntilOutputSubscription: CustomStringConvertible {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { drops ? "DropUntilOutput" : "PrefixUntilOutput" }
    }
#endif
