// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that cannot fail, typed as one that can, to combine it with one that can.
        public struct SetFailureType<Upstream: Publisher, Failure: Error>: PassThroughOperator
        where Upstream.Failure == Never {
            /// The upstream's output type.
            public typealias Output = Upstream.Output

            /// The publisher that cannot fail.
            public let upstream: Upstream

            /// Wraps `upstream`.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Passes each value on, then finishes: the upstream never fails.
            @usableFromInline
            package func makePassing()
                -> Passing<Upstream.Output, Upstream.Failure, Output, Failure>
            {
                Passing(value: { $0 }, completion: { _ in .finished })
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
