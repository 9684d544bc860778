// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of one value, made from all of its upstream's values once it finishes.
        public struct Reduce<Upstream: Publisher, Output>: ReducingOperator {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are accumulated.
            public let upstream: Upstream
            /// The result before any value.
            public let initial: Output
            /// Combines the result so far with the next value.
            public let nextPartialResult: (Output, Upstream.Output) -> Output

            /// Accumulates `upstream`'s values from `initial` with `nextPartialResult`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are accumulated.
            ///   - initial: The result before any value.
            ///   - nextPartialResult: Combines the result so far with the next value.
            public init(
                upstream: Upstream, initial: Output,
                nextPartialResult: @escaping (Output, Upstream.Output) -> Output
            ) {
                self.upstream = upstream
                self.initial = initial
                self.nextPartialResult = nextPartialResult
            }

            /// Folds each value into the result, from `initial`.
            @usableFromInline
            package func makeReduction() -> Reduction<
                Upstream.Output, Failure, Output, Failure
            > {
                let nextPartialResult = nextPartialResult
                return Reduction(initial: initial) { result, value in
                    // Taken, so that the closure gets the only copy of the result.
                    guard let partial = result.take() else { return .proceed }
                    result = nextPartialResult(partial, value)
                    return .proceed
                }
            }
        }
    }

    extension Publisher {
        /// Accumulates every value, and sends the result once the upstream finishes.
        ///
        /// - Parameters:
        ///   - initialResult: The result before any value.
        ///   - nextPartialResult: Combines the result so far with the next value.
        /// - Returns: A publisher of one value.
        public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
            -> Publishers.Reduce<Self, T>
        {
            Publishers.Reduce(
                upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
        }
    }
#endif
