// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that forwards only the upstream values that pass a test.
        public struct Filter<Upstream: Publisher>: PassThroughOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// The test a value must pass to be forwarded.
            public let isIncluded: (Upstream.Output) -> Bool

            /// Forwards only the values of `upstream` that pass `isIncluded`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - isIncluded: The test a value must pass to be forwarded.
            public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
                self.upstream = upstream
                self.isIncluded = isIncluded
            }

            /// Passes on each value the predicate includes.
            @usableFromInline
            package func makePassing() -> Passing<Upstream.Output, Failure, Output, Failure> {
                let isIncluded = isIncluded
                return Passing { isIncluded($0) ? $0 : nil }
            }
        }

        /// A publisher that forwards the values a throwing predicate accepts.
        public struct TryFilter<Upstream: Publisher>: StepOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are filtered.
            public let upstream: Upstream
            /// Accepts a value, rejects it, or throws.
            public let isIncluded: (Upstream.Output) throws -> Bool

            /// Forwards the values of `upstream` that `isIncluded` accepts; a throw fails the stream.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are filtered.
            ///   - isIncluded: Accepts a value, rejects it, or throws.
            public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool)
            {
                self.upstream = upstream
                self.isIncluded = isIncluded
            }

            /// Sends each value the predicate includes; a thrown error fails the stream.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let isIncluded = isIncluded
                return Steps(
                    value: { value, downstream in
                        do {
                            if try isIncluded(value) { downstream.send(value) }
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
        /// Forwards only the values that pass a test.
        ///
        /// - Parameter isIncluded: Returns `true` for the values to forward.
        /// - Returns: A publisher of the values that passed.
        public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
            Publishers.Filter(upstream: self, isIncluded: isIncluded)
        }

        /// Forwards the values a throwing predicate accepts; a throw fails the stream.
        ///
        /// - Parameter isIncluded: Accepts a value, rejects it, or throws.
        /// - Returns: A publisher of the accepted values, failing with `any Error`.
        public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool)
            -> Publishers.TryFilter<Self>
        {
            Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
        }
    }
#endif
