// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that forwards nothing but its upstream's completion.
        public struct IgnoreOutput<Upstream: Publisher>: ClosurePublisher {
            /// It sends no values.
            public typealias Output = Never
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are ignored.
            public let upstream: Upstream

            /// Forwards nothing but the completion of `upstream`.
            ///
            /// - Parameter upstream: The publisher whose values are ignored.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Subscribes to the upstream, forwarding only its completion.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Never) -> Void
            ) -> AnyCancellable {
                upstream.sink(receiveCompletion: receiveCompletion) { _ in }
            }
        }
    }

    extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Forwards only the completion.
        ///
        /// - Returns: A publisher of no values.
        public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
            Publishers.IgnoreOutput(upstream: self)
        }
    }
#endif
