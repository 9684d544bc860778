// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of the values of the latest publisher its upstream sent.
        public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
        where Upstream.Output == P, P.Failure == Upstream.Failure {
            /// The inner publishers' output type.
            public typealias Output = P.Output
            /// The shared failure type.
            public typealias Failure = P.Failure

            /// The publisher of publishers.
            public let upstream: Upstream

            /// Switches to each new publisher `upstream` sends.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Attaches `subscriber`, as Combine's does: every publisher the upstream sends is
            /// taken, the previous one's subscription is cancelled, and the latest is asked for
            /// what the subscriber is still owed. It finishes once the upstream and the latest
            /// inner publisher have; it fails with either's failure.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                SwitchToLatestSubscription<P, Upstream, Downstream>(subscriber).start(upstream)
            }
        }
    }

    extension Publisher where Output: Publisher, Output.Failure == Failure {
        /// Forwards the values of the latest publisher this one sent, cancelling the previous.
        ///
        /// ```swift
        /// $query.map { searchService.search($0) }.switchToLatest()
        /// ```
        ///
        /// - Returns: A publisher of the latest inner publisher's values.
        public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
            Publishers.SwitchToLatest(upstream: self)
        }
    }

    extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
        /// Forwards the values of the latest publisher this one sent, when neither can fail.
        ///
        /// - Returns: A publisher of the latest inner publisher's values.
        public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
            Publishers.SwitchToLatest(upstream: self)
        }
    }

    extension Publisher where Output: Publisher, Failure == Never {
        /// Forwards the values of the latest (failing) publisher this one sent.
        ///
        /// - Returns: A publisher of the latest inner publisher's values.
        public func switchToLatest()
            -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>>
        {
            setFailureType(to: Output.Failure.self).switchToLatest()
        }
    }

    extension Publisher where Output: Publisher, Output.Failure == Never {
        /// Forwards the values of the latest (never-failing) publisher this one sent, failing
        /// with this one's failure.
        ///
        /// Each inner publisher is given this one's failure type first, so the result has
        /// Combine's type, which names that step.
        ///
        /// - Returns: A publisher of the latest inner publisher's values.
        public func switchToLatest()
            -> Publishers.SwitchToLatest<
                Publishers.SetFailureType<Output, Failure>,
                Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
            >
        {
            map { $0.setFailureType(to: Failure.self) }.switchToLatest()
        }
    }
#endif
