// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that replaces its upstream's failure with a value, then finishes.
        public struct ReplaceError<Upstream: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// It cannot fail.
            public typealias Failure = Never

            /// The publisher that may fail.
            public let upstream: Upstream
            /// The value sent in place of the failure.
            public let output: Output

            /// Subscribes to the upstream; on failure, sends ``output`` and finishes.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let output = output
                return upstream.sink(
                    receiveCompletion: { completion in
                        if case .failure = completion { receiveValue(output) }
                        receiveCompletion(.finished)
                    },
                    receiveValue: receiveValue
                )
            }
        }
    }

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
