// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// The subscription `handleEvents` hands to `receiveSubscription`: cancelling it cancels the
    /// subscription being made.
    private final class HandledSubscription: Subscription {
        let link = UpstreamLink()
        func request(_ demand: Subscribers.Demand) {}
        func cancel() { link.cancel() }
    }

    extension Publishers {
        /// A publisher that runs side effects as events pass through, forwarding them unchanged.
        public struct HandleEvents<Upstream: Publisher>: ClosurePublisher {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose events are observed.
            public let upstream: Upstream
            /// Runs when a subscription is made, before any value.
            public let receiveSubscription: ((any Subscription) -> Void)?
            /// Runs before each value is forwarded.
            public let receiveOutput: ((Output) -> Void)?
            /// Runs before the completion is forwarded.
            public let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
            /// Runs when the subscription is cancelled.
            public let receiveCancel: (() -> Void)?
            /// Runs once per subscription with `.unlimited`: a sink takes every value.
            public let receiveRequest: ((Subscribers.Demand) -> Void)?

            /// Subscribes to the upstream publisher, running the side effects on the way.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let onOutput = receiveOutput
                let onCompletion = self.receiveCompletion
                let subscription = HandledSubscription()
                // Set by the completion: as in Combine, a subscription that has completed is not
                // cancelled, so `receiveCancel` runs only for a cancel before it.
                let isOver = Locked(false)
                receiveSubscription?(subscription)
                receiveRequest?(.unlimited)
                subscription.link.attach(
                    upstream.sink(
                        receiveCompletion: { completion in
                            isOver.withLock { $0 = true }
                            onCompletion?(completion)
                            receiveCompletion(completion)
                        },
                        receiveValue: { value in
                            onOutput?(value)
                            receiveValue(value)
                        }
                    ))
                let receiveCancel = receiveCancel
                return AnyCancellable {
                    subscription.cancel()
                    let wasOver = isOver.withLock { isOver in
                        defer { isOver = true }
                        return isOver
                    }
                    if !wasOver { receiveCancel?() }
                }
            }
        }
    }

    extension Publisher {
        /// Runs side effects as the subscription is made, values and the completion pass
        /// through, and the subscription is cancelled, forwarding every event unchanged.
        ///
        /// ```swift
        /// service.fetchItems()
        ///     .handleEvents(receiveSubscription: { _ in self.isLoading = true })
        /// ```
        ///
        /// - Parameters:
        ///   - receiveSubscription: Runs when a subscription is made, before any value.
        ///   - receiveOutput: Runs before each value is forwarded.
        ///   - receiveCompletion: Runs before the completion is forwarded.
        ///   - receiveCancel: Runs when the subscription is cancelled.
        ///   - receiveRequest: Runs once per subscription with `.unlimited`.
        /// - Returns: A publisher with the same events.
        public func handleEvents(
            receiveSubscription: ((any Subscription) -> Void)? = nil,
            receiveOutput: ((Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)? = nil
        ) -> Publishers.HandleEvents<Self> {
            Publishers.HandleEvents(
                upstream: self,
                receiveSubscription: receiveSubscription,
                receiveOutput: receiveOutput,
                receiveCompletion: receiveCompletion,
                receiveCancel: receiveCancel,
                receiveRequest: receiveRequest
            )
        }
    }
#endif
