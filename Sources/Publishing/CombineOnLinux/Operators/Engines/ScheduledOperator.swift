// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A one-upstream operator that delivers each of its upstream's events later, as scheduled
    /// work (`delay`, `receive(on:)`): Combine's `receive(subscriber:)`, with demand passed on
    /// to the upstream, and the package's closure subscription, both from one scheduling rule.
    ///
    /// Scheduled work and upstream sends can run on different threads at once, so both deliver
    /// through a ``Gate``: one event at a time, in the order the work runs (the order the events
    /// came, on a serial scheduler); an event decided from inside a delivery on its own thread
    /// goes out at once, nested in it; nothing goes out after the completion or a cancel.
    @usableFromInline
    package protocol ScheduledOperator: ClosurePublisher {
        /// The publisher the operator subscribes to.
        associatedtype Upstream: Publisher
        where
            Upstream.Output == Output,
            Upstream.Failure == Failure
        /// The publisher the operator subscribes to.
        var upstream: Upstream { get }
        /// Runs a delivery as the operator's scheduled work, on its scheduler at its time;
        /// holding the scheduler and its settings, not the upstream (which holds its subscribers).
        var deliverySchedule: (@escaping () -> Void) -> Void { get }
    }

    extension ScheduledOperator {
        /// Subscribes to the upstream, every value asked for, and delivers each event, in order,
        /// as scheduled work; after a cancel, nothing scheduled is delivered.
        @usableFromInline
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let schedule = deliverySchedule
            let gate = Gate((), receiveValue: receiveValue, receiveCompletion: receiveCompletion)
            gate.hold(
                upstream.sink(
                    receiveCompletion: { completion in
                        schedule { gate.update { _, outbox in outbox.finish(completion) } }
                    },
                    receiveValue: { value in
                        schedule { gate.update { _, outbox in outbox.send(value) } }
                    }
                ))
            return AnyCancellable { gate.cancel() }
        }

        /// Attaches `subscriber`; its demand is passed on to the upstream, as Combine's
        /// operator passes it: each request goes to the upstream at once, and the demand a
        /// delivered value returns is asked of the upstream after it.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // A sink asks for every value: the closures go straight in, with nothing to count.
            guard !attachIfSink(subscriber) else { return }
            upstream.subscribe(
                ScheduledSubscription<Self, Downstream>(subscriber, schedule: deliverySchedule))
        }
    }

    /// A ``ScheduledOperator`` whose subscription, in Combine, names itself and reflects as
    /// its name (`receive(on:)`'s "ReceiveOn"). Combine's `delay`'s inner object customizes
    /// neither (OpenCombine's `DelayTests.testDelayReflection`, run against Combine): it
    /// describes and dumps as an ordinary object.
    @usableFromInline
    package protocol NamedScheduledOperator: ScheduledOperator {}

    /// One subscription through a ``ScheduledOperator``: the upstream's subscriber and the
    /// downstream's subscription, as a Combine operator's inner object is.
    ///
    /// The subscriber is handed this subscription at once, on the subscribing thread, as
    /// Combine's is; its requests go straight to the upstream; each upstream event is scheduled,
    /// and delivered through a ``Gate``; the demand a delivered value returns is asked of the
    /// upstream, unless the subscription was cancelled meanwhile. A cancel before the upstream
    /// completes drops whatever is scheduled; once it has completed, a cancel ends nothing, and
    /// every value and the completion scheduled are delivered, as Combine delivers them. The
    /// subscription holds its subscriber for as long as it lives, as Combine's does: scheduled
    /// work keeps both until it has run.
    // @unchecked: the mutable fields are in `state`, behind its lock; `gate` is set once, in
    // `init`, and after the subscription the downstream is reached only through it, which calls
    // its handlers one at a time; `schedule` is the operator's (it holds a scheduler, which any
    // thread may use).
    private final class ScheduledSubscription<Operator: ScheduledOperator, Downstream: Subscriber>:
        // @unchecked: see above.
        Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Operator.Output, Downstream.Failure == Operator.Failure {
        typealias Input = Operator.Output
        typealias Failure = Operator.Failure

        /// Where the subscription is: one state at a time, each holding what it owns.
        private enum Lifecycle {
            /// Waiting for the upstream's subscription, with the subscriber to hand this one to.
            case awaitingSubscription(Downstream)
            /// Cancelled before the upstream's subscription came: that subscription is left
            /// alone when it comes, as Combine's `delay` and `receive(on:)` leave it.
            case cancelledBeforeSubscription
            /// The upstream's subscription, until the upstream completes or this is cancelled.
            case subscribed(any Subscription)
            /// The upstream completed and its completion is scheduled: as in Combine, the
            /// demand a value delivered meanwhile returns is still asked of it (nothing else is),
            /// and a cancel changes nothing: what was scheduled is delivered.
            case completing(any Subscription)
            /// The completion went out, or this was cancelled: a second subscription is
            /// cancelled, and nothing more is scheduled or asked.
            case terminal

            /// The upstream's subscription, while it is kept and not completed.
            var upstream: (any Subscription)? {
                if case .subscribed(let upstream) = self { upstream } else { nil }
            }

            /// Where a delivered value's demand goes: the upstream, until the completion has
            /// gone out.
            var demandTarget: (any Subscription)? {
                switch self {
                case .subscribed(let upstream), .completing(let upstream): upstream
                case .awaitingSubscription, .cancelledBeforeSubscription, .terminal: nil
                }
            }
        }

        private let state: Locked<Lifecycle>
        /// Held for the subscription's life, as Combine's inner object holds it: a subscriber that
        /// keeps its subscription is kept with it until it cancels.
        private let downstream: Downstream
        private let schedule: (@escaping () -> Void) -> Void
        private let gate: Gate<Void, Input, Failure>

        init(_ downstream: Downstream, schedule: @escaping (@escaping () -> Void) -> Void) {
            self.schedule = schedule
            self.downstream = downstream
            // The handlers hold the downstream until the completion or a cancel. A delivered
            // value's demand is asked of the upstream through the state, which the handlers
            // share with this object (the upstream is there until the stream ends).
            let state = Locked(Lifecycle.awaitingSubscription(downstream))
            self.state = state
            gate = Gate(
                (),
                receiveValue: { value in
                    let more = downstream.receive(value)
                    if more > 0 { state.withLock { $0.demandTarget }?.request(more) }
                },
                receiveCompletion: { downstream.receive(completion: $0) })
        }

        func receive(subscription: any Subscription) {
            let subscriber = state.withLock { state -> Downstream?? in
                if case .cancelledBeforeSubscription = state { return .some(nil) }
                guard case .awaitingSubscription(let subscriber) = state else { return nil }
                state = .subscribed(subscription)
                return subscriber
            }
            guard let subscriber else { return subscription.cancel() }
            guard let subscriber else { return }
            // At once, on the subscribing thread, as Combine's: the scheduler moves values and
            // the completion, not the subscription. A value scheduled on another thread waits
            // for the hand-over to end.
            gate.handOver({ subscriber.receive(subscription: self) }, resumingWith: schedule)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            // Nothing is scheduled before the subscription, after the completion or a cancel.
            guard state.withLock({ if case .subscribed = $0 { true } else { false } }) else {
                return .none
            }
            schedule { self.gate.update { _, outbox in outbox.send(input) } }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            // The upstream has ended itself: it is not cancelled, and asked for nothing more
            // but the demand of values delivered before the completion.
            let isTaken = state.withLock { state in
                guard let upstream = state.upstream else { return false }
                state = .completing(upstream)
                return true
            }
            guard isTaken else { return }
            schedule {
                self.gate.update { _, outbox in outbox.finish(completion) }
                // Released after the lock.
                let upstream = self.state.withLock { state in
                    defer { state = .terminal }
                    return state
                }
                withExtendedLifetime(upstream) {}
            }
        }

        func request(_ demand: Subscribers.Demand) {
            requestUpstream(demand)
        }

        func cancel() {
            // Released after the lock.
            let ended = state.withLock { state -> Lifecycle? in
                // The upstream has ended: its completion, scheduled, still goes out.
                if case .completing = state { return nil }
                defer {
                    if case .awaitingSubscription = state {
                        state = .cancelledBeforeSubscription
                    } else {
                        state = .terminal
                    }
                }
                return state
            }
            guard let ended else { return }
            withExtendedLifetime(ended) {}
            // Nothing more is delivered, whatever was scheduled.
            gate.cancel()
            ended.upstream?.cancel()
        }

        private func requestUpstream(_ demand: Subscribers.Demand) {
            state.withLock { $0.upstream }?.request(demand)
        }
    }

    // Each protocol named: a conditional conformance does not imply the ones it inherits.
    extension ScheduledSubscription: CustomStringConvertible, CustomReflectable,
        CustomPlaygroundDisplayConvertible, CombineReflecting
    where Operator: NamedScheduledOperator {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { subscriptionDescription(of: Operator.self) }
    }
#endif
