// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of its upstream's first value; it then finishes and cancels the upstream.
        public struct First<Upstream: Publisher>: ClosurePublisher {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose first value is sent.
            public let upstream: Upstream

            /// Sends `upstream`'s first value.
            ///
            /// - Parameter upstream: The publisher whose first value is sent.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Subscribes to the upstream; sends its first value, then finishes and cancels it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                upstream.sinkDeciding(
                    { $0 }, otherwise: nil,
                    receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            }
        }

        /// A publisher of the first of its upstream's values that meets a predicate; it then
        /// finishes and cancels the upstream.
        public struct FirstWhere<Upstream: Publisher>: ClosurePublisher {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// The test the value must pass.
            public let predicate: (Output) -> Bool

            /// Sends the first of `upstream`'s values that meets `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: The test the value must pass.
            public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Subscribes to the upstream; sends the first value that passes, then finishes and
            /// cancels it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let predicate = predicate
                return upstream.sinkDeciding(
                    { predicate($0) ? $0 : nil }, otherwise: nil,
                    receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            }
        }
    }

    extension Publishers.First: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Sends the first value, then finishes and cancels the upstream.
        ///
        /// - Returns: A publisher of at most one value.
        public func first() -> Publishers.First<Self> {
            Publishers.First(upstream: self)
        }

        /// Sends the first value that meets `predicate`, then finishes and cancels the upstream.
        ///
        /// - Parameter predicate: The test the value must pass.
        /// - Returns: A publisher of at most one value.
        public func first(where predicate: @escaping (Output) -> Bool)
            -> Publishers.FirstWhere<Self>
        {
            Publishers.FirstWhere(upstream: self, predicate: predicate)
        }

        /// The body of every operator that sends one value as soon as an upstream value decides
        /// it (`first`, `contains`, `allSatisfy`): it then finishes and cancels the upstream. If
        /// the upstream finishes first, `otherwise` is sent, if any; a failure is forwarded.
        ///
        /// - Parameters:
        ///   - decide: What to send for a value, ending the stream; `nil` to go on.
        ///   - otherwise: What to send if the upstream finishes first; `nil` to send nothing.
        ///   - receiveCompletion: Called once with the completion.
        ///   - receiveValue: Called with the one value.
        /// - Returns: What cancels the upstream.
        func sinkDeciding<Result>(
            _ decide: @escaping (Output) -> Result?, otherwise: Result?,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Result) -> Void
        ) -> AnyCancellable {
            forward(
                to: receiveValue, receiveCompletion,
                value: { value, downstream in
                    guard let output = decide(value) else { return }
                    downstream.finish(after: output)
                },
                completion: { completion, downstream in
                    if case .finished = completion, let otherwise { downstream.send(otherwise) }
                    downstream.finish(completion)
                }
            )
        }
    }
#endif
