// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that transforms its upstream's error.
        public struct MapError<Upstream: Publisher, Failure: Error>: PassThroughOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output

            /// The publisher whose error is transformed.
            public let upstream: Upstream
            /// Transforms the upstream's error.
            public let transform: (Upstream.Failure) -> Failure

            /// Transforms the failure of `upstream` with `transform`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose error is transformed.
            ///   - transform: Makes the new error from the upstream's.
            public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
                self.upstream = upstream
                self.transform = transform
            }

            /// Transforms the failure of `upstream` with `map`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose error is transformed.
            ///   - map: Makes the new error from the upstream's.
            ///
            /// The same as ``init(upstream:transform:)``: Combine declares both spellings.
            public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
                self.init(upstream: upstream, transform: map)
            }

            /// Passes each value on; transforms the failure.
            @usableFromInline
            package func makePassing()
                -> Passing<Upstream.Output, Upstream.Failure, Output, Failure>
            {
                let transform = transform
                return Passing(value: { $0 }, completion: { $0.mapError(transform) })
            }
        }
    }

    extension Publisher {
        /// Transforms the failure.
        ///
        /// - Parameter transform: Makes the new error from the upstream's.
        /// - Returns: A publisher with the same values and the transformed failure.
        public func mapError<E: Error>(_ transform: @escaping (Failure) -> E)
            -> Publishers.MapError<Self, E>
        {
            Publishers.MapError(upstream: self, transform: transform)
        }
    }
#endif
