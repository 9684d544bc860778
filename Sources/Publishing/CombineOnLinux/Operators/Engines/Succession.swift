// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// The subscription of an operator that subscribes to one upstream after another (`catch`,
    /// `retry`, `append`, `switchToLatest`), as Combine's do: the subscriber's demand goes to the
    /// current upstream, and a new one is asked for what is still owed.
    ///
    /// Each upstream is a *stage*, numbered from zero; only the latest stage delivers, and once
    /// the stream has ended or been cancelled, a stage that comes later is cancelled at once.
    /// Stages that overlap (`switchToLatest`'s, and its publisher of publishers) may send from
    /// different threads at once: the subscriber is reached through a ``SerialDownstream``.
    // @unchecked: every mutable field is in `state`, behind its lock; `downstream` locks itself.
    final class Succession<Downstream: Subscriber>: Subscription, CombineReflecting,
        // @unchecked: see above.
        @unchecked Sendable
    {
        private struct State {
            /// The latest stage; `.max` once the stream has ended or been cancelled.
            var stage = -1
            var current: (any Subscription)?
            /// What the subscriber has asked for and not yet been sent.
            var demand = Subscribers.Demand.none
            /// Ended with the stream: `switchToLatest`'s subscription to its publisher of
            /// publishers.
            var companion: (any Cancellable)?
        }

        private let state = Locked(State())
        private let downstream: SerialDownstream<Downstream>
        /// The operator's type, which names this subscription.
        private let publisherType: Any.Type

        var description: String { subscriptionDescription(of: publisherType) }

        /// Hands `downstream` this subscription; the stages then come with
        /// ``subscribe(_:stage:onFinish:onFailure:)``.
        init(_ downstream: Downstream, of publisherType: Any.Type) {
            self.publisherType = publisherType
            self.downstream = SerialDownstream(downstream)
            // The demand a value queued for another thread's turn returns: owed, and asked of
            // the current stage.
            self.downstream.onLaterDemand { [weak self] more in
                guard let self else { return }
                let current = state.withLock { state in
                    state.demand += more
                    return state.current
                }
                current?.request(more)
            }
            self.downstream.receive(subscription: self)
        }

        /// Subscribes to `publisher` as stage `stage`: its values go to the subscriber; its
        /// finish goes to `onFinish` (which starts the next stage), or ends the stream if there
        /// is none; its failure goes to `onFailure`, which starts the next stage or ends the
        /// stream with ``fail(_:)``.
        func subscribe<Upstream: Publisher>(
            _ publisher: Upstream, stage: Int, onFinish: (() -> Void)? = nil,
            onFailure: @escaping (Upstream.Failure) -> Void
        ) where Upstream.Output == Downstream.Input {
            let (isLive, previous) = state.withLock { state -> (Bool, (any Subscription)?) in
                guard stage > state.stage else { return (false, nil) }
                state.stage = stage
                return (true, state.current.take())
            }
            // The stage before is over: ended by itself (a failure, a finish), or, switched
            // away from, cancelled here.
            previous?.cancel()
            guard isLive else { return }
            publisher.subscribe(
                Stage<Upstream, Downstream>(
                    self, stage: stage, onFinish: onFinish, onFailure: onFailure))
        }

        /// Ends the stream with `error`.
        func fail(_ error: Downstream.Failure) {
            end(.failure(error))
        }

        /// Ends the stream with a finish.
        func finish() {
            end(.finished)
        }

        /// Keeps `companion` until the stream ends or is cancelled, and cancels it then (at once
        /// if that has happened).
        func accompany(_ companion: any Cancellable) {
            let isOver = state.withLock { state in
                guard state.stage != .max else { return true }
                state.companion = companion
                return false
            }
            if isOver { companion.cancel() }
        }

        func request(_ demand: Subscribers.Demand) {
            let current = state.withLock { state in
                state.demand += demand
                return state.current
            }
            current?.request(demand)
        }

        func cancel() {
            let (current, companion) = state.withLock { state in
                state.stage = .max
                return (state.current.take(), state.companion.take())
            }
            current?.cancel()
            companion?.cancel()
            downstream.cancel()
        }

        fileprivate func attach(_ subscription: any Subscription, stage: Int) {
            let owed = state.withLock { state -> Subscribers.Demand? in
                guard state.stage == stage else { return nil }
                state.current = subscription
                return state.demand
            }
            guard let owed else { return subscription.cancel() }
            if owed > .none { subscription.request(owed) }
        }

        fileprivate func deliver(_ value: Downstream.Input, stage: Int) -> Subscribers.Demand {
            let isCurrent = state.withLock { state in
                guard state.stage == stage else { return false }
                if state.demand > .none { state.demand -= 1 }
                return true
            }
            guard isCurrent else { return .none }
            let more = downstream.send(value)
            state.withLock { $0.demand += more }
            return more
        }

        /// Whether `stage` is the latest, so that its completion counts; if it is, its
        /// subscription is let go uncancelled, as an upstream that has completed is not
        /// cancelled in Combine.
        fileprivate func completed(_ stage: Int) -> Bool {
            let (isCurrent, subscription) = state.withLock { state in
                guard state.stage == stage else { return (false, nil as (any Subscription)?) }
                return (true, state.current.take())
            }
            withExtendedLifetime(subscription) {}
            return isCurrent
        }

        fileprivate func end(_ completion: Subscribers.Completion<Downstream.Failure>) {
            let ending = state.withLock { state -> ((any Subscription)?, (any Cancellable)?)? in
                guard state.stage != .max else { return nil }
                state.stage = .max
                return (state.current.take(), state.companion.take())
            }
            guard let (current, companion) = ending else { return }
            // What is still running is cancelled: the other side of a `switchToLatest`.
            current?.cancel()
            companion?.cancel()
            downstream.complete(completion)
        }
    }

    /// One upstream of a ``Succession``.
    private final class Stage<Upstream: Publisher, Downstream: Subscriber>: Subscriber
    where Upstream.Output == Downstream.Input {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let succession: Succession<Downstream>
        private let stage: Int
        private let onFinish: (() -> Void)?
        private let onFailure: (Upstream.Failure) -> Void

        init(
            _ succession: Succession<Downstream>, stage: Int, onFinish: (() -> Void)?,
            onFailure: @escaping (Upstream.Failure) -> Void
        ) {
            self.succession = succession
            self.stage = stage
            self.onFinish = onFinish
            self.onFailure = onFailure
        }

        func receive(subscription: any Subscription) {
            succession.attach(subscription, stage: stage)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            succession.deliver(input, stage: stage)
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            guard succession.completed(stage) else { return }
            switch completion {
            case .finished:
                if let onFinish { onFinish() } else { succession.end(.finished) }
            case .failure(let error): onFailure(error)
            }
        }
    }
#endif
