// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension ClosurePublisher {
        /// Attaches a `sink` straight to the closures (it asks for every value), as
        /// ``ClosurePublisher``'s own `receive(subscriber:)` does, for an operator that implements
        /// `receive(subscriber:)` itself.
        ///
        /// - Returns: Whether `subscriber` was a sink, now attached.
        func attachIfSink<Downstream: Subscriber>(_ subscriber: Downstream) -> Bool
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard let sink = subscriber as? Subscribers.Sink<Output, Failure> else { return false }
            guard let receiveValue = sink.directValueHandler else { return true }
            sink.attach(
                subscribeClosures(
                    receiveCompletion: { sink.receive(completion: $0) },
                    receiveValue: receiveValue))
            return true
        }
    }

    /// A one-upstream operator written as ``Steps``: Combine's `receive(subscriber:)`, with
    /// demand passed on to the upstream, and the package's closure subscription, both from them.
    @usableFromInline
    package protocol StepOperator: ClosurePublisher {
        /// The publisher the operator subscribes to.
        associatedtype Upstream: Publisher
        /// The publisher the operator subscribes to.
        var upstream: Upstream { get }
        /// The steps of one new subscription, with whatever state it keeps.
        func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure>
    }

    extension StepOperator {
        /// Subscribes the steps to the upstream, every value asked for.
        @usableFromInline
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let steps = makeSteps()
            return upstream.forward(
                to: receiveValue, receiveCompletion, value: steps.value,
                completion: steps.completion)
        }

        /// Attaches `subscriber` through the steps; its demand is passed on to the upstream.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // A sink asks for every value: the closures go straight in, with nothing to count.
            guard !attachIfSink(subscriber) else { return }
            upstream.subscribe(
                StepSubscription<Upstream, Downstream>(
                    subscriber, of: Self.self, steps: makeSteps()))
        }
    }

    /// One subscription through a ``StepOperator``: the upstream's subscriber and the
    /// downstream's subscription, as a Combine operator's inner object is.
    // @unchecked: `state` is behind its lock. `forwarder`, `sent` and `demandAfter` are
    // touched only by the upstream's deliveries, which Combine's contract makes serial (a
    // nested delivery, on the same thread, saves and restores `sent` and `demandAfter`); what
    // the steps keep between values, a mirror may also read, so they keep it behind a lock.
    private final class StepSubscription<Upstream: Publisher, Downstream: Subscriber>: Subscriber,
        // @unchecked: see above.
        Subscription, CombineReflecting, @unchecked Sendable
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        /// Where the subscription to the upstream is: one state at a time, so that, say, a
        /// subscription cannot be kept after a cancel.
        private enum Lifecycle {
            /// No subscription has come from the upstream yet.
            case awaitingSubscription
            /// The subscriber cancelled before the upstream's subscription came: whether that
            /// subscription is cancelled when it comes is the steps' ``BeforeSubscription``.
            case cancelledBeforeSubscription
            case subscribed(any Subscription)
            /// The upstream ended itself, and the steps are handling its completion: a value they
            /// send needs demand as any other does, or waits for it.
            case completing
            /// The upstream ended, or was cancelled (by the subscriber, or as the steps ended the
            /// stream): nothing more is asked of it.
            case terminal

            /// The upstream's subscription, while it is kept.
            var upstream: (any Subscription)? {
                switch self {
                case .subscribed(let upstream): upstream
                case .awaitingSubscription, .cancelledBeforeSubscription, .completing, .terminal:
                    nil
                }
            }

            var isAwaitingSubscription: Bool {
                if case .awaitingSubscription = self { true } else { false }
            }

            /// Lets go of the upstream's subscription, if it is kept, and returns it.
            mutating func end() -> (any Subscription)? {
                let upstream = self.upstream
                self = .terminal
                return upstream
            }

            /// Ends the subscription at the subscriber's cancel, and returns the upstream's
            /// subscription, if it is kept.
            mutating func cancel() -> (any Subscription)? {
                guard isAwaitingSubscription else { return end() }
                self = .cancelledBeforeSubscription
                return nil
            }
        }

        private struct State {
            var lifecycle = Lifecycle.awaitingSubscription
            /// The subscriber, until the stream's end reaches it or it cancels: after the
            /// upstream's end when a last value waits for demand.
            var downstream: Downstream?
            /// What the subscriber has asked for and not yet been sent.
            var demand = Subscribers.Demand.none
            /// A value the completion step sent while nothing was asked for (`replaceError`'s),
            /// and the completion after it: both wait for the subscriber's next request.
            var heldLast: Downstream.Input?
            var heldCompletion: Subscribers.Completion<Downstream.Failure>?
        }

        private let state: Locked<State>
        /// The subscriber, kept as long as this object, as Combine's operators keep theirs: a
        /// subscriber that keeps its subscription after the stream's end keeps itself, and
        /// one that lets it go is released with it.
        private let subscriber: Downstream
        private let steps: Steps<Input, Failure, Downstream.Input, Downstream.Failure>
        private let forwarder: Forwarder<Downstream.Input, Downstream.Failure>
        /// Whether the value being handled was sent on, and the demand its delivery returned.
        private var sent = false
        private var demandAfter = Subscribers.Demand.none

        /// The operator's type, which names this subscription.
        private let publisherType: Any.Type

        var description: String {
            subscriptionDescription(
                of: publisherType, upstream: state.withLock { $0.lifecycle.upstream })
        }

        init(
            _ downstream: Downstream, of publisherType: Any.Type,
            steps: Steps<Input, Failure, Downstream.Input, Downstream.Failure>
        ) {
            state = Locked(State(downstream: downstream))
            subscriber = downstream
            self.publisherType = publisherType
            self.steps = steps
            // The forwarder is this object's own and is called only from its methods, so it
            // reaches this object weakly (set before this object is shared), and finds it there.
            weak var owner: StepSubscription?
            forwarder = Forwarder(
                receiveValue: { owner?.deliver($0) },
                receiveCompletion: { owner?.complete($0) })
            owner = self
            // Weak: the link's token also cancels when it is released, with this object.
            forwarder.link.attach(AnyCancellable { [weak self] in self?.cancelUpstream() })
        }

        func receive(subscription: any Subscription) {
            let cancelsLate = steps.beforeSubscription == .traps
            let isFirst = state.withLock { state -> Downstream?? in
                if case .cancelledBeforeSubscription = state.lifecycle, !cancelsLate {
                    return .some(nil)
                }
                guard case .awaitingSubscription = state.lifecycle,
                    let downstream = state.downstream
                else { return nil }
                state.lifecycle = .subscribed(subscription)
                return downstream
            }
            // A subscription after an early cancel is left alone, unless the steps cancel it.
            guard let isFirst else { return subscription.cancel() }
            guard let downstream = isFirst else { return }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard !forwarder.isFinished else { return receiveAfterEnd(input) }
            let (attached, early, unasked) = state.withLock {
                ($0.downstream != nil, $0.lifecycle.isAwaitingSubscription, $0.demand == .none)
            }
            guard attached else { return receiveAfterEnd(input) }
            if early {
                switch steps.beforeSubscription {
                case .handled, .valuesHandled: break
                case .ignored: return .none
                case .traps: preconditionFailure("A value came before the upstream's subscription")
                }
            } else if unasked, steps.trapsOnUnaskedValue {
                preconditionFailure(
                    "\(subscriptionDescription(of: publisherType)) was sent a value it did not ask for"
                )
            }
            let outer = (sent, demandAfter)
            (sent, demandAfter) = (false, .none)
            steps.value(input, forwarder)
            // A value the steps dropped asks for another in its place, as Combine's filtering
            // operators do; once the stream has ended, nothing more is asked.
            let demand: Subscribers.Demand
            if forwarder.isFinished {
                demand = .none
            } else if sent {
                demand = demandAfter * steps.valuesPerOutput
            } else if steps.valuesPerOutput > 1 {
                demand = .none
            } else {
                demand = .max(1)
            }
            (sent, demandAfter) = outer
            if steps.asksUpstreamForReturnedDemand, demand > .none {
                // Asked now, from inside the upstream's delivery, which may send at once.
                state.withLock { $0.lifecycle.upstream }?.request(demand)
                return .none
            }
            return demand
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            // After the end (the subscriber's cancel, or the stream's end, the subscriber let
            // go): the upstream is not held, and the completion is the steps' `afterEnd`.
            guard !forwarder.isFinished, state.withLock({ $0.downstream != nil }) else {
                return receiveAfterEnd(completion)
            }
            let beforeSubscription = steps.beforeSubscription
            // The upstream has ended itself: nothing to cancel when the stream ends.
            let ended = state.withLock { state -> (any Subscription)?? in
                if state.lifecycle.isAwaitingSubscription {
                    switch beforeSubscription {
                    case .handled: break
                    case .valuesHandled, .ignored: return nil
                    case .traps:
                        preconditionFailure("A completion came before the upstream's subscription")
                    }
                }
                let upstream = state.lifecycle.end()
                if !forwarder.isFinished { state.lifecycle = .completing }
                return .some(upstream)
            }
            guard let upstream = ended else { return }
            withExtendedLifetime(upstream) {}
            guard !forwarder.isFinished else { return }
            steps.completion(completion, forwarder)
            state.withLock { state in
                if case .completing = state.lifecycle { state.lifecycle = .terminal }
            }
        }

        func request(_ demand: Subscribers.Demand) {
            if steps.requiresDemand {
                demand.requireSomeValues()
            }
            typealias Held = (
                Downstream, Downstream.Input, Subscribers.Completion<Downstream.Failure>
            )
            let cancelsLate = steps.beforeSubscription == .traps
            let (upstream, held) = state.withLock { state -> ((any Subscription)?, Held?) in
                if cancelsLate {
                    precondition(
                        !state.lifecycle.isAwaitingSubscription,
                        "A request came before the upstream's subscription")
                }
                state.demand += demand
                guard let value = state.heldLast.take(), let downstream = state.downstream.take()
                else { return (state.lifecycle.upstream, nil) }
                return (nil, (downstream, value, state.heldCompletion.take() ?? .finished))
            }
            if let (downstream, value, completion) = held {
                _ = downstream.receive(value)
                downstream.receive(completion: completion)
                return
            }
            upstream?.request(demand * steps.valuesPerOutput)
        }

        func cancel() {
            let (upstream, downstream, held) = state.withLock { state in
                (state.lifecycle.cancel(), state.downstream.take(), state.heldLast.take())
            }
            upstream?.cancel()
            // Released after the lock: a release may run user code.
            withExtendedLifetime((downstream, held)) {}
        }

        private func deliver(_ value: Downstream.Input) {
            let downstream = state.withLock { state -> Downstream? in
                guard let downstream = state.downstream else { return nil }
                // A value from the completion step needs demand as any other does: without it,
                // it waits, with the completion, for the next request (Combine's replaceError).
                if case .completing = state.lifecycle, state.demand == .none {
                    state.heldLast = value
                    return nil
                }
                if state.demand > .none { state.demand -= 1 }
                return downstream
            }
            guard let downstream else { return }
            sent = true
            // Asked before it is added: a nested delivery saves and restores `demandAfter`.
            let more = downstream.receive(value)
            state.withLock { $0.demand += more }
            demandAfter += more
        }

        /// Ends the stream downstream, or holds the completion behind a held value. When the
        /// steps end the stream (a throw, `prefix(while:)`'s end), the upstream is cancelled
        /// first, as Combine's operators cancel it before the subscriber hears of the end.
        private func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
            let (upstream, downstream) = state.withLock {
                state -> ((any Subscription)?, Downstream?) in
                let upstream = state.lifecycle.end()
                guard state.heldLast == nil else {
                    state.heldCompletion = completion
                    return (upstream, nil)
                }
                return (upstream, state.downstream.take())
            }
            upstream?.cancel()
            downstream?.receive(completion: completion)
        }

        /// Handles a value that comes after the stream's end as the steps' ``AfterEnd`` says:
        /// what they send goes straight to the subscriber, whose demand the value returns.
        private func receiveAfterEnd(_ input: Input) -> Subscribers.Demand {
            let sendsFailures: Bool
            switch steps.afterEnd {
            case .ignored, .completionsSent: return .none
            case .valuesSent: sendsFailures = false
            case .valuesAndFailuresSent: sendsFailures = true
            }
            let subscriber = subscriber
            var demand = Subscribers.Demand.none
            steps.value(
                input,
                Forwarder(
                    receiveValue: { demand += subscriber.receive($0) },
                    receiveCompletion: { if sendsFailures { subscriber.receive(completion: $0) } }
                ))
            return demand
        }

        /// Handles a completion that comes after the stream's end as the steps' ``AfterEnd``
        /// says: the completion its steps send goes straight to the subscriber, without a value.
        private func receiveAfterEnd(_ completion: Subscribers.Completion<Failure>) {
            guard case .completionsSent = steps.afterEnd else { return }
            let subscriber = subscriber
            steps.completion(
                completion,
                Forwarder(
                    receiveValue: { _ in },
                    receiveCompletion: { subscriber.receive(completion: $0) }))
        }

        private func cancelUpstream() {
            // Only a kept subscription: the steps may end the stream while handling the
            // upstream's own completion, which stays `completing` until they return.
            state.withLock { state -> (any Subscription)? in
                guard let upstream = state.lifecycle.upstream else { return nil }
                state.lifecycle = .terminal
                return upstream
            }?.cancel()
        }
    }

    extension StepSubscription {
        /// What the steps show; no children otherwise, as most of Combine's operators show none.
        var customMirror: Mirror {
            guard let children = steps.children else {
                return Mirror(self, children: EmptyCollection())
            }
            let (upstream, isFinished) = state.withLock { state in
                switch state.lifecycle {
                case .awaitingSubscription, .subscribed:
                    (state.lifecycle.upstream, false)
                case .cancelledBeforeSubscription, .completing, .terminal: (nil, true)
                }
            }
            return Mirror(
                self,
                children: children(
                    StepMirrorParts(
                        downstream: subscriber, upstream: upstream, isFinished: isFinished)))
        }
    }
#endif
