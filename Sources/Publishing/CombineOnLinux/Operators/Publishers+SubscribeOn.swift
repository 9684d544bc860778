// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Scheduled work and upstream sends can run on different threads at once, so this delivers
    // through a ``Gate``: one event at a time, nothing after the completion or a cancel.

    extension Publishers {
        /// A publisher that subscribes to its upstream on a scheduler.
        public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher subscribed to.
            public let upstream: Upstream
            /// Where the subscription is made.
            public let scheduler: Context
            /// How it is scheduled.
            public let options: Context.SchedulerOptions?

            /// Subscribes to `upstream` on `scheduler`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher subscribed to.
            ///   - scheduler: Where the subscription is made.
            ///   - options: How it is scheduled.
            public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?)
            {
                self.upstream = upstream
                self.scheduler = scheduler
                self.options = options
            }

            /// Schedules the subscription to the upstream; a cancel before it runs prevents it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (upstream, scheduler, options) = (upstream, scheduler, options)
                let link = UpstreamLink()
                // Nothing is delivered after the cancel, at once; the upstream is cancelled as
                // work on the scheduler once it is subscribed to, as Combine's does
                // (OpenCombine's SubscribeOnTests.testCancelImmediatelyAfterRequest, run against
                // Apple's Combine too), so that work is due on the scheduler until it runs.
                let isCancelled = Locked(false)
                let isAttached = Locked(false)
                scheduler.schedule(options: options) {
                    link.attach(
                        upstream.sink(
                            receiveCompletion: { completion in
                                guard !isCancelled.withLock({ $0 }) else { return }
                                receiveCompletion(completion)
                            },
                            receiveValue: { value in
                                guard !isCancelled.withLock({ $0 }) else { return }
                                receiveValue(value)
                            }))
                    isAttached.withLock { $0 = true }
                }
                return AnyCancellable {
                    let wasCancelled = isCancelled.withLock { cancelled in
                        defer { cancelled = true }
                        return cancelled
                    }
                    guard !wasCancelled else { return }
                    guard isAttached.withLock({ $0 }) else { return link.cancel() }
                    scheduler.schedule(options: options) { link.cancel() }
                }
            }

            /// Attaches `subscriber` as Combine's does: the upstream is subscribed to, and each
            /// request and the cancel are made, as work on the scheduler; values and the
            /// completion pass straight through, none after a cancel.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                guard !attachIfSink(subscriber) else { return }
                let (upstream, scheduler, options) = (upstream, scheduler, options)
                let inner = SubscribedOn<Output, Failure, Downstream>(subscriber) { work in
                    scheduler.schedule(options: options, work)
                }
                scheduler.schedule(options: options) { upstream.subscribe(inner) }
            }
        }
    }

    /// One subscription through `subscribe(on:)`: requests and the cancel go to the upstream as
    /// scheduled work, events come straight through.
    // @unchecked: the mutable fields are in `state`, behind its lock; `schedule` holds the
    // operator's scheduler, which any thread may use.
    private final class SubscribedOn<Input, Failure: Error, Downstream: Subscriber>: Subscriber,
        // @unchecked: see above.
        Subscription, @unchecked Sendable
    where Downstream.Input == Input, Downstream.Failure == Failure {
        /// Where the subscription is: one state at a time, each holding what it owns.
        private enum Lifecycle {
            /// Waiting for the upstream's subscription, which the subscriber is then handed.
            case awaitingSubscription(Downstream)
            /// Values and the completion pass from the upstream to the subscriber.
            case subscribed(any Subscription, Downstream)
            /// The upstream completed, or this was cancelled: a second subscription is cancelled,
            /// and nothing more passes.
            case terminal
            /// Cancelled before the upstream's subscription came: that subscription is left
            /// alone when it comes, as Combine's `subscribe(on:)` leaves it.
            case cancelledBeforeSubscription
        }

        private let state: Locked<Lifecycle>
        /// The thread asking the upstream for values, while it does: a request that comes back
        /// on it, from inside the upstream's `request`, stops the program, as Combine's does
        /// (it asks under a lock that does not let the same thread in twice).
        private let requesting = Locked<ThreadID?>(nil)
        /// Held for the subscription's life, as Combine's inner object holds it: a subscriber that
        /// keeps its subscription is kept with it, and a scheduled request or cancel keeps both
        /// until it has run.
        private let downstream: Downstream
        private let schedule: (@escaping () -> Void) -> Void

        init(_ downstream: Downstream, schedule: @escaping (@escaping () -> Void) -> Void) {
            state = Locked(.awaitingSubscription(downstream))
            self.downstream = downstream
            self.schedule = schedule
        }

        func receive(subscription: any Subscription) {
            let downstream = state.withLock { state -> Downstream?? in
                if case .cancelledBeforeSubscription = state { return .some(nil) }
                guard case .awaitingSubscription(let downstream) = state else { return nil }
                state = .subscribed(subscription, downstream)
                return downstream
            }
            guard let downstream else { return subscription.cancel() }
            guard let downstream else { return }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let downstream = state.withLock { state -> Downstream? in
                if case .subscribed(_, let downstream) = state { downstream } else { nil }
            }
            return downstream?.receive(input) ?? .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let ended = state.withLock { state in
                defer { state = .terminal }
                return state
            }
            // The upstream has ended itself: let go, not cancelled.
            if case .subscribed(_, let downstream) = ended {
                downstream.receive(completion: completion)
            }
        }

        func request(_ demand: Subscribers.Demand) {
            let upstream = state.withLock { state -> (any Subscription)? in
                if case .subscribed(let upstream, _) = state { upstream } else { nil }
            }
            guard let upstream else { return }
            schedule { withExtendedLifetime(self) { self.ask(upstream, for: demand) } }
        }

        /// Asks `upstream` for `demand`, on the scheduler: see ``requesting``.
        private func ask(_ upstream: any Subscription, for demand: Subscribers.Demand) {
            let marks = requesting.withLock { requesting in
                if let thread = requesting {
                    precondition(
                        !thread.isCurrent,
                        "SubscribeOn was asked for values from inside its upstream's request")
                    return false
                }
                requesting = ThreadID.current
                return true
            }
            upstream.request(demand)
            if marks { requesting.withLock { $0 = nil } }
        }

        func cancel() {
            let ended = state.withLock { state in
                defer {
                    if case .awaitingSubscription = state {
                        state = .cancelledBeforeSubscription
                    } else {
                        state = .terminal
                    }
                }
                return state
            }
            withExtendedLifetime(ended) {}
            guard case .subscribed(let upstream, _) = ended else { return }
            schedule { withExtendedLifetime(self) { upstream.cancel() } }
        }
    }

    extension Publisher {
        /// Subscribes to this publisher on `scheduler`.
        ///
        /// - Parameters:
        ///   - scheduler: Where to subscribe.
        ///   - options: How to schedule the subscription.
        /// - Returns: A publisher that subscribes on `scheduler`.
        public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
            -> Publishers.SubscribeOn<Self, S>
        {
            Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
        }
    }

    extension SubscribedOn: CombineReflecting {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "SubscribeOn" }
    }
#endif
