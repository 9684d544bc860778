// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that cannot fail, typed as one that can, to combine it with one that can.
        public struct SetFailureType<Upstream: Publisher, Failure: Error>: StepOperator
        where Upstream.Failure == Never {
            /// The upstream's output type.
            public typealias Output = Upstream.Output

            /// The publisher that cannot fail.
            public let upstream: Upstream

            /// Wraps `upstream`.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Subscribes to the upstream; it never fails.
            /// Sends each value, then finishes.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                Steps(
                    value: { value, downstream in downstream.send(value) },
                    completion: { _, downstream in downstream.finish() }
                )
            }
        }
    }

    extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}

    extension Publisher where Failure == Never {
        /// Types this publisher, which cannot fail, as one that fails with `failureType`.
        ///
        /// - Parameter failureType: The failure type to take on.
        /// - Returns: A publisher with the same values and the new failure type.
        public func setFailureType<E: Error>(to failureType: E.Type)
            -> Publishers.SetFailureType<Self, E>
        {
            Publishers.SetFailureType(upstream: self)
        }
    }
#endif
