// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that sends a value if its upstream finishes without sending any.
        public struct ReplaceEmpty<Upstream: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher that may finish empty.
            public let upstream: Upstream
            /// The value sent if it does.
            public let output: Output

            /// Subscribes to the upstream; if it finishes having sent nothing, sends ``output``
            /// first. A failure is forwarded as it is.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let output = output
                var isEmpty = true
                return upstream.sink(
                    receiveCompletion: { completion in
                        if case .finished = completion, isEmpty { receiveValue(output) }
                        receiveCompletion(completion)
                    },
                    receiveValue: { value in
                        isEmpty = false
                        receiveValue(value)
                    }
                )
            }
        }
    }

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
