// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of whether all of its upstream's values meet a predicate: `false` at the
        /// first that does not (then it finishes and cancels the upstream), `true` if the upstream
        /// finishes first.
        public struct AllSatisfy<Upstream: Publisher>: ReducingOperator {
            /// Whether every value passed.
            public typealias Output = Bool
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// The test every value must pass.
            public let predicate: (Upstream.Output) -> Bool

            /// Sends whether all of `upstream`'s values meet `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: The test every value must pass.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// `true`, until a value that fails decides `false`.
            @usableFromInline
            package func makeReduction() -> Reduction<Upstream.Output, Failure, Output, Failure> {
                let predicate = predicate
                return Reduction(initial: true) { satisfied, value in
                    guard !predicate(value) else { return .proceed }
                    satisfied = false
                    return .decided
                }
            }
        }
    }

    extension Publisher {
        /// Sends `false` at the first value that fails `predicate` (then finishes and cancels the
        /// upstream), or `true` if the upstream finishes first.
        ///
        /// - Parameter predicate: The test every value must pass.
        /// - Returns: A publisher of one Boolean.
        public func allSatisfy(_ predicate: @escaping (Output) -> Bool)
            -> Publishers.AllSatisfy<Self>
        {
            Publishers.AllSatisfy(upstream: self, predicate: predicate)
        }
    }
#endif
