// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that transforms each upstream value.
        public struct Map<Upstream: Publisher, Output>: ClosurePublisher {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are transformed.
            public let upstream: Upstream
            /// The transformation applied to each value.
            public let transform: (Upstream.Output) -> Output

            /// Subscribes to the upstream publisher, transforming each value.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let transform = transform
                return upstream.sink(receiveCompletion: receiveCompletion) { value in
                    receiveValue(transform(value))
                }
            }
        }
    }

    extension Publisher {
        /// Transforms each value with a closure.
        ///
        /// - Parameter transform: The closure applied to each value.
        /// - Returns: A publisher of the transformed values.
        ///
        /// ```swift
        /// viewModel.$items.map(\.count)
        /// ```
        public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
            Publishers.Map(upstream: self, transform: transform)
        }
    }
#endif
