// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of its upstream's last value, once it finishes.
        public struct Last<Upstream: Publisher>: ReducingOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose last value is sent.
            public let upstream: Upstream

            /// Sends `upstream`'s last value.
            ///
            /// - Parameter upstream: The publisher whose last value is sent.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Keeps the latest value.
            @usableFromInline
            package func makeReduction() -> Reduction<Upstream.Output, Failure, Output, Failure> {
                Reduction(initial: nil) { last, value in
                    last = value
                    return .proceed
                }
            }
        }

        /// A publisher of the last of its upstream's values that meets a predicate, once it
        /// finishes.
        public struct LastWhere<Upstream: Publisher>: ReducingOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// The test the value must pass.
            public let predicate: (Upstream.Output) -> Bool

            /// Sends the last of `upstream`'s values that meets `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: The test the value must pass.
            public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Keeps the latest value that passes.
            @usableFromInline
            package func makeReduction() -> Reduction<Upstream.Output, Failure, Output, Failure> {
                let predicate = predicate
                return Reduction(initial: nil) { last, value in
                    if predicate(value) { last = value }
                    return .proceed
                }
            }
        }
    }

    extension Publishers.Last: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Sends the last value once the upstream finishes; nothing if it sent none.
        ///
        /// - Returns: A publisher of at most one value.
        public func last() -> Publishers.Last<Self> {
            Publishers.Last(upstream: self)
        }

        /// Sends the last value that meets `predicate` once the upstream finishes.
        ///
        /// - Parameter predicate: The test each value must pass.
        /// - Returns: A publisher of at most one value.
        public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self>
        {
            Publishers.LastWhere(upstream: self, predicate: predicate)
        }
    }
#endif
