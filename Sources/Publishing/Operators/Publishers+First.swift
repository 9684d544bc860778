// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that sends one value as soon as an upstream value decides it, then finishes
        /// and cancels the upstream: `first()`, `first(where:)`, `contains`, `allSatisfy`.
        public struct FirstWhere<Upstream: Publisher, Output>: ClosurePublisher {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// What to send for a value, ending the stream; `nil` to go on.
            let decide: (Upstream.Output) -> Output?
            /// What to send if the upstream finishes first; `nil` to send nothing.
            let otherwise: Output?

            /// Subscribes to the upstream; finishes and cancels it as soon as a value decides.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (decide, otherwise) = (decide, otherwise)
                return upstream.forward(
                    to: receiveValue, receiveCompletion,
                    value: { value, downstream in
                        guard let output = decide(value) else { return }
                        downstream.send(output)
                        downstream.finish()
                    },
                    completion: { completion, downstream in
                        if case .finished = completion, let otherwise { downstream.send(otherwise) }
                        downstream.finish(completion)
                    }
                )
            }
        }
    }

    extension Publisher {
        /// Sends the first value, then finishes and cancels the upstream.
        ///
        /// - Returns: A publisher of at most one value.
        public func first() -> Publishers.FirstWhere<Self, Output> {
            Publishers.FirstWhere(upstream: self, decide: { $0 }, otherwise: nil)
        }

        /// Sends the first value that meets `predicate`, then finishes and cancels the upstream.
        ///
        /// - Parameter predicate: The test the value must pass.
        /// - Returns: A publisher of at most one value.
        public func first(where predicate: @escaping (Output) -> Bool)
            -> Publishers.FirstWhere<Self, Output>
        {
            Publishers.FirstWhere(
                upstream: self, decide: { predicate($0) ? $0 : nil }, otherwise: nil)
        }
    }
#endif
