// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of all of its upstream's values in one array, once it finishes.
        public struct Collect<Upstream: Publisher>: ReducingOperator {
            /// The upstream's values, in order.
            public typealias Output = [Upstream.Output]
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are collected.
            public let upstream: Upstream

            /// Collects `upstream`'s values.
            ///
            /// - Parameter upstream: The publisher whose values are collected.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Appends each value to the array, from empty. A failure drops what was collected.
            @usableFromInline
            package func makeReduction() -> Reduction<Upstream.Output, Failure, Output, Failure> {
                var reduction = Reduction<Upstream.Output, Failure, Output, Failure>(
                    initial: []
                ) { values, value in
                    values?.append(value)
                    return .proceed
                }
                // Combine's subscription shows how many values it holds, not the values.
                reduction.mirrorChildren = { [("count", $0?.count ?? 0)] }
                return reduction
            }
        }

        /// A publisher of its upstream's values in arrays of a given size; the last may be shorter.
        public struct CollectByCount<Upstream: Publisher>: StepOperator {
            /// Arrays of upstream values.
            public typealias Output = [Upstream.Output]
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are collected.
            public let upstream: Upstream
            /// The size of each array.
            public let count: Int

            /// Collects `upstream`'s values in arrays of `count`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are collected.
            ///   - count: The size of each array.
            public init(upstream: Upstream, count: Int) {
                self.upstream = upstream
                self.count = count
            }

            /// Sends each full array, and the rest when the upstream finishes (at the subscriber's
            /// next request if it has asked for none). A failure drops the rest.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Failure, Output, Failure> {
                let count = count
                // Per subscription; behind a lock, as a mirror may read it from another thread.
                let buffer = Locked<[Upstream.Output]>([])
                var steps = Steps<Upstream.Output, Failure, Output, Failure>(
                    value: { value, downstream in
                        // Emptied before it is sent: a value sent from inside the delivery comes
                        // at once, and starts the next array.
                        let full = buffer.withLock { buffer -> [Upstream.Output]? in
                            buffer.append(value)
                            guard buffer.count == count else { return nil }
                            defer { buffer = [] }
                            return buffer
                        }
                        if let full { downstream.send(full) }
                    },
                    completion: { completion, downstream in
                        let rest = buffer.withLock { $0 }
                        if case .finished = completion, !rest.isEmpty {
                            downstream.finish(after: rest)
                        } else {
                            downstream.finish(completion)
                        }
                    }
                )
                steps.valuesPerOutput = Swift.max(count, 1)
                // Combine's stops the program at a request for no arrays.
                steps.requiresDemand = true
                steps.afterEnd = .completionsSent
                steps.children = {
                    [
                        ("downstream", $0.downstream), ("upstreamSubscription", $0.upstream as Any),
                        ("buffer", buffer.withLock { $0 }), ("count", count),
                    ]
                }
                return steps
            }
        }
    }

    extension Publishers.Collect: Equatable where Upstream: Equatable {}
    extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Sends every value in one array once the upstream finishes.
        ///
        /// - Returns: A publisher of one array; a failure drops what was collected.
        public func collect() -> Publishers.Collect<Self> {
            Publishers.Collect(upstream: self)
        }

        /// Sends the values in arrays of `count`; the last may be shorter.
        ///
        /// - Parameter count: The size of each array; at least one.
        /// - Returns: A publisher of arrays.
        public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
            precondition(count > 0, "collect(_:) needs a count of one or more, not \(count)")
            return Publishers.CollectByCount(upstream: self, count: count)
        }
    }
#endif
