// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of each partial result of accumulating its upstream's values.
        public struct Scan<Upstream: Publisher, Output>: PassThroughOperator {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are accumulated.
            public let upstream: Upstream
            /// The result before any value.
            public let initialResult: Output
            /// Combines the result so far with the next value.
            public let nextPartialResult: (Output, Upstream.Output) -> Output

            /// Sends each partial result of accumulating the values of `upstream`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are accumulated.
            ///   - initialResult: The result before any value.
            ///   - nextPartialResult: Combines the result so far with the next value.
            public init(
                upstream: Upstream, initialResult: Output,
                nextPartialResult: @escaping (Output, Upstream.Output) -> Output
            ) {
                self.upstream = upstream
                self.initialResult = initialResult
                self.nextPartialResult = nextPartialResult
            }

            /// Passes on the new result after each value; a mirror shows the result so far, as
            /// Combine's does.
            @usableFromInline
            package func makePassing() -> Passing<Upstream.Output, Failure, Output, Failure> {
                // Per subscription; behind a lock, as a mirror may read it from another thread.
                let result = Locked(initialResult)
                let next = nextPartialResult
                return Passing(
                    value: { value in
                        let partial = next(result.withLock { $0 }, value)
                        result.withLock { $0 = partial }
                        return partial
                    },
                    children: { downstream in
                        [("downstream", downstream), ("result", result.withLock { $0 })]
                    })
            }
        }

        /// A publisher of each partial result of a throwing accumulation.
        public struct TryScan<Upstream: Publisher, Output>: StepOperator {
            /// Any error: the upstream's, or the one the closure throws.
            public typealias Failure = any Error

            /// The publisher whose values are accumulated.
            public let upstream: Upstream
            /// The result before any value.
            public let initialResult: Output
            /// Combines the result so far with the next value, or throws.
            public let nextPartialResult: (Output, Upstream.Output) throws -> Output

            /// Sends each partial result of a throwing accumulation of the values of `upstream`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are accumulated.
            ///   - initialResult: The result before any value.
            ///   - nextPartialResult: Combines the result so far with the next value, or throws.
            public init(
                upstream: Upstream, initialResult: Output,
                nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
            ) {
                self.upstream = upstream
                self.initialResult = initialResult
                self.nextPartialResult = nextPartialResult
            }

            /// Subscribes to the upstream; a thrown error fails the stream and cancels the upstream.
            /// Sends the new result after each value; a thrown error fails the stream.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                // Per subscription; behind a lock, as a mirror may read it from another thread.
                let result = Locked(initialResult)
                let next = nextPartialResult
                return Steps(
                    value: { value, downstream in
                        do {
                            let partial = try next(result.withLock { $0 }, value)
                            result.withLock { $0 = partial }
                            downstream.send(partial)
                        } catch {
                            downstream.fail(error)
                        }
                    },
                    completion: { completion, downstream in
                        downstream.finish(completion.mapError { $0 as any Error })
                    }
                ).handling(beforeSubscription: .valuesHandled)
                    .handling(afterEnd: .valuesSent)
                    .reflecting {
                        [
                            ("downstream", $0.downstream), ("status", $0.status),
                            ("result", result.withLock { $0 }),
                        ]
                    }
            }
        }
    }

    extension Publisher {
        /// Sends each partial result of accumulating the values.
        ///
        /// ```swift
        /// taps.scan(0) { count, _ in count + 1 }
        /// ```
        ///
        /// - Parameters:
        ///   - initialResult: The result before any value.
        ///   - nextPartialResult: Combines the result so far with the next value.
        /// - Returns: A publisher of the partial results.
        public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
            -> Publishers.Scan<Self, T>
        {
            Publishers.Scan(
                upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
        }

        /// Sends each partial result of a throwing accumulation; a throw fails the stream.
        ///
        /// - Parameters:
        ///   - initialResult: The result before any value.
        ///   - nextPartialResult: Combines the result so far with the next value, or throws.
        /// - Returns: A publisher of the partial results, failing with `any Error`.
        public func tryScan<T>(
            _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
        ) -> Publishers.TryScan<Self, T> {
            Publishers.TryScan(
                upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
        }
    }
#endif
