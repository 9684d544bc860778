// Linux: on Apple platforms `multicast` is Combine's.
#if !canImport(Combine)
    /// One subscriber of a multicast, subscribed to its subject, as Combine's: it is also the
    /// subscriber's subscription ("Multicast"), and passes the subscriber's demand on to the
    /// subject's subscription, so the subject decides what a subscriber that has not asked
    /// gets (a `PassthroughSubject` drops it).
    // @unchecked: `stage` is behind its lock; the subscriber and the subject are called
    // outside it.
    final class MulticastInner<Downstream: Subscriber>: Subscriber, Subscription,
        // @unchecked: see above.
        CombineReflecting, @unchecked Sendable
    {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure

        private enum Stage {
            case awaitingSubscription(Downstream)
            case subscribed(Downstream, any Subscription)
            /// Completed or cancelled: nothing more goes either way.
            case ended
        }

        private let stage: Locked<Stage>

        init(_ downstream: Downstream) {
            stage = Locked(.awaitingSubscription(downstream))
        }

        /// "Multicast", as Combine's.
        var description: String { "Multicast" }

        func receive(subscription: any Subscription) {
            let downstream = stage.withLock { stage -> Downstream? in
                guard case .awaitingSubscription(let downstream) = stage else { return nil }
                stage = .subscribed(downstream, subscription)
                return downstream
            }
            guard let downstream else { return subscription.cancel() }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let subscribed = stage.withLock { stage -> (Downstream, any Subscription)? in
                guard case .subscribed(let downstream, let subscription) = stage else { return nil }
                return (downstream, subscription)
            }
            guard let (downstream, subscription) = subscribed else { return .none }
            // As Combine's: more demand goes to the subject as a request, not back by return.
            let more = downstream.receive(input)
            if more > .none { subscription.request(more) }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let downstream = stage.withLock { stage -> Downstream? in
                guard case .subscribed(let downstream, _) = stage else { return nil }
                stage = .ended
                return downstream
            }
            downstream?.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            let subjectSubscription = stage.withLock { stage -> (any Subscription)? in
                guard case .subscribed(_, let subscription) = stage else { return nil }
                return subscription
            }
            subjectSubscription?.request(demand)
        }

        func cancel() {
            // Taken out under the lock and released after it: a release may run user code.
            let ended = stage.withLock { stage -> Stage in
                defer { stage = .ended }
                return stage
            }
            if case .subscribed(_, let subscription) = ended { subscription.cancel() }
        }
    }
#endif
