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
            /// upstream; `other`'s first value finishes the stream and cancels the upstream
            /// (before the upstream's subscription, it finishes `subscriber` at once, as
            /// Combine's); `other` ending without one changes nothing.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let inner = UntilOutputSubscription<Upstream, Downstream, Self>(subscriber)
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
                let inner = UntilOutputSubscription<Upstream, Downstream, Self>(subscriber)
                inner.handOver()
                other.subscribe(inner.trigger(Other.self))
                upstream.subscribe(inner)
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

    extension Publishers.PrefixUntilOutput: UntilOutputOperator {
        static var drops: Bool { false }
    }

    extension Publishers.DropUntilOutput: NamedUntilOutputOperator {
        static var drops: Bool { true }
    }
#endif
