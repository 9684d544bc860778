// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // With no value to send, Combine's `Optional.Publisher` and `Result.Publisher` hand their
    // subscriber `Subscriptions.empty` ("Empty" in `print()` and the debugger), then the
    // completion, as `Empty` and `Fail` do; with a value, their own subscription.

    extension Optional.Publisher {
        /// Sends the value within the demand the subscriber requests, then `.finished`; with no
        /// value, `Subscriptions.empty` and `.finished` at once.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Wrapped, Downstream.Failure == Never {
            guard output != nil else {
                return completeAtOnce(subscriber, with: .finished)
            }
            subscribeThroughClosures(subscriber)
        }
    }

    extension Result.Publisher {
        /// Sends the value within the demand the subscriber requests, then `.finished`; a
        /// failure, with `Subscriptions.empty`, at once.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Success, Downstream.Failure == Failure {
            if case .failure(let failure) = result {
                return completeAtOnce(subscriber, with: .failure(failure))
            }
            subscribeThroughClosures(subscriber)
        }
    }

    extension ClosurePublisher {
        /// Hands `subscriber` `Subscriptions.empty`, then `completion`.
        fileprivate func completeAtOnce<Downstream: Subscriber>(
            _ subscriber: Downstream, with completion: Subscribers.Completion<Failure>
        ) where Downstream.Input == Output, Downstream.Failure == Failure {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
        }

        /// What ``ClosurePublisher``'s own `receive(subscriber:)` does.
        fileprivate func subscribeThroughClosures<Downstream: Subscriber>(_ subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            Publishing.subscribe(
                subscriber, to: Self.self, valuesWithoutDemand: valuesWithoutDemand,
                completesOnlyWhenAsked: completesOnlyWhenAsked,
                trapsOnZeroDemand: trapsOnZeroDemand, reflecting: subscriptionReflected,
                bySinking: subscribeClosures)
        }
    }
#endif
