// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of whether its upstream sends a given value: `true` as soon as it does
        /// (then it finishes and cancels the upstream), `false` if the upstream finishes first.
        public struct Contains<Upstream: Publisher>: ReducingOperator
        where Upstream.Output: Equatable {
            /// Whether the value came.
            public typealias Output = Bool
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are compared.
            public let upstream: Upstream
            /// The value looked for.
            public let output: Upstream.Output

            /// Sends whether `upstream` sends `output`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are compared.
            ///   - output: The value looked for.
            public init(upstream: Upstream, output: Upstream.Output) {
                self.upstream = upstream
                self.output = output
            }

            /// `false`, until the value looked for decides `true`.
            @usableFromInline
            package func makeReduction() -> Reduction<Upstream.Output, Failure, Output, Failure> {
                let output = output
                return Reduction(initial: false) { found, value in
                    guard value == output else { return .proceed }
                    found = true
                    return .decided
                }
            }
        }

        /// A publisher of whether any of its upstream's values meets a predicate: `true` at the
        /// first that does (then it finishes and cancels the upstream), `false` if the upstream
        /// finishes first.
        public struct ContainsWhere<Upstream: Publisher>: ReducingOperator {
            /// Whether a value passed.
            public typealias Output = Bool
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// The test a value must pass.
            public let predicate: (Upstream.Output) -> Bool

            /// Sends whether any of `upstream`'s values meets `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: The test a value must pass.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// `false`, until a value that passes decides `true`.
            @usableFromInline
            package func makeReduction() -> Reduction<Upstream.Output, Failure, Output, Failure> {
                let predicate = predicate
                return Reduction(initial: false) { found, value in
                    guard predicate(value) else { return .proceed }
                    found = true
                    return .decided
                }
            }
        }
    }

    extension Publishers.Contains: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Sends `true` at the first value that meets `predicate` (then finishes and cancels the
        /// upstream), or `false` if the upstream finishes first.
        ///
        /// - Parameter predicate: The test a value must pass.
        /// - Returns: A publisher of one Boolean.
        public func contains(where predicate: @escaping (Output) -> Bool)
            -> Publishers.ContainsWhere<Self>
        {
            Publishers.ContainsWhere(upstream: self, predicate: predicate)
        }
    }

    extension Publisher where Output: Equatable {
        /// Sends `true` when `output` arrives (then finishes and cancels the upstream), or `false`
        /// if the upstream finishes first.
        ///
        /// - Parameter output: The value to look for.
        /// - Returns: A publisher of one Boolean.
        public func contains(_ output: Output) -> Publishers.Contains<Self> {
            Publishers.Contains(upstream: self, output: output)
        }
    }
#endif
