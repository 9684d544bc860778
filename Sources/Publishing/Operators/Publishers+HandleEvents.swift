extension Publishers {
    /// A publisher that runs side effects as events pass through, forwarding them unchanged.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        /// The upstream publisher's output type.
        public typealias Output = Upstream.Output
        /// The upstream publisher's failure type.
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are observed.
        public let upstream: Upstream
        /// Runs before each value is forwarded.
        public let receiveOutput: ((Output) -> Void)?
        /// Runs before the completion is forwarded.
        public let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        /// Runs when the subscription is cancelled.
        public let receiveCancel: (() -> Void)?

        /// Subscribes to the upstream publisher, running the side effects on the way.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let onOutput = receiveOutput
            let onCompletion = self.receiveCompletion
            let subscription = upstream.sink(
                receiveCompletion: { completion in
                    onCompletion?(completion)
                    receiveCompletion(completion)
                },
                receiveValue: { value in
                    onOutput?(value)
                    receiveValue(value)
                }
            )
            guard let receiveCancel else { return subscription }
            return AnyCancellable {
                subscription.cancel()
                receiveCancel()
            }
        }
    }
}

extension Publisher {
    /// Runs side effects as values and the completion pass through, forwarding them unchanged.
    ///
    /// - Parameters:
    ///   - receiveOutput: Runs before each value is forwarded.
    ///   - receiveCompletion: Runs before the completion is forwarded.
    ///   - receiveCancel: Runs when the subscription is cancelled.
    /// - Returns: A publisher with the same events.
    public func handleEvents(
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self,
            receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion,
            receiveCancel: receiveCancel
        )
    }
}
