// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that transforms each upstream value and forwards the non-`nil` results.
        public struct CompactMap<Upstream: Publisher, Output>: ClosurePublisher {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are transformed.
            public let upstream: Upstream
            /// The transformation; a `nil` result drops the value.
            public let transform: (Upstream.Output) -> Output?

            /// Subscribes to the upstream publisher, forwarding each non-`nil` transformed value.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let transform = transform
                return upstream.sink(receiveCompletion: receiveCompletion) { value in
                    if let output = transform(value) { receiveValue(output) }
                }
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
    }
#endif
