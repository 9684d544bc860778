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
