// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of the values of the publishers a transform makes from each upstream value.
        public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
        where NewPublisher.Failure == Upstream.Failure {
            /// The inner publishers' output type.
            public typealias Output = NewPublisher.Output
            /// The shared failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are transformed into publishers.
            public let upstream: Upstream
            /// How many inner publishers may run at once.
            public let maxPublishers: Subscribers.Demand
            /// Makes an inner publisher from each upstream value.
            public let transform: (Upstream.Output) -> NewPublisher

            /// Creates a publisher of the values of the publishers `transform` makes from each of
            /// `upstream`'s values, at most `maxPublishers` of them running at once.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are transformed into publishers.
            ///   - maxPublishers: How many inner publishers may run at once.
            ///   - transform: Makes an inner publisher from each upstream value.
            public init(
                upstream: Upstream, maxPublishers: Subscribers.Demand,
                transform: @escaping (Upstream.Output) -> NewPublisher
            ) {
                self.upstream = upstream
                self.maxPublishers = maxPublishers
                self.transform = transform
            }

            /// Attaches `subscriber`, then subscribes to the upstream, and to an inner publisher
            /// for each of its values.
            ///
            /// As in Combine, with a limit it asks the upstream for `maxPublishers` values, then
            /// for one more each time an inner publisher finishes (a subject drops the values
            /// sent in between); without one, for every value. While the subscriber's demand is
            /// limited, each inner publisher is asked for one value at a time: a value that
            /// comes with nothing asked for is kept, sent in the order kept when the subscriber
            /// asks, and its inner publisher then asked for one more; with unlimited demand,
            /// every inner publisher is asked for every value. It finishes once the upstream and
            /// every inner publisher have and nothing kept is left; it fails with the first
            /// failure, cancelling the inner publishers still running.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            @inlinable
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let subscription = FlatMapSubscription<NewPublisher, Upstream, Downstream>(
                    subscriber, maxPublishers: maxPublishers, transform: transform)
                subscriber.receive(subscription: subscription)
                subscription.start(upstream)
            }
        }
    }

    // The inner publishers' side of flatMap's subscription.
    extension FlatMapSubscription {
        /// Attaches an inner publisher of the package's own as a sink, while the subscriber asks
        /// for every value.
        @inlinable
        func sink(_ inner: NewPublisher, as index: Int) {
            let token = inner.sink(
                receiveCompletion: { [self] in innerCompleted($0, index: index) },
                receiveValue: { [self] in _ = innerValue($0, index: index) })
            let isCancelled = state.withLock { state in
                guard state.inners[index] != nil else { return !state.stage.isOpen }
                state.inners[index] = .sunk(token)
                return false
            }
            // Ended while subscribing: cancelled; if it finished by itself, let go of.
            if isCancelled { token.cancel() }
        }

        @inlinable
        func innerSubscribed(_ subscription: any Subscription, index: Int) {
            let demand = state.withLock { state -> Subscribers.Demand? in
                guard state.stage.isOpen, case .pending? = state.inners[index] else { return nil }
                state.inners[index] = .subscription(subscription)
                return state.demand == .unlimited ? .unlimited : .max(1)
            }
            guard let demand else { return subscription.cancel() }
            subscription.request(demand)
        }

        @inlinable
        func innerValue(_ value: Value, index: Int) -> Subscribers.Demand {
            let outcome = state.withLock { state -> Outcome in
                // A value from an inner publisher that has finished still goes out while the
                // stream is open, as Combine's sends it; and after the stream's completion, within
                // what is still asked for (OpenCombine's testDownstreamLockReentrance, run against
                // Combine).
                guard let downstream = state.stage.downstream else {
                    guard let downstream = state.stage.completedDownstream, state.demand > .none,
                        state.turn.claim(.nested)
                    else { return .ignored }
                    let isUnlimited = state.demand == .unlimited
                    state.demand -= 1
                    return .delivered(downstream, isUnlimited: isUnlimited)
                }
                guard state.kept.isEmpty, state.demand > .none, state.turn.claim(.nested) else {
                    state.kept.push((index, value))
                    return .kept
                }
                let isUnlimited = state.demand == .unlimited
                state.demand -= 1
                return .delivered(downstream, isUnlimited: isUnlimited)
            }
            switch outcome {
            case .ignored:
                return .none
            case .kept:
                // Sent when asked for, and the inner publisher asked for one more then.
                drain()
                return .none
            case .delivered(let downstream, let isUnlimited):
                let more = downstream.receive(value)
                drain(adding: more)
                // One more, in place of the one sent; with no limit, it was asked for every one.
                return isUnlimited ? .none : .max(1)
            }
        }

        @inlinable
        func innerCompleted(_ completion: Subscribers.Completion<Failure>, index: Int) {
            switch completion {
            case .finished:
                // Every finish asks the upstream for one more while the stream is open, a second
                // one from the same inner publisher too, as Combine's asks (OpenCombine's
                // testOuterLockReentrance, run against it).
                let link = state.withLock { state -> Link?? in
                    state.stage.isOpen ? .some(state.inners.removeValue(forKey: index)) : nil
                }
                guard let link else { return }
                withExtendedLifetime(link) {}
                drain()
                requestUpstreamValue()
            case .failure(let error):
                fail(error, by: index)
            }
        }

        /// Asks the upstream for one more value: an inner publisher has finished. From inside
        /// one of the upstream's deliveries too (an inner publisher that finished at once, such
        /// as `Just`): through its subscription, as Combine's asks, not returned from the
        /// delivery.
        @inlinable
        func requestUpstreamValue() {
            guard maxPublishers != .unlimited else { return }
            let subscription = state.withLock { state in
                state.stage.isOpen ? state.upstream.link?.subscription : nil
            }
            subscription?.request(.max(1))
        }

        // MARK: One inner publisher's subscriber

        /// Subscribes to one inner publisher for its subscription; shown as Combine's is, named
        /// after the operator, with the subscription it belongs to.
        @usableFromInline
        final class Side: Subscriber, CombineReflecting {
            @usableFromInline
            typealias Input = Value
            @usableFromInline
            typealias Failure = Upstream.Failure

            @usableFromInline let parent: FlatMapSubscription
            @usableFromInline let index: Int

            @inlinable
            init(_ parent: FlatMapSubscription, index: Int) {
                self.parent = parent
                self.index = index
            }

            @usableFromInline var description: String { "FlatMap" }

            @usableFromInline var customMirror: Mirror {
                Mirror(self, children: ["parentSubscription": parent.combineIdentifier])
            }

            @inlinable
            func receive(subscription: any Subscription) {
                parent.innerSubscribed(subscription, index: index)
            }

            @inlinable
            func receive(_ input: Value) -> Subscribers.Demand {
                parent.innerValue(input, index: index)
            }

            @inlinable
            func receive(completion: Subscribers.Completion<Failure>) {
                parent.innerCompleted(completion, index: index)
            }
        }
    }

    extension Publisher {
        /// Subscribes to a publisher made from each value, and forwards all their values.
        ///
        /// ```swift
        /// $query.flatMap { query in searchService.search(query) }
        /// ```
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once: the upstream is asked for
        ///     one more value each time one finishes.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<T, P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
            Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
        }

        /// Subscribes to a failing publisher made from each value of a publisher that cannot fail.
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once: the upstream is asked for
        ///     one more value each time one finishes.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>>
        where Failure == Never {
            setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
        }

        /// Subscribes to a publisher that cannot fail, made from each value.
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once: the upstream is asked for
        ///     one more value each time one finishes.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self>
        where P.Failure == Never {
            flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
        }

        /// Subscribes to a publisher made from each value, when neither can fail.
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once: the upstream is asked for
        ///     one more value each time one finishes.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<P, Self> where P.Failure == Never, Failure == Never {
            Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
        }
    }
#endif
