// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A subscriber that several upstreams, or an upstream and a scheduler, may send to from any
    /// thread at once (`catch`, `switchToLatest`, `prefix(untilOutputFrom:)`, `throttle`,
    /// `collect(.byTime)`): handed its subscription before any event, called one event at a time
    /// by ``DeliveryTurn``'s rule, sent at most one completion, and nothing after it or after
    /// ``cancel()``; unless its owner's completions end nothing (``AfterCompletion``).
    ///
    /// It and ``Gate`` are two because their ends differ: this one holds a `Subscriber`, whose
    /// demand each value's delivery returns to its sender, while a `Gate` holds an operator's
    /// closures, its upstreams and a state changed under the same lock as its events are decided.
    // @unchecked: every mutable field is in `state`, behind its lock; the subscriber is called
    // outside it, by the thread whose turn it is.
    final class SerialDownstream<Downstream: Subscriber>: @unchecked Sendable {
        typealias Event = PublisherEvent<Downstream.Input, Downstream.Failure>

        /// Where the stream stands. The subscriber is held until the end; a completion,
        /// once accepted, is the last event delivered, in its turn.
        fileprivate enum Stream {
            case live(Downstream)
            case completing(Downstream)
            case ended
        }

        /// Where the hand-over of the subscription stands: until it is done, events wait for it.
        fileprivate enum HandOver {
            case awaiting
            case underWay
            case done
        }

        /// What reaches the subscriber after a completion it was sent.
        enum AfterCompletion {
            /// Nothing.
            case nothing
            /// Every later value and completion too, until ``cancel()``: Combine's
            /// `drop(untilOutputFrom:)` sends on what its upstreams send after it sent a
            /// completion, a second completion included.
            case everything
        }

        fileprivate struct State {
            var stream: Stream
            var handOver = HandOver.awaiting
            var turns = DeliveryQueue<Event>()
            /// Where the demand goes that a value's delivery returns when the value was queued
            /// for another thread (its sender got `.none`); let go at the end, to break cycles.
            var laterDemand: ((Subscribers.Demand) -> Void)?
        }

        private let state: Locked<State>
        private let afterCompletion: AfterCompletion

        init(_ downstream: Downstream, afterCompletion: AfterCompletion = .nothing) {
            state = Locked(State(stream: .live(downstream)))
            self.afterCompletion = afterCompletion
        }

        /// Sets where the demand returned for a queued value goes (the upstream, asked).
        func onLaterDemand(_ body: @escaping (Subscribers.Demand) -> Void) {
            state.withLock { $0.laterDemand = body }
        }

        /// Hands the subscriber `subscription`, unless the stream was cancelled, then sends the
        /// events that came meanwhile from other threads (those this thread sends inside it, the
        /// subscriber having asked, go out at once, nested).
        func receive(subscription: any Subscription) {
            let handOver = state.withLock { state -> Downstream?? in
                guard case .awaiting = state.handOver else { return nil }
                state.handOver = .underWay
                state.turns.beginHandOver()
                return .some(state.downstream)
            }
            // Handed over once: a second call has no turn to end.
            guard let handOver else { return }
            handOver?.receive(subscription: subscription)
            let next = state.withLock { state in
                state.handOver = .done
                return state.turns.next()
            }
            if let next { _ = deliverInTurn(next, isClaimed: false) }
        }

        /// Hands the subscriber no subscription, if none is under way: events go to it from
        /// now on without one, as Combine's `retry` sends it an upstream's completion that came
        /// before that upstream's subscription.
        func forgoHandOver() {
            state.withLock { state in
                if case .awaiting = state.handOver { state.handOver = .done }
            }
        }

        /// Sends `value`; returns the demand its delivery returned, or `.none` if it was queued
        /// for the delivering thread or the stream is over.
        func send(_ value: Downstream.Input) -> Subscribers.Demand {
            let isTurn = state.withLock { state in
                guard case .live = state.stream else { return false }
                return state.claim(.value(value))
            }
            return isTurn ? deliverInTurn(.value(value), isClaimed: true) : .none
        }

        /// Sends `completion`: the first only, unless ``AfterCompletion`` says otherwise.
        func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
            let afterCompletion = afterCompletion
            let isTurn = state.withLock { state in
                guard case .live(let downstream) = state.stream else { return false }
                if case .nothing = afterCompletion { state.stream = .completing(downstream) }
                return state.claim(.completion(completion))
            }
            if isTurn { _ = deliverInTurn(.completion(completion), isClaimed: true) }
        }

        /// Lets the subscriber go: nothing more is delivered.
        func cancel() {
            let released = state.withLock { state in
                (state.end(), state.turns.dropQueued(), state.laterDemand.take())
            }
            withExtendedLifetime(released) {}
        }

        /// Delivers `first`, then, outermost, what other threads queued meanwhile; returns the
        /// demand `first`'s delivery returned if it is the caller's own (`isClaimed`); that of
        /// a queued value goes to `laterDemand`.
        private func deliverInTurn(_ first: Event, isClaimed: Bool) -> Subscribers.Demand {
            var isClaimed = isClaimed
            var returned = Subscribers.Demand.none
            DeliveryTurn.loop(
                first, next: { state.withLock { $0.turns.next() } },
                deliver: { event in
                    defer { isClaimed = false }
                    switch event {
                    case .value(let value):
                        guard let downstream = state.withLock({ $0.downstream }) else { return }
                        let more = downstream.receive(value)
                        if isClaimed {
                            returned = more
                        } else if more > .none {
                            state.withLock { $0.laterDemand }?(more)
                        }
                    case .completion(let completion) where afterCompletion == .everything:
                        state.withLock({ $0.downstream })?.receive(completion: completion)
                    case .completion(let completion):
                        let released = state.withLock { state in
                            (state.end(), state.turns.dropQueued(), state.laterDemand.take())
                        }
                        released.0?.receive(completion: completion)
                        withExtendedLifetime(released) {}
                    }
                })
            return returned
        }
    }

    extension SerialDownstream.State {
        /// The subscriber, until the stream has ended.
        fileprivate var downstream: Downstream? {
            switch stream {
            case .live(let downstream), .completing(let downstream): downstream
            case .ended: nil
            }
        }

        /// Ends the stream; returns the subscriber, to be released after the lock.
        fileprivate mutating func end() -> Downstream? {
            defer { stream = .ended }
            return downstream
        }

        /// Claims the turn for `event`, or queues it: for the thread delivering, or for the
        /// hand-over of the subscription if that has not happened (unless it is this thread's,
        /// in which the subscriber asked and an upstream sent at once).
        fileprivate mutating func claim(_ event: SerialDownstream.Event) -> Bool {
            let isHandedOver = if case .done = handOver { true } else { false }
            guard isHandedOver || turns.isInsideDelivery else {
                turns.enqueue(event)
                return false
            }
            return turns.claim(event)
        }
    }
#endif
