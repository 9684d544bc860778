// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that transforms each upstream value.
        public struct Map<Upstream: Publisher, Output>: PassThroughOperator {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are transformed.
            public let upstream: Upstream
            /// The transformation applied to each value.
            public let transform: (Upstream.Output) -> Output

            /// Transforms each value of `upstream` with `transform`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are transformed.
            ///   - transform: The transformation applied to each value.
            public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
                self.upstream = upstream
                self.transform = transform
            }

            /// Sends each value transformed.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Failure, Output, Failure> {
                let transform = transform
                return Steps { value, downstream in downstream.send(transform(value)) }
            }

            /// Passes each value on transformed.
            @usableFromInline
            package func makePassing() -> Passing<Upstream.Output, Failure, Output, Failure> {
                let transform = transform
                return Passing { transform($0) }
            }
        }

        /// A publisher that transforms values with a closure that may throw.
        public struct TryMap<Upstream: Publisher, Output>: StepOperator {
            /// Any error: the upstream's, or the one the transform throws.
            public typealias Failure = any Error

            /// The publisher whose values are transformed.
            public let upstream: Upstream
            /// Transforms each value, or throws.
            public let transform: (Upstream.Output) throws -> Output

            /// Transforms each value of `upstream` with a closure that may throw; a throw fails the stream.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are transformed.
            ///   - transform: Transforms each value, or throws.
            public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output)
            {
                self.upstream = upstream
                self.transform = transform
            }

            /// Sends each value transformed; a thrown error fails the stream and cancels the
            /// upstream.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let transform = transform
                return Steps(
                    value: { value, downstream in
                        do { downstream.send(try transform(value)) } catch {
                            downstream.fail(error)
                        }
                    },
                    completion: { completion, downstream in
                        downstream.finish(completion.mapError { $0 as any Error })
                    }
                ).handling(beforeSubscription: .valuesHandled)
                    .handling(afterEnd: .valuesAndFailuresSent)
            }
        }
    }

    extension Publisher {
        /// Transforms each value with a closure.
        ///
        /// - Parameter transform: The closure applied to each value.
        /// - Returns: A publisher of the transformed values.
        ///
        /// ```swift
        /// viewModel.$items.map(\.count)
        /// ```
        public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
            Publishers.Map(upstream: self, transform: transform)
        }

        /// Transforms each value with a closure that may throw; a throw fails the stream.
        ///
        /// - Parameter transform: Transforms a value, or throws.
        /// - Returns: A publisher of the transformed values, failing with `any Error`.
        public func tryMap<T>(_ transform: @escaping (Output) throws -> T)
            -> Publishers.TryMap<Self, T>
        {
            Publishers.TryMap(upstream: self, transform: transform)
        }
    }
#endif
