// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// The subscription of a publisher of one value then `.finished` (`Optional`'s and
    /// `Result`'s), as Combine's: the subscriber's first request sends both at once, from
    /// inside the request, even one made inside `receive(subscription:)` before a cancel there.
    // @unchecked: `downstream` is behind its lock; the subscriber is called after it is
    // released, once, by the call that took it out.
    final class OnceSubscription<Downstream: Subscriber>: Subscription, CombineReflecting,
        // @unchecked: see above.
        @unchecked Sendable
    {
        private let downstream: Locked<Downstream?>
        private let value: Downstream.Input
        private let publisherType: Any.Type

        var description: String { subscriptionDescription(of: publisherType) }

        /// The value, unlabelled, as Combine's shows.
        var customMirror: Mirror { Mirror(self, children: [(nil, value as Any)]) }

        init(_ downstream: Downstream, value: Downstream.Input, of publisherType: Any.Type) {
            self.downstream = Locked(downstream)
            self.value = value
            self.publisherType = publisherType
        }

        func request(_ demand: Subscribers.Demand) {
            // As Combine's: asking for no values stops the program.
            demand.requireSomeValues()
            guard let downstream = downstream.withLock({ $0.take() }) else { return }
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        }

        func cancel() {
            let downstream = downstream.withLock { $0.take() }
            // Released after the lock: a release may run user code.
            withExtendedLifetime(downstream) {}
        }
    }

    extension ClosurePublisher {
        /// Attaches `subscriber` as Combine attaches it to a publisher of one result: a value
        /// through a ``OnceSubscription``, which sends it at the first request; no value
        /// through the empty subscription, then the completion at once.
        func attachOnce<Downstream: Subscriber>(
            _ subscriber: Downstream, value: Output?, completion: Subscribers.Completion<Failure>
        ) where Downstream.Input == Output, Downstream.Failure == Failure {
            // A sink asks for every value: the closures go straight in.
            guard !attachIfSink(subscriber) else { return }
            guard let value else {
                subscriber.receive(subscription: Subscriptions.empty)
                return subscriber.receive(completion: completion)
            }
            subscriber.receive(
                subscription: OnceSubscription(subscriber, value: value, of: Self.self))
        }
    }
#endif
