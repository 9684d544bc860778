// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that forwards only the upstream values that pass a test.
        public struct Filter<Upstream: Publisher>: ClosurePublisher {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// The test a value must pass to be forwarded.
            public let isIncluded: (Upstream.Output) -> Bool

            /// Subscribes to the upstream publisher, forwarding the values that pass the test.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let isIncluded = isIncluded
                return upstream.sink(receiveCompletion: receiveCompletion) { value in
                    if isIncluded(value) { receiveValue(value) }
                }
            }
        }
    }

    extension Publisher {
        /// Forwards only the values that pass a test.
        ///
        /// - Parameter isIncluded: Returns `true` for the values to forward.
        /// - Returns: A publisher of the values that passed.
        public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
            Publishers.Filter(upstream: self, isIncluded: isIncluded)
        }
    }
#endif
