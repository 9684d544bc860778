// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of one value, made from all of its upstream's values once it finishes.
        ///
        /// `reduce`, `collect()`, `count()`, `min()`, `max()` and `last()` are all this, with a
        /// different step.
        public struct Reduce<Upstream: Publisher, Output>: ClosurePublisher {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are accumulated.
            public let upstream: Upstream
            /// The result before any value.
            public let initial: Output
            /// Combines the result so far with the next value.
            public let nextPartialResult: (Output, Upstream.Output) -> Output

            /// Subscribes to the upstream; sends the result when it finishes, then finishes.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                var result = initial
                let next = nextPartialResult
                return upstream.sink(
                    receiveCompletion: { completion in
                        if case .finished = completion { receiveValue(result) }
                        receiveCompletion(completion)
                    },
                    receiveValue: { result = next(result, $0) }
                )
            }
        }
    }

    extension Publisher {
        /// Accumulates every value, and sends the result once the upstream finishes.
        ///
        /// - Parameters:
        ///   - initialResult: The result before any value.
        ///   - nextPartialResult: Combines the result so far with the next value.
        /// - Returns: A publisher of one value.
        public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
            -> Publishers.Reduce<Self, T>
        {
            Publishers.Reduce(
                upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
        }
    }
#endif
