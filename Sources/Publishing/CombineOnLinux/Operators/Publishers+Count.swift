// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of how many values its upstream sent, once it finishes.
        public struct Count<Upstream: Publisher>: ReducingOperator {
            /// The number of values.
            public typealias Output = Int
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are counted.
            public let upstream: Upstream

            /// Counts `upstream`'s values.
            ///
            /// - Parameter upstream: The publisher whose values are counted.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Counts each value, from zero.
            @usableFromInline
            package func makeReduction() -> Reduction<Upstream.Output, Failure, Output, Failure> {
                Reduction(initial: 0) { count, _ in
                    count? += 1
                    return .proceed
                }
            }
        }
    }

    extension Publishers.Count: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Sends how many values the upstream sent, once it finishes.
        ///
        /// - Returns: A publisher of one count.
        public func count() -> Publishers.Count<Self> {
            Publishers.Count(upstream: self)
        }
    }
#endif
