// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that replaces its upstream's failure with a value, then finishes.
        public struct ReplaceError<Upstream: Publisher>: StepOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// It cannot fail.
            public typealias Failure = Never

            /// The publisher that may fail.
            public let upstream: Upstream
            /// The value sent in place of the failure.
            public let output: Output

            /// Replaces a failure of `upstream` with `output`, then finishes.
            ///
            /// - Parameters:
            ///   - upstream: The publisher that may fail.
            ///   - output: The value sent in place of the failure.
            public init(upstream: Upstream, output: Output) {
                self.upstream = upstream
                self.output = output
            }

            /// Sends each value; on failure, sends ``output`` and finishes: at once if the
            /// subscriber has asked for a value, otherwise at its next request. A value the
            /// subscriber has not asked for stops the program, as in Combine.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Never> {
                let output = output
                var steps = Steps<Upstream.Output, Upstream.Failure, Output, Never>(
                    value: { value, downstream in downstream.send(value) },
                    completion: { completion, downstream in
                        if case .failure = completion {
                            downstream.finish(after: output)
                        } else {
                            downstream.finish()
                        }
                    }
                ).handling(beforeSubscription: .ignored)
                steps.trapsOnUnaskedValue = true
                return steps
            }
        }
    }

    extension Publishers.ReplaceError: Equatable
    where Upstream: Equatable, Upstream.Output: Equatable {}

    extension Publisher {
        /// Replaces a failure with a value, then finishes.
        ///
        /// - Parameter output: The value sent in place of the failure.
        /// - Returns: A publisher that cannot fail.
        public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
            Publishers.ReplaceError(upstream: self, output: output)
        }
    }
#endif
