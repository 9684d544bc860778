// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // The throwing forms of the reducing operators (Engines/ReducingOperator.swift): a throw
    // fails the stream with the error and cancels the upstream.

    extension Publishers {
        /// A publisher of the result of a throwing accumulation of its upstream's values.
        public struct TryReduce<Upstream: Publisher, Output>: ReducingOperator {
            /// Any error: the upstream's, or the one the closure throws.
            public typealias Failure = any Error

            /// The publisher whose values are accumulated.
            public let upstream: Upstream
            /// The result before any value.
            public let initial: Output
            /// Combines the result so far with the next value, or throws.
            public let nextPartialResult: (Output, Upstream.Output) throws -> Output

            /// Accumulates `upstream`'s values with a closure that may throw.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are accumulated.
            ///   - initial: The result before any value.
            ///   - nextPartialResult: Combines the result so far with the next value, or throws.
            public init(
                upstream: Upstream, initial: Output,
                nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
            ) {
                self.upstream = upstream
                self.initial = initial
                self.nextPartialResult = nextPartialResult
            }

            /// Folds each value into the result, from `initial`; a throw fails the stream.
            @usableFromInline
            package func makeReduction() -> Reduction<
                Upstream.Output, Upstream.Failure, Output, Failure
            > {
                let nextPartialResult = nextPartialResult
                return Reduction(initial: initial) { result, value in
                    // Taken, so that the closure gets the only copy of the result.
                    guard let partial = result.take() else { return .proceed }
                    result = try nextPartialResult(partial, value)
                    return .proceed
                }
            }
        }

        /// A publisher of whether every upstream value meets a throwing predicate.
        public struct TryAllSatisfy<Upstream: Publisher>: ReducingOperator {
            /// Whether every value met the predicate.
            public typealias Output = Bool
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// Tests each value, or throws.
            public let predicate: (Upstream.Output) throws -> Bool

            /// Tests each of `upstream`'s values with `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: Tests each value, or throws.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// `true`, until a value that fails decides `false`; a throw fails the stream.
            @usableFromInline
            package func makeReduction() -> Reduction<
                Upstream.Output, Upstream.Failure, Output, Failure
            > {
                let predicate = predicate
                return Reduction(initial: true) { satisfied, value in
                    guard try !predicate(value) else { return .proceed }
                    satisfied = false
                    return .decided
                }
            }
        }

        /// A publisher of whether any upstream value meets a throwing predicate.
        public struct TryContainsWhere<Upstream: Publisher>: ReducingOperator {
            /// Whether a value met the predicate.
            public typealias Output = Bool
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// Tests each value, or throws.
            public let predicate: (Upstream.Output) throws -> Bool

            /// Tests `upstream`'s values with `predicate` until one meets it.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: Tests each value, or throws.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// `false`, until a value that passes decides `true`; a throw fails the stream.
            @usableFromInline
            package func makeReduction() -> Reduction<
                Upstream.Output, Upstream.Failure, Output, Failure
            > {
                let predicate = predicate
                return Reduction(initial: false) { found, value in
                    guard try predicate(value) else { return .proceed }
                    found = true
                    return .decided
                }
            }
        }

        /// A publisher of the first upstream value that meets a throwing predicate.
        public struct TryFirstWhere<Upstream: Publisher>: ReducingOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// Tests each value, or throws.
            public let predicate: (Upstream.Output) throws -> Bool

            /// Looks for the first of `upstream`'s values that meets `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: Tests each value, or throws.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// The first value that passes decides; a throw fails the stream.
            @usableFromInline
            package func makeReduction() -> Reduction<
                Upstream.Output, Upstream.Failure, Output, Failure
            > {
                let predicate = predicate
                return Reduction(initial: nil) { first, value in
                    guard try predicate(value) else { return .proceed }
                    first = value
                    return .decided
                }
            }
        }

        /// A publisher of the last upstream value that meets a throwing predicate.
        public struct TryLastWhere<Upstream: Publisher>: ReducingOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// Tests each value, or throws.
            public let predicate: (Upstream.Output) throws -> Bool

            /// Looks for the last of `upstream`'s values that meets `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: Tests each value, or throws.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Keeps the latest value that passes; a throw fails the stream.
            @usableFromInline
            package func makeReduction() -> Reduction<
                Upstream.Output, Upstream.Failure, Output, Failure
            > {
                let predicate = predicate
                return Reduction(initial: nil) { last, value in
                    if try predicate(value) { last = value }
                    return .proceed
                }
            }
        }

        /// A publisher of the greatest upstream value, by a throwing ordering.
        public struct TryComparison<Upstream: Publisher>: ReducingOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the ordering throws.
            public typealias Failure = any Error

            /// The publisher whose values are compared.
            public let upstream: Upstream
            /// Whether the first value comes before the second, or throws.
            public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

            /// Compares `upstream`'s values with `areInIncreasingOrder`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are compared.
            ///   - areInIncreasingOrder: Whether the first value comes before the second.
            public init(
                upstream: Upstream,
                areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
            ) {
                self.upstream = upstream
                self.areInIncreasingOrder = areInIncreasingOrder
            }

            /// Keeps the greatest value, the first of equal ones; a throw fails the stream.
            @usableFromInline
            package func makeReduction() -> Reduction<
                Upstream.Output, Upstream.Failure, Output, Failure
            > {
                let areInIncreasingOrder = areInIncreasingOrder
                return Reduction(initial: nil) { greatest, value in
                    if let current = greatest, try !areInIncreasingOrder(current, value) {
                        return .proceed
                    }
                    greatest = value
                    return .proceed
                }
            }
        }
    }

    extension Publisher {
        /// Sends the result of accumulating the values with a closure that may throw; a throw
        /// fails the stream.
        ///
        /// - Parameters:
        ///   - initialResult: The result before any value.
        ///   - nextPartialResult: Combines the result so far with the next value, or throws.
        /// - Returns: A publisher of the result, failing with `any Error`.
        public func tryReduce<T>(
            _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
        ) -> Publishers.TryReduce<Self, T> {
            Publishers.TryReduce(
                upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
        }

        /// Sends whether every value meets a predicate that may throw.
        ///
        /// - Parameter predicate: Tests each value, or throws.
        /// - Returns: A publisher of one `Bool`, failing with `any Error`.
        public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool)
            -> Publishers.TryAllSatisfy<Self>
        {
            Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
        }

        /// Sends whether any value meets a predicate that may throw.
        ///
        /// - Parameter predicate: Tests each value, or throws.
        /// - Returns: A publisher of one `Bool`, failing with `any Error`.
        public func tryContains(where predicate: @escaping (Output) throws -> Bool)
            -> Publishers.TryContainsWhere<Self>
        {
            Publishers.TryContainsWhere(upstream: self, predicate: predicate)
        }

        /// Sends the first value that meets a predicate that may throw, then finishes.
        ///
        /// - Parameter predicate: Tests each value, or throws.
        /// - Returns: A publisher of at most one value, failing with `any Error`.
        public func tryFirst(where predicate: @escaping (Output) throws -> Bool)
            -> Publishers.TryFirstWhere<Self>
        {
            Publishers.TryFirstWhere(upstream: self, predicate: predicate)
        }

        /// Sends the last value that meets a predicate that may throw, when the upstream
        /// finishes.
        ///
        /// - Parameter predicate: Tests each value, or throws.
        /// - Returns: A publisher of at most one value, failing with `any Error`.
        public func tryLast(where predicate: @escaping (Output) throws -> Bool)
            -> Publishers.TryLastWhere<Self>
        {
            Publishers.TryLastWhere(upstream: self, predicate: predicate)
        }

        /// Sends the greatest value by an ordering that may throw.
        ///
        /// - Parameter areInIncreasingOrder: Whether the first value comes before the second.
        /// - Returns: A publisher of at most one value, failing with `any Error`.
        public func tryMax(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool)
            -> Publishers.TryComparison<Self>
        {
            Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
        }

        /// Sends the least value by an ordering that may throw.
        ///
        /// - Parameter areInIncreasingOrder: Whether the first value comes before the second.
        /// - Returns: A publisher of at most one value, failing with `any Error`.
        public func tryMin(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool)
            -> Publishers.TryComparison<Self>
        {
            tryMax { try areInIncreasingOrder($1, $0) }
        }
    }
#endif
