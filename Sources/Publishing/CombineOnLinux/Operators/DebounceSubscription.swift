// Linux: on Apple platforms `debounce` is Combine's.
#if !canImport(Combine)
    /// One subscription through `debounce`: the upstream's subscriber and the downstream's
    /// subscription, as Combine's operator's inner object is ("Debounce").
    ///
    /// As Combine's: the subscriber is handed this subscription when the upstream's comes (not
    /// before: an event before it is ignored), and the upstream is asked for every value. Each
    /// value replaces the one waiting and arms a new repeating timer `dueTime` from now (the
    /// form of timer a scheduler can cancel), cancelling the one before; when it fires, it is
    /// cancelled, and the value goes out if the subscriber has asked for one, or is dropped.
    /// The upstream's completion drops a waiting value and goes out as work on the scheduler,
    /// without the options (they go with the timers only).
    ///
    /// Scheduled work and upstream sends can run on different threads at once, so the state
    /// lives in a ``Gate``, and deliveries go out through it: one event at a time, nothing after
    /// the completion or a cancel. The scheduler is called outside the lock.
    // @unchecked: the mutable state is the gate's, behind its lock; the other fields are
    // constants (a scheduler may be used from any thread, as Combine's operators use it).
    final class DebounceSubscription<
        Upstream: Publisher, Context: Scheduler, Downstream: Subscriber
    >:
        // @unchecked: see above.
        Subscriber, Subscription, CombineReflecting, @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        /// Where the subscription is.
        enum Lifecycle {
            case awaitingSubscription
            /// The upstream's subscription, until the upstream completes or this is cancelled.
            case subscribed(any Subscription)
            /// The upstream completed (its completion is scheduled) or this was cancelled: a
            /// subscription that comes now is cancelled, and nothing more is armed.
            case terminal
        }

        struct State {
            var lifecycle = Lifecycle.awaitingSubscription
            /// What the subscriber has asked for and not been sent.
            var demand = Subscribers.Demand.none
            /// The latest value, until its timer fires or the stream ends.
            var waiting: Input?
            /// Counts the values: only the latest one's timer may send it.
            var generation = 0
            /// The latest value's repeating timer, until it fires or is replaced.
            var timer: (any Cancellable)?

            var isSubscribed: Bool {
                if case .subscribed = lifecycle { true } else { false }
            }
        }

        /// The subscriber, held for this object's life, as Combine's inner object holds it: a
        /// cancel stops deliveries, but a timer or completion already scheduled holds this
        /// object, and so the subscriber, until the scheduler lets it go.
        private let downstream: Downstream
        private let dueTime: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private let gate: Gate<State, Input, Failure>

        init(
            _ downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride,
            scheduler: Context, options: Context.SchedulerOptions?
        ) {
            self.downstream = downstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
            // A delivered value's demand is added through the gate, reached weakly (this object
            // holds it); it is set before this object is shared, and is there while it delivers.
            weak var delivering: Gate<State, Input, Failure>?
            let gate = Gate(
                State(),
                receiveValue: { value in
                    let more = downstream.receive(value)
                    guard more > 0 else { return }
                    delivering?.update { state, _ in state.demand += more }
                },
                receiveCompletion: { downstream.receive(completion: $0) })
            delivering = gate
            self.gate = gate
        }

        func receive(subscription: any Subscription) {
            let isFirst = gate.update { state, _ in
                guard case .awaitingSubscription = state.lifecycle else { return false }
                state.lifecycle = .subscribed(subscription)
                return true
            }
            guard isFirst else { return subscription.cancel() }
            // A value that falls due on another thread meanwhile waits for the hand-over to end.
            let scheduler = scheduler
            gate.handOver(
                { downstream.receive(subscription: self) },
                resumingWith: { scheduler.schedule(options: nil, $0) })
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let generation = gate.update { state, _ -> Int? in
                guard state.isSubscribed else { return nil }
                state.generation += 1
                state.waiting = input
                return state.generation
            }
            guard let generation else { return .none }
            let timer = scheduler.schedule(
                after: scheduler.now.advanced(by: dueTime), interval: dueTime,
                tolerance: scheduler.minimumTolerance, options: options
            ) { self.timerFired(for: generation) }
            // Kept unless a newer value, the end or its own firing (a scheduler that runs it at
            // once) came first; the one it replaces is cancelled.
            let unneeded = gate.update { state, _ -> (any Cancellable)? in
                guard state.generation == generation, state.waiting != nil else { return timer }
                defer { state.timer = timer }
                return state.timer
            }
            unneeded?.cancel()
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let timer = gate.update { state, _ -> (any Cancellable)?? in
                guard state.isSubscribed else { return nil }
                state.lifecycle = .terminal
                state.waiting = nil
                state.generation += 1
                return .some(state.timer.take())
            }
            guard let timer else { return }
            timer?.cancel()
            scheduler.schedule(options: nil) {
                self.gate.update { _, outbox in outbox.finish(completion) }
            }
        }

        func request(_ demand: Subscribers.Demand) {
            // Counted only while subscribed, as Combine's: a request can come before only from
            // an upstream that treats this subscriber as a subscription.
            gate.update { state, _ in
                guard state.isSubscribed else { return }
                state.demand += demand
            }
        }

        func cancel() {
            let (upstream, timer) = gate.update { state, _ in
                defer {
                    state.lifecycle = .terminal
                    state.waiting = nil
                }
                let upstream: (any Subscription)? =
                    if case .subscribed(let upstream) = state.lifecycle { upstream } else { nil }
                return (upstream, state.timer.take())
            }
            // Nothing more is delivered, whatever was scheduled.
            gate.cancel()
            timer?.cancel()
            upstream?.cancel()
        }

        /// Sends the waiting value if `generation`'s timer is still the latest, and the
        /// subscriber has asked for a value; drops it otherwise. The timer is cancelled: it
        /// repeats only so that it can be cancelled.
        private func timerFired(for generation: Int) {
            let timer = gate.update { state, outbox -> (any Cancellable)? in
                guard state.generation == generation, let value = state.waiting.take() else {
                    return nil
                }
                if state.demand > 0 {
                    state.demand -= 1
                    outbox.send(value)
                }
                return state.timer.take()
            }
            timer?.cancel()
        }

        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "Debounce" }

        /// As Combine's: the subscriber, what it has asked for, and the value waiting.
        var customMirror: Mirror {
            let (demand, waiting) = gate.update { state, _ in (state.demand, state.waiting) }
            let children: [Mirror.Child] = [
                ("downstream", downstream), ("downstreamDemand", demand),
                ("currentValue", waiting as Any),
            ]
            return Mirror(self, children: children)
        }
    }
#endif
