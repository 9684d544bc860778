// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that transforms each upstream value and forwards the non-`nil` results.
        public struct CompactMap<Upstream: Publisher, Output>: PassThroughOperator {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are transformed.
            public let upstream: Upstream
            /// The transformation; a `nil` result drops the value.
            public let transform: (Upstream.Output) -> Output?

            /// Transforms each value of `upstream` and sends the results that are not `nil`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are transformed.
            ///   - transform: The transformation; a `nil` result drops the value.
            public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
                self.upstream = upstream
                self.transform = transform
            }

            /// Passes on each transformed value that is not `nil`.
            @usableFromInline
            package func makePassing() -> Passing<Upstream.Output, Failure, Output, Failure> {
                Passing(value: transform)
            }
        }

        /// A publisher that forwards the non-`nil` results of a throwing transform.
        public struct TryCompactMap<Upstream: Publisher, Output>: StepOperator {
            /// Any error: the upstream's, or the one the transform throws.
            public typealias Failure = any Error

            /// The publisher whose values are transformed.
            public let upstream: Upstream
            /// Transforms a value to an optional, or throws.
            public let transform: (Upstream.Output) throws -> Output?

            /// Sends the non-`nil` results of a throwing transform of each value of `upstream`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are transformed.
            ///   - transform: Transforms a value to an optional, or throws.
            public init(
                upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?
            ) {
                self.upstream = upstream
                self.transform = transform
            }

            /// Subscribes to the upstream; a thrown error fails the stream and cancels the upstream.
            /// Sends each transformed value that is not `nil`; a thrown error fails the stream.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let transform = transform
                return Steps(
                    value: { value, downstream in
                        do {
                            if let output = try transform(value) { downstream.send(output) }
                        } catch {
                            downstream.fail(error)
                        }
                    },
                    completion: { completion, downstream in
                        downstream.finish(completion.mapError { $0 as any Error })
                    }
                ).handling(beforeSubscription: .traps).reflecting(subscriberOnly)
            }
        }
    }

    extension Publisher {
        /// Transforms each value and forwards the results that are not `nil`.
        ///
        /// - Parameter transform: The closure applied to each value.
        /// - Returns: A publisher of the non-`nil` results.
        public func compactMap<T>(
            _ transform: @escaping (Output) -> T?
        ) -> Publishers.CompactMap<Self, T> {
            Publishers.CompactMap(upstream: self, transform: transform)
        }

        /// Forwards the non-`nil` results of a throwing transform; a throw fails the stream.
        ///
        /// - Parameter transform: Transforms a value to an optional, or throws.
        /// - Returns: A publisher of the non-`nil` results, failing with `any Error`.
        public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?)
            -> Publishers.TryCompactMap<Self, T>
        {
            Publishers.TryCompactMap(upstream: self, transform: transform)
        }
    }

#endif
