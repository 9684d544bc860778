// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of its upstream's first value; it then finishes and cancels the upstream.
        public struct First<Upstream: Publisher>: ReducingOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose first value is sent.
            public let upstream: Upstream

            /// Sends `upstream`'s first value.
            ///
            /// - Parameter upstream: The publisher whose first value is sent.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// The first value decides.
            @usableFromInline
            package func makeReduction() -> Reduction<Upstream.Output, Failure, Output, Failure> {
                Reduction(initial: nil) { first, value in
                    first = value
                    return .decided
                }
            }
        }

        /// A publisher of the first of its upstream's values that meets a predicate; it then
        /// finishes and cancels the upstream.
        public struct FirstWhere<Upstream: Publisher>: ReducingOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// The test the value must pass.
            public let predicate: (Output) -> Bool

            /// Sends the first of `upstream`'s values that meets `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: The test the value must pass.
            public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// The first value that passes decides.
            @usableFromInline
            package func makeReduction() -> Reduction<Upstream.Output, Failure, Output, Failure> {
                let predicate = predicate
                return Reduction(initial: nil) { first, value in
                    guard predicate(value) else { return .proceed }
                    first = value
                    return .decided
                }
            }
        }
    }

    extension Publishers.First: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Sends the first value, then finishes and cancels the upstream.
        ///
        /// - Returns: A publisher of at most one value.
        public func first() -> Publishers.First<Self> {
            Publishers.First(upstream: self)
        }

        /// Sends the first value that meets `predicate`, then finishes and cancels the upstream.
        ///
        /// - Parameter predicate: The test the value must pass.
        /// - Returns: A publisher of at most one value.
        public func first(where predicate: @escaping (Output) -> Bool)
            -> Publishers.FirstWhere<Self>
        {
            Publishers.FirstWhere(upstream: self, predicate: predicate)
        }
    }
#endif
