// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that forwards its upstream's values while a predicate holds, then finishes.
        public struct PrefixWhile<Upstream: Publisher>: StepOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose first values are forwarded.
            public let upstream: Upstream
            /// Forwards values while it returns `true`.
            public let predicate: (Output) -> Bool

            /// Forwards the values of `upstream` while `predicate` holds, then finishes.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose first values are forwarded.
            ///   - predicate: Forwards values while it returns `true`.
            public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Subscribes to the upstream; at the first value that fails the predicate, finishes
            /// and cancels it.
            /// Sends values while the predicate holds, then finishes.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let predicate = predicate
                return Steps { value, downstream in
                    if predicate(value) { downstream.send(value) } else { downstream.finish() }
                }.handling(beforeSubscription: .traps).reflecting(subscriberOnly)
            }
        }
    }

    extension Publisher {
        /// Forwards values while `predicate` holds, then finishes and cancels the upstream.
        ///
        /// - Parameter predicate: Forwards values while it returns `true`.
        /// - Returns: A publisher of the values before the first that fails `predicate`.
        public func prefix(while predicate: @escaping (Output) -> Bool)
            -> Publishers.PrefixWhile<Self>
        {
            Publishers.PrefixWhile(upstream: self, predicate: predicate)
        }
    }

#endif
