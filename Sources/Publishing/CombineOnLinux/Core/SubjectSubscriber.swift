// Linux: on Apple platforms Combine has its own.
#if !canImport(Combine)
    /// What a publisher feeding a subject subscribes with (`subscribe(_:)` with a subject,
    /// `AnySubscriber(subject)`), under Combine's name for it.
    ///
    /// As Combine's, it is also the subject's subscription: the subject receives it ("Subject")
    /// through `send(subscription:)` and asks through it for values, so a subject that asks for
    /// none receives none. It holds the subject weakly, so feeding a subject does not keep it
    /// alive; once it completes or is cancelled, it lets go of both ends.
    // @unchecked: `state` is behind its lock; the subject and the upstream are called outside it.
    final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription,
        CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible,
        // @unchecked: see above.
        @unchecked Sendable
    {
        typealias Input = Downstream.Output
        typealias Failure = Downstream.Failure

        private enum Stage {
            case awaitingSubscription
            case subscribed(any Subscription)
            /// Completed or cancelled: a later subscription is cancelled, other events ignored.
            case ended
        }

        private struct State {
            var stage = Stage.awaitingSubscription
            weak var subject: Downstream?
        }

        private let state: Locked<State>

        init(_ subject: Downstream) {
            var initial = State()
            initial.subject = subject
            state = Locked(initial)
        }

        /// "Subject", as Combine's.
        var description: String { "Subject" }

        /// The subject and the upstream's subscription, under Combine's labels.
        var customMirror: Mirror {
            let (subject, upstream) = state.withLock {
                state -> (Downstream?, (any Subscription)?) in
                guard case .subscribed(let upstream) = state.stage else {
                    return (state.subject, nil)
                }
                return (state.subject, upstream)
            }
            let children: [Mirror.Child] = [
                ("downstreamSubject", subject as Any),
                ("upstreamSubscription", upstream as Any),
                ("subject", subject as Any),
            ]
            return Mirror(self, children: children)
        }

        /// The same as ``description``.
        var playgroundDescription: Any { description }

        func receive(subscription: any Subscription) {
            let subject = state.withLock { state -> Downstream? in
                guard case .awaitingSubscription = state.stage, let subject = state.subject else {
                    return nil
                }
                state.stage = .subscribed(subscription)
                return subject
            }
            guard let subject else { return subscription.cancel() }
            subject.send(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            subscribedSubject()?.send(input)
            // The subject asks for more through this subscription, not by the value's return.
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let subject = state.withLock { state -> Downstream? in
                guard case .subscribed = state.stage, let subject = state.subject else {
                    return nil
                }
                state.stage = .ended
                state.subject = nil
                return subject
            }
            subject?.send(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            let upstream = state.withLock { state -> (any Subscription)? in
                guard case .subscribed(let upstream) = state.stage else { return nil }
                return upstream
            }
            upstream?.request(demand)
        }

        func cancel() {
            let upstream = state.withLock { state -> (any Subscription)? in
                guard case .subscribed(let upstream) = state.stage else { return nil }
                state.stage = .ended
                state.subject = nil
                return upstream
            }
            upstream?.cancel()
        }

        /// The subject, while the subscription is on: values before it or after the end are
        /// not the subject's.
        private func subscribedSubject() -> Downstream? {
            state.withLock { state in
                guard case .subscribed = state.stage else { return nil }
                return state.subject
            }
        }
    }
#endif
