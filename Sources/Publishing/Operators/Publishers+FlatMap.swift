// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    private struct FlatMapState {
        /// Inner publishers subscribed and not yet finished.
        var active = 0
        var isUpstreamFinished = false
    }

    /// The subscriber `flatMap(maxPublishers:)` with a limit subscribes to its upstream, as
    /// Combine's does: it asks for `maxPublishers` values, then for one more each time an inner
    /// publisher finishes, so the upstream keeps (or, a subject, drops) the values between.
    ///
    /// One more value asked for from inside one of the upstream's deliveries on its own thread
    /// (an inner publisher that finished at once, such as `Just`) is returned from that
    /// delivery instead of requested: the upstream then sends it after the delivery, in its own
    /// loop, rather than nested, deeper with every value it holds.
    private final class FlatMapUpstream<Input, Failure: Error>: Subscriber, Cancellable {
        private struct State {
            var subscription: (any Subscription)?
            var receiveValue: ((Input) -> Void)?
            var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
            /// Completed or cancelled: a subscription that comes later is cancelled.
            var isOver = false
            /// How many of the upstream's deliveries are under way, nested on `deliveringThread`.
            var depth = 0
            var deliveringThread: ThreadID?
            /// Values asked for from inside a delivery on its thread, returned from it.
            var deferred = Subscribers.Demand.none
        }

        private let initialDemand: Subscribers.Demand
        private let state = Locked(State())

        init(initialDemand: Subscribers.Demand) {
            self.initialDemand = initialDemand
        }

        /// Sets the handlers, before the subscriber is subscribed.
        func start(
            receiveValue: @escaping (Input) -> Void,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
        ) {
            state.withLock { state in
                state.receiveValue = receiveValue
                state.receiveCompletion = receiveCompletion
            }
        }

        func receive(subscription: any Subscription) {
            let isKept = state.withLock { state in
                guard !state.isOver, state.subscription == nil else { return false }
                state.subscription = subscription
                return true
            }
            guard isKept else {
                subscription.cancel()
                return
            }
            if initialDemand > 0 { subscription.request(initialDemand) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let receiveValue = state.withLock { state -> ((Input) -> Void)? in
                guard let receiveValue = state.receiveValue else { return nil }
                state.depth += 1
                state.deliveringThread = .current
                return receiveValue
            }
            guard let receiveValue else { return .none }
            receiveValue(input)
            return state.withLock { state in
                state.depth -= 1
                if state.depth == 0 { state.deliveringThread = nil }
                defer { state.deferred = .none }
                return state.deferred
            }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            // What the state held is released after the lock: a release may run user code.
            let (receiveCompletion, receiveValue, subscription) = state.withLock { state in
                state.isOver = true
                defer {
                    state.receiveValue = nil
                    state.receiveCompletion = nil
                    state.subscription = nil
                }
                return (state.receiveCompletion, state.receiveValue, state.subscription)
            }
            withExtendedLifetime((receiveValue, subscription)) {}
            receiveCompletion?(completion)
        }

        /// Asks the upstream for one more value: an inner publisher has finished.
        func requestOne() {
            let subscription = state.withLock { state -> (any Subscription)? in
                guard !state.isOver, let subscription = state.subscription else { return nil }
                if state.depth > 0, state.deliveringThread?.isCurrent == true {
                    state.deferred += 1
                    return nil
                }
                return subscription
            }
            subscription?.request(.max(1))
        }

        func cancel() {
            let (subscription, handlers) = state.withLock { state in
                state.isOver = true
                defer {
                    state.subscription = nil
                    state.receiveValue = nil
                    state.receiveCompletion = nil
                }
                return (state.subscription, (state.receiveValue, state.receiveCompletion))
            }
            subscription?.cancel()
            withExtendedLifetime(handlers) {}
        }
    }

    // @unchecked: every mutable field is in `state`, behind its lock; the handlers and the
    // upstream subscription are called after the lock is released.
    extension FlatMapUpstream: @unchecked Sendable {}

    extension Publishers {
        /// A publisher of the values of the publishers a transform makes from each upstream value.
        public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: ClosurePublisher
        where NewPublisher.Failure == Upstream.Failure {
            /// The inner publishers' output type.
            public typealias Output = NewPublisher.Output
            /// The shared failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are transformed into publishers.
            public let upstream: Upstream
            /// How many inner publishers may run at once.
            public let maxPublishers: Subscribers.Demand
            /// Makes an inner publisher from each upstream value.
            public let transform: (Upstream.Output) -> NewPublisher

            /// Subscribes to the upstream, and to an inner publisher for each of its values.
            ///
            /// As in Combine, with a limit it asks the upstream for `maxPublishers` values, then
            /// for one more each time an inner publisher finishes (a subject drops the values
            /// sent in between); without one, for every value. It finishes once the upstream and
            /// every inner publisher have; it fails with the first failure.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let transform = transform
                let gate = Gate(
                    FlatMapState(), receiveValue: receiveValue, receiveCompletion: receiveCompletion
                )
                // With a limit, what asks the upstream for each value; without, a `sink`.
                let limited =
                    maxPublishers == .unlimited
                    ? nil : FlatMapUpstream<Upstream.Output, Failure>(initialDemand: maxPublishers)
                func subscribeInner(to value: Upstream.Output) {
                    gate.update { state, _ in state.active += 1 }
                    let key = gate.reserve()
                    let inner = transform(value).sink(
                        receiveCompletion: { completion in
                            gate.release(key)
                            let isFinished = gate.update { state, outbox -> Bool in
                                state.active -= 1
                                if case .failure = completion {
                                    outbox.finish(completion)
                                    return false
                                }
                                if state.isUpstreamFinished && state.active == 0 {
                                    outbox.finish()
                                }
                                return true
                            }
                            if isFinished { limited?.requestOne() }
                        },
                        receiveValue: { value in gate.update { _, outbox in outbox.send(value) } }
                    )
                    gate.hold(inner, as: key)
                }
                let receiveUpstreamCompletion = { (completion: Subscribers.Completion<Failure>) in
                    gate.update { state, outbox in
                        state.isUpstreamFinished = true
                        if case .failure = completion {
                            outbox.finish(completion)
                        } else if state.active == 0 {
                            outbox.finish()
                        }
                    }
                }
                if let limited {
                    limited.start(
                        receiveValue: subscribeInner, receiveCompletion: receiveUpstreamCompletion)
                    upstream.subscribe(limited)
                    gate.hold(AnyCancellable(limited))
                } else {
                    gate.hold(
                        upstream.sink(
                            receiveCompletion: receiveUpstreamCompletion,
                            receiveValue: subscribeInner))
                }
                return AnyCancellable { gate.cancel() }
            }
        }
    }

    extension Publisher {
        /// Subscribes to a publisher made from each value, and forwards all their values.
        ///
        /// ```swift
        /// $query.flatMap { query in searchService.search(query) }
        /// ```
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once: the upstream is asked for
        ///     one more value each time one finishes.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<T, P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
            Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
        }

        /// Subscribes to a failing publisher made from each value of a publisher that cannot fail.
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once: the upstream is asked for
        ///     one more value each time one finishes.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>>
        where Failure == Never {
            setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
        }

        /// Subscribes to a publisher that cannot fail, made from each value.
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once: the upstream is asked for
        ///     one more value each time one finishes.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self>
        where P.Failure == Never {
            flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
        }

        /// Subscribes to a publisher made from each value, when neither can fail.
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once: the upstream is asked for
        ///     one more value each time one finishes.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<P, Self> where P.Failure == Never, Failure == Never {
            Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
        }
    }
#endif
