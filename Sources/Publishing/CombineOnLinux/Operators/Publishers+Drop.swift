// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that skips a number of upstream values, then forwards the rest.
        public struct Drop<Upstream: Publisher>: Publisher {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose first values are skipped.
            public let upstream: Upstream
            /// How many values to skip.
            public let count: Int

            /// Skips the first `count` values of `upstream`, then forwards the rest.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose first values are skipped.
            ///   - count: How many values to skip.
            public init(upstream: Upstream, count: Int) {
                self.upstream = upstream
                self.count = count
            }

            /// Attaches `subscriber` as Combine's does: it is handed the subscription at once,
            /// before the upstream is subscribed to; what it asks for meanwhile, and the values
            /// to drop, are asked of the upstream's subscription when it comes. Every event the
            /// upstream sends after the first ``count`` values is passed on as it comes.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let inner = DropSubscription(subscriber, count: count)
                subscriber.receive(subscription: inner)
                upstream.subscribe(inner)
            }
        }
    }

    /// One subscription through `dropFirst(_:)`, as Combine's: it keeps the upstream's
    /// subscription and counts the values to drop; the rest, and each completion, pass through
    /// on the upstream's thread, as a `map`'s do (the upstream keeps the protocol, not this).
    /// After a completion the upstream's subscription is let go, and a later one is taken.
    // @unchecked: the mutable fields are in `state`, behind its lock; the subscriber is called
    // by the upstream, one event at a time, as Combine's pass-through operators call it.
    private final class DropSubscription<Downstream: Subscriber>: Subscriber, Subscription,
        // @unchecked: see above.
        CombineReflecting, @unchecked Sendable
    {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure

        private struct State {
            var upstream: (any Subscription)?
            /// What the subscriber asked for before the upstream's subscription came.
            var pending = Subscribers.Demand.none
            /// How many values are still to be dropped.
            var remaining: Int
        }

        private let state: Locked<State>
        /// Held for the subscription's life, as Combine's holds it.
        private let downstream: Downstream

        var description: String { "Drop" }

        init(_ downstream: Downstream, count: Int) {
            self.downstream = downstream
            state = Locked(State(remaining: count))
        }

        func receive(subscription: any Subscription) {
            let asked = state.withLock { state -> Subscribers.Demand? in
                guard state.upstream == nil else { return nil }
                state.upstream = subscription
                // At subscription, as Combine checks it: making the publisher does not stop.
                precondition(
                    state.remaining >= 0,
                    "dropFirst(_:) needs a count of zero or more, not \(state.remaining)")
                // As Combine's: the values to drop are asked for at once, with what the
                // subscriber asked for meanwhile.
                return state.pending + state.remaining
            }
            guard let asked else { return subscription.cancel() }
            if asked > .none { subscription.request(asked) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let drops = state.withLock { state in
                guard state.remaining > 0 else { return false }
                state.remaining -= 1
                return true
            }
            return drops ? .none : downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            // Let go, not cancelled: the upstream has ended itself.
            let upstream = state.withLock { $0.upstream.take() }
            withExtendedLifetime(upstream) {}
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            demand.requireSomeValues()
            let upstream = state.withLock { state -> (any Subscription)? in
                guard let upstream = state.upstream else {
                    state.pending += demand
                    return nil
                }
                return upstream
            }
            upstream?.request(demand)
        }

        func cancel() {
            state.withLock { $0.upstream.take() }?.cancel()
        }
    }

    extension Publishers.Drop: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Skips the first `count` values, then forwards the rest.
        ///
        /// - Parameter count: How many values to skip; `1` by default. Must not be negative:
        ///   a negative count stops the program when the publisher is subscribed to.
        /// - Returns: A publisher of the values after the first `count`.
        ///
        /// ```swift
        /// viewModel.$isLoading.dropFirst()   // skips the current value
        /// ```
        public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
            Publishers.Drop(upstream: self, count: count)
        }
    }
#endif
