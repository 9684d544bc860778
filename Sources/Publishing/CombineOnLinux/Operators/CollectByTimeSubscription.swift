// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// One subscription through `collect(_:options:)`, as Combine's: values are grouped as they
    /// come, a group goes out when its interval ends (or, with a count, as soon as it is full)
    /// if the subscriber has asked for one, and the upstream is asked for values only as the
    /// subscriber asks (one at a time with `.byTime`; `count` per group asked for with
    /// `.byTimeOrCount`). When the upstream ends, the rest and the completion go out on the
    /// scheduler: a failure at once, dropping the rest; the finish after the rest, which waits
    /// for demand.
    ///
    /// The scheduler's ticks and the upstream's values may come on two threads at once; the
    /// subscriber is called through a ``SerialDownstream``, one event at a time.
    // @unchecked: every mutable field is in `state`, behind its lock; the subscriber is called
    // only through `downstream`, which serializes the calls.
    final class CollectByTimeSubscription<
        Upstream: Publisher, Context: Scheduler, Downstream: Subscriber
    >:
        // @unchecked: see above.
        Subscriber, Subscription, CombineReflecting, @unchecked Sendable
    where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum Lifecycle {
            case awaitingSubscription
            case subscribed(any Subscription)
            /// The upstream has ended; the rest and the completion go out on the scheduler.
            /// `awaitingDemand`: that work found a group left and nothing asked for, and a
            /// request schedules it again.
            case completing(Subscribers.Completion<Failure>, awaitingDemand: Bool)
            case terminal
        }

        /// What ``finish()`` does next, once the lock is released.
        private enum FinishStep {
            case send([Input])
            /// With what was left, dropped: released after the lock, as a release may run user
            /// code.
            case complete(Subscribers.Completion<Failure>, dropped: [Input])
        }

        private struct State {
            var lifecycle = Lifecycle.awaitingSubscription
            var group: [Input] = []
            /// What the subscriber has asked for and not yet been sent.
            var demand = Subscribers.Demand.none
            /// The repeating work that ends each interval, until the upstream ends or a cancel.
            var intervals: (any Cancellable)?
        }

        private let state = Locked(State())
        private let downstream: SerialDownstream<Downstream>
        private let scheduler: Context
        private let interval: Context.SchedulerTimeType.Stride
        /// The count of `.byTimeOrCount`; `nil` for `.byTime`.
        private let count: Int?
        private let options: Context.SchedulerOptions?

        var description: String { "CollectByTime" }

        init(
            _ downstream: Downstream, scheduler: Context,
            interval: Context.SchedulerTimeType.Stride, count: Int?,
            options: Context.SchedulerOptions?
        ) {
            self.downstream = SerialDownstream(downstream)
            self.scheduler = scheduler
            self.interval = interval
            self.count = count
            self.options = options
            // The demand a group's delivery returns when another thread delivered it.
            self.downstream.onLaterDemand { [weak self] more in self?.add(more) }
        }

        /// Starts the repeating work that ends each interval.
        func startIntervals() {
            let intervals = scheduler.schedule(
                after: scheduler.now.advanced(by: interval), interval: interval,
                tolerance: scheduler.minimumTolerance, options: options
            ) { [self] in intervalEnded() }
            let isOver = state.withLock { state in
                if case .terminal = state.lifecycle { return true }
                state.intervals = intervals
                return false
            }
            if isOver { intervals.cancel() }
        }

        // MARK: The upstream's subscriber

        func receive(subscription: any Subscription) {
            let isFirst = state.withLock { state in
                guard case .awaitingSubscription = state.lifecycle else { return false }
                state.lifecycle = .subscribed(subscription)
                return true
            }
            guard isFirst else { return subscription.cancel() }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let isFull = state.withLock { state -> Bool? in
                guard case .subscribed = state.lifecycle else { return nil }
                state.group.append(input)
                return count.map { state.group.count >= $0 } ?? false
            }
            guard let isFull else { return .none }
            guard let count else { return .max(1) }
            return isFull ? sendFullGroups() * count : .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let intervals = state.withLock { state -> (any Cancellable)?? in
                guard case .subscribed = state.lifecycle else { return nil }
                state.lifecycle = .completing(completion, awaitingDemand: false)
                return .some(state.intervals.take())
            }
            guard let intervals else { return }
            intervals?.cancel()
            scheduler.schedule(options: options) { [self] in finish() }
        }

        // MARK: The subscriber's subscription

        func request(_ demand: Subscribers.Demand) {
            let (upstream, resumesFinish) = state.withLock {
                state -> ((any Subscription)?, Bool) in
                switch state.lifecycle {
                case .subscribed(let upstream):
                    state.demand += demand
                    return (upstream, false)
                case .completing(let completion, let awaitingDemand):
                    state.demand += demand
                    state.lifecycle = .completing(completion, awaitingDemand: false)
                    return (nil, awaitingDemand)
                case .awaitingSubscription, .terminal:
                    return (nil, false)
                }
            }
            if let upstream {
                if let count {
                    upstream.request(demand * count)
                    // Full groups held back for want of demand go first.
                    let more = sendFullGroups()
                    if more > .none { upstream.request(more * count) }
                } else {
                    upstream.request(.max(1))
                }
            }
            if resumesFinish { scheduler.schedule(options: options) { [self] in finish() } }
        }

        func cancel() {
            let (upstream, intervals, group) = state.withLock { state in
                defer {
                    state.lifecycle = .terminal
                    state.group = []
                }
                let upstream: (any Subscription)? =
                    if case .subscribed(let upstream) = state.lifecycle { upstream } else { nil }
                return (upstream, state.intervals.take(), state.group)
            }
            intervals?.cancel()
            upstream?.cancel()
            downstream.cancel()
            // What was collected is released after the lock: a release may run user code.
            withExtendedLifetime(group) {}
        }

        // MARK: Delivering

        /// Adds demand a delivery returned.
        private func add(_ more: Subscribers.Demand) {
            guard more > .none else { return }
            state.withLock { $0.demand += more }
        }

        /// Takes the next group to send: with a count, at most that many values.
        private static func takeGroup(from state: inout State, count: Int?) -> [Input] {
            guard let count, state.group.count > count else {
                defer { state.group = [] }
                return state.group
            }
            defer { state.group.removeFirst(count) }
            return Array(state.group.prefix(count))
        }

        /// At the end of an interval: the group, if there is one and the subscriber asked.
        private func intervalEnded() {
            let group = state.withLock { state -> [Input]? in
                guard case .subscribed = state.lifecycle, !state.group.isEmpty,
                    state.demand > .none
                else { return nil }
                state.demand -= 1
                return Self.takeGroup(from: &state, count: count)
            }
            guard let group else { return }
            add(downstream.send(group))
        }

        /// Sends every full group the subscriber has asked for; returns the demand their
        /// deliveries added.
        private func sendFullGroups() -> Subscribers.Demand {
            guard let count else { return .none }
            var added = Subscribers.Demand.none
            while true {
                let group = state.withLock { state -> [Input]? in
                    guard case .subscribed = state.lifecycle, state.group.count >= count,
                        state.demand > .none
                    else { return nil }
                    state.demand -= 1
                    return Self.takeGroup(from: &state, count: count)
                }
                guard let group else { return added }
                let more = downstream.send(group)
                add(more)
                added += more
            }
        }

        /// On the scheduler, after the upstream ended: the rest, then the completion.
        private func finish() {
            while true {
                let step = state.withLock { state -> FinishStep? in
                    guard case .completing(let completion, _) = state.lifecycle else { return nil }
                    if case .finished = completion, !state.group.isEmpty {
                        guard state.demand > .none else {
                            state.lifecycle = .completing(completion, awaitingDemand: true)
                            return nil
                        }
                        state.demand -= 1
                        return .send(Self.takeGroup(from: &state, count: count))
                    }
                    // A failure drops what is left.
                    defer { state.group = [] }
                    state.lifecycle = .terminal
                    return .complete(completion, dropped: state.group)
                }
                switch step {
                case .send(let group)?:
                    add(downstream.send(group))
                case .complete(let completion, let dropped)?:
                    withExtendedLifetime(dropped) {}
                    downstream.complete(completion)
                    return
                case nil:
                    return
                }
            }
        }
    }
#endif
