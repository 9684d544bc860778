// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that sends at most one value per interval: the first or the latest.
        public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher throttled.
            public let upstream: Upstream
            /// The interval.
            public let interval: Context.SchedulerTimeType.Stride
            /// Where time is kept and values delivered.
            public let scheduler: Context
            /// Whether to send the latest value of an interval (`true`) or its first.
            public let latest: Bool

            /// Creates a publisher that sends at most one of `upstream`'s values per `interval`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher throttled.
            ///   - interval: The interval.
            ///   - scheduler: Where time is kept and values delivered.
            ///   - latest: Whether to send an interval's latest value (`true`) or its first.
            public init(
                upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
                latest: Bool
            ) {
                self.upstream = upstream
                self.interval = interval
                self.scheduler = scheduler
                self.latest = latest
            }

            /// Attaches `subscriber`, as Combine's throttle does: the upstream is asked for every
            /// value; a value that finds nothing scheduled, and the subscriber's demand, is
            /// scheduled for the end of the interval since the last one sent (at once on the
            /// scheduler if that has passed); until it goes out, a later value replaces it
            /// (`latest`) or is dropped; a value that comes while nothing is asked for is
            /// dropped, as is one after the upstream's completion. The completion goes out after
            /// a scheduled value, or alone on the scheduler.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                upstream.subscribe(
                    ThrottleSubscription<Upstream, Context, Downstream>(
                        subscriber, interval: interval, scheduler: scheduler, latest: latest))
            }
        }
    }

    /// One subscription through `throttle`: the upstream's subscriber and the downstream's
    /// subscription. Values and the completion are scheduled from the upstream's thread and go
    /// out on the scheduler's, through a ``SerialDownstream``.
    // @unchecked: every mutable field is in `state`, behind its lock; the others are constants
    // (a scheduler may be used from any thread) and `downstream` locks itself.
    private final class ThrottleSubscription<
        Upstream: Publisher, Context: Scheduler, Downstream: Subscriber
    >:
        // @unchecked: see above.
        Subscriber, Subscription, @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        /// Where the subscription is: one state at a time, each holding what it owns.
        private enum Lifecycle {
            case awaitingSubscription
            case subscribed(any Subscription)
            /// The upstream completed: its completion waits to go out, after a scheduled value.
            case completing(Subscribers.Completion<Failure>)
            /// Cancelled, or the completion went out: nothing more is scheduled or sent.
            case terminal

            var isTerminal: Bool {
                if case .terminal = self { true } else { false }
            }

            var isCompleting: Bool {
                if case .completing = self { true } else { false }
            }

            var isSubscribed: Bool {
                if case .subscribed = self { true } else { false }
            }

            /// Whether the upstream's events are still taken: before its completion and a cancel.
            var takesEvents: Bool {
                switch self {
                case .awaitingSubscription, .subscribed: true
                case .completing, .terminal: false
                }
            }
        }

        private struct State {
            var lifecycle = Lifecycle.awaitingSubscription
            /// What the subscriber asked for and has not been sent or promised.
            var demand = Subscribers.Demand.none
            var pendingValue: Input?
            var lastSent: Context.SchedulerTimeType?
            /// Values taken to be sent and still going out: a completion that comes meanwhile
            /// waits for them (on a concurrent scheduler, another thread could send it first).
            var emitting = 0
        }

        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let latest: Bool
        private let downstream: SerialDownstream<Downstream>
        private let state = Locked(State())

        init(
            _ downstream: Downstream, interval: Context.SchedulerTimeType.Stride,
            scheduler: Context, latest: Bool
        ) {
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
            self.downstream = SerialDownstream(downstream)
            self.downstream.onLaterDemand { [weak self] more in self?.request(more) }
            // Combine's throttle reads the time when it is made, when it is subscribed, at each
            // event it takes, and when it sends a value alone: the same reads here, so that a
            // scheduler that records what it is asked sees Combine's calls.
            _ = scheduler.now
        }

        func receive(subscription: any Subscription) {
            let isKept = state.withLock { state in
                guard case .awaitingSubscription = state.lifecycle else { return false }
                state.lifecycle = .subscribed(subscription)
                return true
            }
            guard isKept else { return subscription.cancel() }
            _ = scheduler.now
            // The subscriber first, so that a value sent while the upstream is asked (a
            // `@Published` property's current value) meets its demand: Apple's throttle sends
            // it (heckj/swiftui-notes DebounceAndThrottleTests, run on iOS 14.1, record it).
            downstream.receive(subscription: self)
            // Unless the subscriber cancelled while it was handed the subscription.
            if !state.withLock({ $0.lifecycle.isTerminal }) { subscription.request(.unlimited) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            // Nothing is taken before the subscription, after the upstream's completion or a
            // cancel (not even the time).
            guard state.withLock({ $0.lifecycle.isSubscribed }) else { return .none }
            let now = scheduler.now
            // A value replaced is released after the lock: a release may run user code.
            var replaced: Input?
            let emission = state.withLock { state -> Context.SchedulerTimeType? in
                // As Combine's: without demand a value is dropped, even one that would replace
                // a scheduled value.
                guard state.lifecycle.isSubscribed, state.demand > .none else { return nil }
                guard state.pendingValue == nil else {
                    if latest {
                        replaced = state.pendingValue.take()
                        state.pendingValue = input
                    }
                    return nil
                }
                state.demand -= 1
                state.pendingValue = input
                return state.lastSent.map { Swift.max(now, $0.advanced(by: interval)) } ?? now
            }
            withExtendedLifetime(replaced) {}
            // Scheduled outside the lock: a scheduler may run the action at once.
            if let emission {
                if emission == now {
                    scheduler.schedule { [weak self] in self?.emit() }
                } else {
                    scheduler.schedule(after: emission) { [weak self] in self?.emit() }
                }
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard state.withLock({ $0.lifecycle.takesEvents }) else { return }
            _ = scheduler.now
            let (schedulesAlone, upstream) = state.withLock { state in
                let upstream: (any Subscription)?
                switch state.lifecycle {
                case .awaitingSubscription: upstream = nil
                case .subscribed(let subscription): upstream = subscription
                case .completing, .terminal: return (false, (any Subscription)?.none)
                }
                let isScheduled = state.pendingValue != nil || state.emitting > 0
                state.lifecycle = .completing(completion)
                return (!isScheduled, upstream)
            }
            // The upstream has ended itself: let go, not cancelled.
            withExtendedLifetime(upstream) {}
            if schedulesAlone { scheduler.schedule { [weak self] in self?.emit() } }
        }

        func request(_ demand: Subscribers.Demand) {
            state.withLock { state in
                if !state.lifecycle.isTerminal { state.demand += demand }
            }
        }

        func cancel() {
            let (lifecycle, pending) = state.withLock { state in
                defer { state.lifecycle = .terminal }
                return (state.lifecycle, state.pendingValue.take())
            }
            if case .subscribed(let upstream) = lifecycle { upstream.cancel() }
            downstream.cancel()
            withExtendedLifetime(pending) {}
        }

        /// Sends what is scheduled: the value, then the completion.
        private func emit() {
            // The time is read only for a value that goes out alone, to count the next interval
            // from (Combine's reads); a value that goes out with the completion starts none.
            let sendsValueAlone = state.withLock { state in
                state.pendingValue != nil
                    && !state.lifecycle.isTerminal && !state.lifecycle.isCompleting
            }
            let now = sendsValueAlone ? scheduler.now : nil
            let (value, completion) = state.withLock { state in
                guard !state.lifecycle.isTerminal else {
                    return (Input?.none, Subscribers.Completion<Failure>?.none)
                }
                let value = state.pendingValue.take()
                var completion: Subscribers.Completion<Failure>?
                switch state.lifecycle {
                case .terminal:
                    break
                case .completing(let pending):
                    completion = pending
                    state.lifecycle = .terminal
                case .awaitingSubscription, .subscribed:
                    if value != nil {
                        state.lastSent = now ?? state.lastSent
                        state.emitting += 1
                    }
                }
                return (value, completion)
            }
            if value != nil, completion == nil, now == nil {
                // A value scheduled while this emission was under way, on another thread: the
                // interval still counts from when it goes out.
                let sent = scheduler.now
                state.withLock { $0.lastSent = sent }
            }
            if let value {
                let more = downstream.send(value)
                if more > .none { request(more) }
            }
            if let completion {
                downstream.complete(completion)
            } else if value != nil {
                // A completion that came while the value went out goes after it, unless a new
                // value was scheduled meanwhile (the completion then goes out with that one).
                let late = state.withLock { state -> Subscribers.Completion<Failure>? in
                    state.emitting -= 1
                    guard state.emitting == 0, state.pendingValue == nil,
                        case .completing(let completion) = state.lifecycle
                    else { return nil }
                    state.lifecycle = .terminal
                    return completion
                }
                if let late { downstream.complete(late) }
            }
        }
    }

    extension Publisher {
        /// Sends at most one value per `interval`: the first or the latest of each.
        ///
        /// - Parameters:
        ///   - interval: The interval.
        ///   - scheduler: Where time is kept and values delivered.
        ///   - latest: Whether to send an interval's latest value (`true`) or its first.
        /// - Returns: A throttled publisher.
        public func throttle<S: Scheduler>(
            for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool
        ) -> Publishers.Throttle<Self, S> {
            Publishers.Throttle(
                upstream: self, interval: interval, scheduler: scheduler, latest: latest)
        }
    }

    extension ThrottleSubscription: CombineReflecting {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "Throttle" }
    }
#endif
