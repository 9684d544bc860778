// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that sends a value if its upstream finishes without sending any.
        public struct ReplaceEmpty<Upstream: Publisher>: StepOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher that may finish empty.
            public let upstream: Upstream
            /// The value sent if it does.
            public let output: Output

            /// Sends `output` if `upstream` finishes without sending a value.
            ///
            /// - Parameters:
            ///   - upstream: The publisher that may finish empty.
            ///   - output: The value sent if it does.
            public init(upstream: Upstream, output: Output) {
                self.upstream = upstream
                self.output = output
            }

            /// Sends each value; if the upstream finishes having sent nothing, sends ``output``
            /// first (at the subscriber's next request if it has asked for none). A failure is
            /// forwarded as it is.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Failure, Output, Failure> {
                let output = output
                // Per subscription; deliveries to one subscription never overlap.
                var isEmpty = true
                var steps = Steps<Upstream.Output, Failure, Output, Failure>(
                    value: { value, downstream in
                        isEmpty = false
                        downstream.send(value)
                    },
                    completion: { completion, downstream in
                        if case .finished = completion, isEmpty {
                            downstream.finish(after: output)
                        } else {
                            downstream.finish(completion)
                        }
                    }
                )
                steps.requiresDemand = true
                steps.beforeSubscription = .ignored
                return steps
            }
        }
    }

    extension Publishers.ReplaceEmpty: Equatable
    where Upstream: Equatable, Upstream.Output: Equatable {}

    extension Publisher {
        /// Sends a value if the upstream finishes without sending any.
        ///
        /// - Parameter output: The value sent for an empty upstream.
        /// - Returns: A publisher that sends at least one value before finishing.
        public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
            Publishers.ReplaceEmpty(upstream: self, output: output)
        }
    }
#endif
