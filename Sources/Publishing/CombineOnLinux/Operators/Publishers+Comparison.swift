// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of its upstream's greatest value, as an ordering decides, once it finishes:
        /// `min` and `max`.
        public struct Comparison<Upstream: Publisher>: ReducingOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are compared.
            public let upstream: Upstream
            /// Whether the first value comes before the second; the value that comes last is
            /// sent (`min` reverses the ordering).
            public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

            /// Sends the greatest of `upstream`'s values as `areInIncreasingOrder` orders them.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are compared.
            ///   - areInIncreasingOrder: Whether the first value comes before the second.
            public init(
                upstream: Upstream,
                areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool
            ) {
                self.upstream = upstream
                self.areInIncreasingOrder = areInIncreasingOrder
            }

            /// Keeps the greatest value; of equal values, the first.
            @usableFromInline
            package func makeReduction() -> Reduction<Upstream.Output, Failure, Output, Failure> {
                let areInIncreasingOrder = areInIncreasingOrder
                return Reduction(initial: nil) { greatest, value in
                    if let current = greatest, !areInIncreasingOrder(current, value) {
                        return .proceed
                    }
                    greatest = value
                    return .proceed
                }
            }
        }
    }

    extension Publisher {
        /// Sends the smallest value, as `areInIncreasingOrder` orders them, once the upstream
        /// finishes.
        ///
        /// - Parameter areInIncreasingOrder: Whether the first value is smaller.
        /// - Returns: A publisher of at most one value.
        public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool)
            -> Publishers.Comparison<Self>
        {
            max { areInIncreasingOrder($1, $0) }
        }

        /// Sends the largest value, as `areInIncreasingOrder` orders them, once the upstream
        /// finishes.
        ///
        /// - Parameter areInIncreasingOrder: Whether the first value is smaller.
        /// - Returns: A publisher of at most one value.
        public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool)
            -> Publishers.Comparison<Self>
        {
            Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
        }
    }

    extension Publisher where Output: Comparable {
        /// Sends the smallest value once the upstream finishes.
        ///
        /// - Returns: A publisher of at most one value.
        public func min() -> Publishers.Comparison<Self> {
            min(by: <)
        }

        /// Sends the largest value once the upstream finishes.
        ///
        /// - Returns: A publisher of at most one value.
        public func max() -> Publishers.Comparison<Self> {
            max(by: <)
        }
    }
#endif
