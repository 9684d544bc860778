// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A publisher that sends no value, and either finishes at once or never does.
    ///
    /// ```swift
    /// let nothing: AnyPublisher<Int, Never> = Empty().eraseToAnyPublisher()
    /// ```
    public struct Empty<Output, Failure: Error>: ClosurePublisher, Equatable {
        /// Whether a subscriber receives `.finished` at once.
        public let completeImmediately: Bool

        /// Creates an empty publisher.
        ///
        /// - Parameter completeImmediately: `true` to finish at once; `false` to stay silent forever.
        public init(completeImmediately: Bool = true) {
            self.completeImmediately = completeImmediately
        }

        /// Creates an empty publisher for the given output and failure types.
        ///
        /// - Parameters:
        ///   - completeImmediately: `true` to finish at once; `false` to stay silent forever.
        ///   - outputType: The output type, to help type inference.
        ///   - failureType: The failure type, to help type inference.
        public init(
            completeImmediately: Bool = true,
            outputType: Output.Type,
            failureType: Failure.Type
        ) {
            self.completeImmediately = completeImmediately
        }

        /// Hands `subscriber` the empty subscription, then `.finished` if
        /// ``completeImmediately`` is `true`, as Combine's does: whatever the subscriber did with
        /// the subscription, cancelling it included, since there is nothing to cancel.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            subscriber.receive(subscription: Subscriptions.empty)
            if completeImmediately { subscriber.receive(completion: .finished) }
        }

        /// Delivers `.finished` at once if ``completeImmediately`` is `true`.
        @usableFromInline
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            if completeImmediately {
                receiveCompletion(.finished)
            }
            return AnyCancellable {}
        }
    }
#endif
