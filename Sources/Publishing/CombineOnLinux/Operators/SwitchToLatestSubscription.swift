// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// One subscription through `switchToLatest`: the subscriber of the publisher of publishers,
    /// and the downstream's subscription, one object as Combine's is; each inner publisher is
    /// subscribed by a ``Side``.
    ///
    /// Only the latest inner publisher counts: it is asked for what the subscriber is still
    /// owed, and the one before it is cancelled. Inner publishers and the upstream may send from
    /// different threads at once: the subscriber is reached through a ``SerialDownstream``.
    ///
    /// A broken upstream is answered as Combine's answers it (OpenCombine's
    /// SwitchToLatestTests, run against Apple's Combine): every completion of the upstream's
    /// after its first is sent on too; after the stream's failure by the upstream, the latest
    /// inner publisher's values still go out (its completion does not), and its subscription,
    /// if it comes then, is still asked for what is owed. Those events reach the subscriber
    /// through the same serial delivery; it is held for the subscription's life, as Combine's
    /// holds it. After a cancel, or an inner publisher's failure, nothing more goes out.
    final class SwitchToLatestSubscription<
        Inner: Publisher, Upstream: Publisher, Downstream: Subscriber
    >: Subscriber, Subscription, CombineReflecting,
        // @unchecked: every mutable field is in `state`, behind its lock; the subscriber and
        // the subscriptions are called after the lock is released.
        @unchecked Sendable
    where
        Upstream.Output == Inner, Inner.Failure == Upstream.Failure,
        Downstream.Input == Inner.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Inner
        typealias Failure = Upstream.Failure

        /// Where the upstream stands.
        private enum UpstreamLink {
            case awaiting
            case attached(any Subscription)
            /// Completed, or cancelled: a subscription that comes now is cancelled.
            case ended

            var subscription: (any Subscription)? {
                if case .attached(let subscription) = self { subscription } else { nil }
            }
        }

        /// What comes of the upstream's completion.
        private enum Outcome {
            case ignored
            /// Sent, after cancelling the latest inner publisher's subscription, if any.
            case send(cancelling: (any Subscription)?)
        }

        private struct State {
            var upstream = UpstreamLink.awaiting
            /// The upstream has completed: a publisher it sends now is not subscribed to.
            var isUpstreamCompleted = false
            /// The latest inner publisher's number; its events alone count.
            var latest = 0
            /// The latest inner publisher is subscribed to, its subscription not come yet.
            var isAwaitingInner = false
            var inner: (any Subscription)?
            /// Cancelled, or failed by an inner publisher: nothing more goes out.
            var isCancelled = false
            /// A completion has been sent: what a broken upstream sends now still goes out.
            var hasCompleted = false
            /// What the subscriber has asked for and not yet been sent.
            var demand = Subscribers.Demand.none
        }

        private let state = Locked(State())
        private let serial: SerialDownstream<Downstream>
        /// The subscriber, held for the subscription's life, as Combine's holds it.
        private let downstream: Downstream

        var description: String { "SwitchToLatest" }

        init(_ downstream: Downstream) {
            self.downstream = downstream
            // Every event goes through it, those after a completion too (a broken upstream's, as
            // Combine's sends them), so that the subscriber is never called on two threads.
            serial = SerialDownstream(downstream, afterCompletion: .everything)
            // The demand a value queued for another thread's turn returns: owed, and asked of
            // the latest inner publisher.
            serial.onLaterDemand { [weak self] more in
                guard let self else { return }
                let inner = state.withLock { state in
                    state.demand += more
                    return state.inner
                }
                inner?.request(more)
            }
        }

        /// Hands the subscriber this subscription, then subscribes to `upstream`.
        func start(_ upstream: Upstream) {
            serial.receive(subscription: self)
            upstream.subscribe(self)
        }

        // MARK: The upstream's subscriber

        func receive(subscription: any Subscription) {
            let isKept = state.withLock { state in
                guard case .awaiting = state.upstream, !state.isCancelled else { return false }
                state.upstream = .attached(subscription)
                return true
            }
            guard isKept else { return subscription.cancel() }
            subscription.request(.unlimited)
        }

        func receive(_ input: Inner) -> Subscribers.Demand {
            let switched = state.withLock {
                state -> (number: Int, previous: (any Subscription)?)? in
                guard !state.isCancelled, !state.isUpstreamCompleted else { return nil }
                state.latest += 1
                state.isAwaitingInner = true
                return (state.latest, state.inner.take())
            }
            guard let switched else { return .none }
            switched.previous?.cancel()
            input.subscribe(Side(self, number: switched.number))
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            // The upstream's subscription is let go uncancelled, after the lock (a release may
            // run user code): it has completed.
            var released: (any Subscription)?
            defer { withExtendedLifetime(released) {} }
            let outcome = state.withLock { state -> Outcome in
                released = state.upstream.subscription
                if case .attached = state.upstream { state.upstream = .ended }
                state.isUpstreamCompleted = true
                guard !state.isCancelled else { return .ignored }
                switch completion {
                case .finished:
                    // Finished once the latest inner publisher has too.
                    guard !state.isAwaitingInner, state.inner == nil else { return .ignored }
                    state.hasCompleted = true
                    return .send(cancelling: nil)
                case .failure:
                    state.hasCompleted = true
                    return .send(cancelling: state.inner.take())
                }
            }
            guard case .send(let inner) = outcome else { return }
            inner?.cancel()
            serial.complete(completion)
        }

        // MARK: The downstream's subscription

        func request(_ demand: Subscribers.Demand) {
            demand.requireSomeValues()
            let inner = state.withLock { state in
                state.demand += demand
                return state.inner
            }
            inner?.request(demand)
        }

        func cancel() {
            let (inner, upstream) = state.withLock { state in
                state.isCancelled = true
                let upstream = state.upstream.subscription
                state.upstream = .ended
                return (state.inner.take(), upstream)
            }
            // The inner publisher first, then the upstream, as Combine's cancels them.
            inner?.cancel()
            upstream?.cancel()
            serial.cancel()
        }

        // MARK: The inner publishers' side

        fileprivate func innerSubscribed(_ subscription: any Subscription, number: Int) {
            let owed = state.withLock { state -> Subscribers.Demand? in
                guard state.latest == number, !state.isCancelled, state.inner == nil else {
                    return nil
                }
                state.inner = subscription
                state.isAwaitingInner = false
                return state.demand
            }
            guard let owed else { return subscription.cancel() }
            if owed > .none { subscription.request(owed) }
        }

        fileprivate func innerValue(_ value: Downstream.Input, number: Int) -> Subscribers.Demand {
            let isLatest = state.withLock { state -> Bool in
                guard state.latest == number, !state.isCancelled else { return false }
                precondition(
                    state.demand > .none, "SwitchToLatest was sent a value it did not ask for")
                state.demand -= 1
                return true
            }
            guard isLatest else { return .none }
            let more = serial.send(value)
            if more > .none { state.withLock { $0.demand += more } }
            return more
        }

        fileprivate func innerCompleted(
            _ completion: Subscribers.Completion<Failure>, number: Int
        ) {
            // Its subscription is let go uncancelled, after the lock: it has completed.
            var released: (any Subscription)?
            defer { withExtendedLifetime(released) {} }
            let outcome = state.withLock { state -> (any Subscription)?? in
                guard state.latest == number, !state.isCancelled else { return nil }
                precondition(
                    !state.isAwaitingInner,
                    "SwitchToLatest was sent a completion before its subscription")
                released = state.inner.take()
                guard !state.hasCompleted else { return nil }
                switch completion {
                case .finished:
                    guard state.isUpstreamCompleted else { return nil }
                    state.hasCompleted = true
                    return .some(nil)
                case .failure:
                    state.hasCompleted = true
                    state.isCancelled = true
                    let upstream = state.upstream.subscription
                    state.upstream = .ended
                    return .some(upstream)
                }
            }
            guard let upstream = outcome else { return }
            upstream?.cancel()
            serial.complete(completion)
        }

        // MARK: One inner publisher's subscriber

        /// Subscribes to one inner publisher for this subscription; shown as Combine's is,
        /// named after the operator, with the subscription it belongs to.
        private final class Side: Subscriber, CombineReflecting {
            typealias Input = Downstream.Input
            typealias Failure = Upstream.Failure

            private let parent: SwitchToLatestSubscription
            private let number: Int

            var description: String { "SwitchToLatest" }

            var customMirror: Mirror {
                Mirror(self, children: ["parentSubscription": parent.combineIdentifier])
            }

            init(_ parent: SwitchToLatestSubscription, number: Int) {
                self.parent = parent
                self.number = number
            }

            func receive(subscription: any Subscription) {
                parent.innerSubscribed(subscription, number: number)
            }

            func receive(_ input: Input) -> Subscribers.Demand {
                parent.innerValue(input, number: number)
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                parent.innerCompleted(completion, number: number)
            }
        }
    }
#endif
