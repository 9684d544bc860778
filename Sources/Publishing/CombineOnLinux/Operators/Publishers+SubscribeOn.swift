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
                let upstream = upstream
                let link = UpstreamLink()
                scheduler.schedule(options: options) {
                    link.attach(
                        upstream.sink(
                            receiveCompletion: receiveCompletion, receiveValue: receiveValue))
                }
                return AnyCancellable { link.cancel() }
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
        private struct State {
            var downstream: Downstream?
            var upstream: (any Subscription)?
            var isCancelled = false
        }

        private let state: Locked<State>
        private let schedule: (@escaping () -> Void) -> Void

        init(_ downstream: Downstream, schedule: @escaping (@escaping () -> Void) -> Void) {
            state = Locked(State(downstream: downstream))
            self.schedule = schedule
        }

        func receive(subscription: any Subscription) {
            let downstream = state.withLock { state -> Downstream? in
                guard state.upstream == nil, !state.isCancelled else { return nil }
                state.upstream = subscription
                return state.downstream
            }
            guard let downstream else { return subscription.cancel() }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            state.withLock { $0.downstream }?.receive(input) ?? .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let downstream = state.withLock { state in
                state.upstream = nil
                return state.downstream.take()
            }
            downstream?.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            guard let upstream = state.withLock({ $0.upstream }) else { return }
            schedule { upstream.request(demand) }
        }

        func cancel() {
            let (upstream, downstream) = state.withLock { state in
                state.isCancelled = true
                return (state.upstream.take(), state.downstream.take())
            }
            withExtendedLifetime(downstream) {}
            guard let upstream else { return }
            schedule { upstream.cancel() }
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

    extension SubscribedOn: CustomStringConvertible {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "SubscribeOn" }
    }
#endif
