// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that ends when its upstream sends nothing for an interval.
        ///
        /// As Combine's: the subscriber is handed its subscription at once; its requests go to
        /// the upstream as they are made, and the demand a delivered value returns is asked of
        /// the upstream after it, so a `PassthroughSubject` drops the values nobody asked for.
        /// Each value and the upstream's completion are delivered as work on the scheduler. The
        /// deadline is armed at the subscription, again at the first request, and again at each
        /// value; when it passes, the upstream is cancelled and the subscriber finishes (or
        /// fails with `customError()`), on the scheduler.
        public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher watched.
            public let upstream: Upstream
            /// How long it may stay quiet.
            public let interval: Context.SchedulerTimeType.Stride
            /// Where time is kept and events delivered.
            public let scheduler: Context
            /// How the deadline and the deliveries are scheduled.
            public let options: Context.SchedulerOptions?
            /// The error to fail with on timing out; `nil` to finish instead.
            public let customError: (() -> Failure)?

            /// Creates a publisher that ends when `upstream` sends nothing for `interval`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher watched.
            ///   - interval: How long it may stay quiet.
            ///   - scheduler: Where time is kept and events delivered.
            ///   - options: How the deadline and the deliveries are scheduled.
            ///   - customError: The error to fail with on timing out; `nil` to finish instead.
            public init(
                upstream: Upstream,
                interval: Context.SchedulerTimeType.Stride,
                scheduler: Context,
                options: Context.SchedulerOptions?,
                customError: (() -> Failure)?
            ) {
                self.upstream = upstream
                self.interval = interval
                self.scheduler = scheduler
                self.options = options
                self.customError = customError
            }

            /// Attaches `subscriber`; its demand is passed on to the upstream.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                // One path for every subscriber: a sink asks for `.unlimited` when subscribed.
                upstream.subscribe(
                    TimeoutSubscription<Upstream, Context, Downstream>(
                        subscriber, interval: interval, scheduler: scheduler, options: options,
                        customError: customError))
            }
        }
    }

    extension Publisher {
        /// Ends the stream if the upstream sends nothing for `interval`.
        ///
        /// The deadline starts at the subscription and again with each value; when it passes,
        /// the upstream is cancelled and the stream finishes, or fails with `customError()`.
        /// Values and the completion are delivered on `scheduler`, and a subscriber's demand is
        /// passed on to the upstream.
        ///
        /// ```swift
        /// let reply = connection.replies
        ///     .timeout(.seconds(5), scheduler: DispatchQueue.main) { ConnectionError.silent }
        /// ```
        ///
        /// - Parameters:
        ///   - interval: How long it may stay quiet.
        ///   - scheduler: Where time is kept and events delivered.
        ///   - options: How the deadline and the deliveries are scheduled.
        ///   - customError: The error to fail with; finishes instead if `nil`.
        /// - Returns: A publisher that times out.
        public func timeout<S: Scheduler>(
            _ interval: S.SchedulerTimeType.Stride, scheduler: S,
            options: S.SchedulerOptions? = nil,
            customError: (() -> Failure)? = nil
        ) -> Publishers.Timeout<Self, S> {
            Publishers.Timeout(
                upstream: self, interval: interval, scheduler: scheduler, options: options,
                customError: customError)
        }
    }

    /// One subscription through `timeout`: the upstream's subscriber and the downstream's
    /// subscription, as Combine's operator's inner object is.
    ///
    /// Scheduled work (deliveries, the deadline) and upstream sends can run on different threads
    /// at once, so the state lives in a ``Gate``, and deliveries go out through it: one event at
    /// a time, nothing after the completion, a time-out or a cancel. The scheduler and
    /// `customError` are called outside the lock.
    ///
    /// What it leaves scheduled is Combine's: the upstream's completion and a cancel before the
    /// time-out cancel the deadline's repeating timer; the time-out does not, and nothing after
    /// it does, so the timer goes on firing, to no effect, every `interval` (OpenCombine's
    /// `Publishers.Timeout`, rewritten to pass its tests against iOS 14's Combine, and CombineX's
    /// both keep it; see *Differences from Combine*).
    // @unchecked: the mutable state is the gate's, behind its lock; the other fields are
    // constants (a scheduler may be used from any thread, as Combine's operators use it).
    private final class TimeoutSubscription<
        Upstream: Publisher, Context: Scheduler, Downstream: Subscriber
    >:
        // @unchecked: see above.
        Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        /// Where the subscription is: one stage at a time, each holding what it owns.
        enum Lifecycle {
            /// Waiting for the upstream's subscription, with the subscriber to hand this one to.
            case awaitingSubscription(Downstream)
            /// The upstream's subscription, until the upstream completes or the stream ends here.
            case subscribed(any Subscription)
            /// The upstream completed: its completion is on its way, after the values scheduled
            /// before it; the deadline no longer matters. Its subscription is kept until then, as
            /// Combine keeps it: a cancel meanwhile cancels it, and a delivered value's demand
            /// is still asked of it.
            case upstreamFinished(any Subscription)
            /// The upstream's completion went out.
            case completed
            /// Timed out: nothing more is asked or delivered. The deadline's timer is kept, and
            /// goes on firing (to no effect) for good, as Combine's does; a cancel does not stop it.
            case timedOut(timer: (any Cancellable)?)
            /// Cancelled: nothing more is asked, scheduled or delivered.
            case cancelled
            /// Cancelled before the upstream's subscription came: that subscription is left
            /// alone when it comes, as Combine's `timeout` leaves it.
            case cancelledBeforeSubscription

            /// The upstream's subscription, while it is kept.
            var upstream: (any Subscription)? {
                switch self {
                case .subscribed(let upstream), .upstreamFinished(let upstream): upstream
                case .awaitingSubscription, .timedOut, .cancelled, .cancelledBeforeSubscription,
                    .completed:
                    nil
                }
            }

            var isSubscribed: Bool {
                if case .subscribed = self { true } else { false }
            }

            /// Timed out or cancelled: nothing scheduled before is delivered.
            var isOver: Bool {
                switch self {
                case .timedOut, .cancelled, .cancelledBeforeSubscription, .completed: true
                case .awaitingSubscription, .subscribed, .upstreamFinished: false
                }
            }
        }

        struct State {
            var lifecycle: Lifecycle
            /// Whether the subscriber has asked for anything: its first request restarts the
            /// deadline, as Combine's does.
            var hasRequested = false
            /// Counts the deadlines armed: only the latest may time out.
            var deadline = 0
            /// The latest deadline's repeating timer, cancelled when it is replaced or not needed.
            var timer: (any Cancellable)?
        }

        /// The subscriber, held for this object's life, as Combine's inner object holds it: a
        /// cancel stops deliveries, but work already scheduled (a value, the completion, the
        /// deadline) holds this object, and so the subscriber, until the scheduler lets it go.
        private let downstream: Downstream
        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private let customError: (() -> Failure)?
        private let gate: Gate<State, Input, Failure>

        init(
            _ downstream: Downstream, interval: Context.SchedulerTimeType.Stride,
            scheduler: Context, options: Context.SchedulerOptions?, customError: (() -> Failure)?
        ) {
            self.downstream = downstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
            // The handlers hold the downstream until the completion or a cancel. A delivered
            // value's demand is asked of the upstream through the gate, reached weakly (this
            // object holds it); it is set before this object is shared, and is there while it
            // delivers.
            weak var delivering: Gate<State, Input, Failure>?
            let gate = Gate(
                State(lifecycle: .awaitingSubscription(downstream)),
                receiveValue: { value in
                    let more = downstream.receive(value)
                    guard more > 0 else { return }
                    // Unless the stream has ended meanwhile.
                    delivering?.update { state, _ in state.lifecycle.upstream }?.request(more)
                },
                receiveCompletion: { downstream.receive(completion: $0) })
            delivering = gate
            self.gate = gate
        }

        func receive(subscription: any Subscription) {
            let subscriber = gate.update { state, _ -> Downstream?? in
                if case .cancelledBeforeSubscription = state.lifecycle { return .some(nil) }
                guard case .awaitingSubscription(let subscriber) = state.lifecycle else {
                    return nil
                }
                state.lifecycle = .subscribed(subscription)
                return subscriber
            }
            guard let subscriber else { return subscription.cancel() }
            guard let subscriber else { return }
            // At once, on the subscribing thread, as Combine's: the scheduler moves values and
            // the completion, not the subscription. A value scheduled on another thread waits
            // for the hand-over to end.
            let (scheduler, options) = (scheduler, options)
            gate.handOver(
                { subscriber.receive(subscription: self) },
                resumingWith: { scheduler.schedule(options: options, $0) })
            // The deadline starts at the subscription, and again at the first request, as in
            // Combine, which arms both (a scheduler that records its calls sees two timers when
            // the subscriber asks as it is subscribed). The subscription's is armed after the
            // hand-over; the deadline is the same, as no time passes meanwhile. A scheduler that
            // runs it at once (`ImmediateScheduler`) stops the program, as Combine's does.
            restartDeadline()
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            // Nothing is scheduled before the subscription, after the completion, a time-out or
            // a cancel. A value is not counted against demand: the upstream was asked for it.
            guard gate.update({ state, _ in state.lifecycle.isSubscribed }) else {
                return .none
            }
            restartDeadline()
            scheduler.schedule(options: options) {
                self.gate.update { state, outbox in
                    guard !state.lifecycle.isOver else { return }
                    outbox.send(input)
                }
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            // The upstream has ended itself: the deadline no longer matters. Its subscription
            // is let go once the completion has gone out (a cancel before then cancels it).
            let timer = gate.update { state, _ -> (any Cancellable)?? in
                guard case .subscribed(let upstream) = state.lifecycle else { return nil }
                state.lifecycle = .upstreamFinished(upstream)
                state.deadline += 1
                return .some(state.timer.take())
            }
            guard let timer else { return }
            timer?.cancel()
            scheduler.schedule(options: options) {
                let upstream = self.gate.update { state, outbox -> (any Subscription)? in
                    guard !state.lifecycle.isOver else { return nil }
                    defer { state.lifecycle = .completed }
                    outbox.finish(completion)
                    return state.lifecycle.upstream
                }
                withExtendedLifetime(upstream) {}
            }
        }

        func request(_ demand: Subscribers.Demand) {
            let asked = gate.update { state, _ -> (upstream: any Subscription, isFirst: Bool)? in
                guard let upstream = state.lifecycle.upstream else { return nil }
                defer { state.hasRequested = true }
                return (upstream, !state.hasRequested)
            }
            guard let asked else { return }
            if asked.isFirst { restartDeadline() }
            asked.upstream.request(demand)
        }

        func cancel() {
            let (lifecycle, timer) = gate.update { state, _ in
                // After a time-out, a cancel changes nothing: the timer stays, as Combine's.
                guard case .timedOut = state.lifecycle else {
                    defer {
                        if case .awaitingSubscription = state.lifecycle {
                            state.lifecycle = .cancelledBeforeSubscription
                        } else {
                            state.lifecycle = .cancelled
                        }
                    }
                    return (state.lifecycle, state.timer.take())
                }
                return (Lifecycle.cancelled, nil)
            }
            // Nothing more is delivered, whatever was scheduled; the downstream is let go (the
            // subscriber too, if it was never handed this subscription).
            gate.cancel()
            timer?.cancel()
            lifecycle.upstream?.cancel()
            withExtendedLifetime(lifecycle) {}
        }

        /// Arms a new deadline `interval` from now, replacing the one before. The scheduler is
        /// called outside the lock, so two threads may arm at once: the later deadline wins, and
        /// each timer that is not kept is cancelled.
        private func restartDeadline() {
            let deadline = gate.update { state, _ -> Int? in
                guard state.lifecycle.isSubscribed else { return nil }
                state.deadline += 1
                return state.deadline
            }
            guard let deadline else { return }
            // Repeating, as Combine's: a timer that can be cancelled when the next replaces it;
            // it holds this subscription until then, as Combine's does.
            let (armingThread, armed) = (ThreadID.current, Locked(false))
            let timer = scheduler.schedule(
                after: scheduler.now.advanced(by: interval), interval: interval,
                tolerance: scheduler.minimumTolerance, options: options
            ) {
                // Combine arms the deadline under its lock, so a scheduler that runs it at once,
                // on the arming thread (`ImmediateScheduler`), re-enters that lock and traps.
                precondition(
                    armed.withLock { $0 } || !armingThread.isCurrent,
                    "timeout's scheduler ran the deadline while it was being armed: a timeout "
                        + "needs a scheduler that runs work later (not ImmediateScheduler)")
                self.timeOut(at: deadline)
            }
            armed.withLock { $0 = true }
            let unneeded = gate.update { state, _ -> (any Cancellable)? in
                guard !state.lifecycle.isOver, state.deadline == deadline else { return timer }
                defer { state.timer = timer }
                return state.timer
            }
            unneeded?.cancel()
        }

        /// Ends the stream if `deadline` is still the latest: cancels the upstream, then finishes
        /// (or fails with `customError()`). The timer that fired is kept, as Combine keeps it:
        /// it fires again every `interval`, and finds the stream over.
        private func timeOut(at deadline: Int) {
            let upstream = gate.update { state, _ -> (any Subscription)? in
                guard state.deadline == deadline, case .subscribed(let upstream) = state.lifecycle
                else { return nil }
                state.lifecycle = .timedOut(timer: state.timer.take())
                return upstream
            }
            guard let upstream else { return }
            upstream.cancel()
            // Made outside the lock: `customError` is the caller's code.
            let completion = customError.map { .failure($0()) } ?? Subscribers.Completion.finished
            gate.update { _, outbox in outbox.finish(completion) }
        }
    }

    extension TimeoutSubscription: CombineReflecting {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "Timeout" }
    }
#endif
