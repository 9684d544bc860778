// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// One subscription through `flatMap`: the upstream's subscriber, the inner publishers'
    /// (through ``Side``), and the downstream's subscription, as Combine's is.
    ///
    /// As in Combine, while the subscriber's demand is limited each inner publisher is asked for
    /// one value at a time: a value that comes with nothing asked for is kept (one per inner
    /// publisher, which was asked for no more), sent in the order kept when the subscriber asks,
    /// and its inner publisher is then asked for one more. Once the demand is unlimited, every
    /// inner publisher is asked for every value. The upstream is asked for `maxPublishers`
    /// values, then for one more each time an inner publisher finishes.
    ///
    /// One thread delivers at a time: a value that comes while another thread delivers is kept
    /// and sent by that one; a delivery nested on the delivering thread (a value an inner
    /// publisher sends from inside the subscriber's `receive`) goes out at once, as Combine's.
    ///
    /// Inlinable, so that it is specialised where the publishers' types are known and looks up
    /// no generic metadata of its state on a value's path.
    @usableFromInline
    // @unchecked: every mutable field is in `state`, behind its lock; the downstream, the
    // upstream's subscription and the inner publishers' are called after the lock is released.
    final class FlatMapSubscription<
        NewPublisher: Publisher, Upstream: Publisher, Downstream: Subscriber
    >:
        // @unchecked: see above.
        Subscriber, Subscription, @unchecked Sendable
    where
        NewPublisher.Failure == Upstream.Failure, Downstream.Input == NewPublisher.Output,
        Downstream.Failure == Upstream.Failure
    {
        @usableFromInline
        typealias Input = Upstream.Output
        @usableFromInline
        typealias Failure = Upstream.Failure
        @usableFromInline
        typealias Value = NewPublisher.Output

        /// How the upstream or an inner publisher is attached.
        @usableFromInline
        enum Link {
            /// Subscribed, its subscription not received yet.
            case pending
            /// Subscribed: asked for values through its subscription.
            case subscription(any Subscription)
            /// One of the package's own publishers, attached as a sink while the subscriber asks
            /// for every value: its closures go straight in, with nothing to count.
            case sunk(AnyCancellable)

            @inlinable
            var subscription: (any Subscription)? {
                if case .subscription(let subscription) = self { subscription } else { nil }
            }

            @inlinable
            func cancel() {
                switch self {
                case .pending: break
                case .subscription(let subscription): subscription.cancel()
                case .sunk(let token): token.cancel()
                }
            }
        }

        /// Where the upstream stands.
        @usableFromInline
        enum UpstreamStatus {
            /// Not attached yet.
            case awaiting
            case attached(Link)
            /// Finished, or let go of when the stream ended: nothing more comes from it.
            case ended

            @inlinable
            var link: Link? {
                if case .attached(let link) = self { link } else { nil }
            }

            @inlinable
            var isEnded: Bool {
                if case .ended = self { true } else { false }
            }

            /// Ends it; returns its link, to be cancelled or released after the lock.
            @inlinable
            mutating func end() -> Link? {
                defer { self = .ended }
                return link
            }
        }

        /// What becomes of a value an inner publisher sends.
        @usableFromInline
        enum Outcome {
            case ignored
            case kept
            case delivered(Downstream, isUnlimited: Bool)
        }

        /// Where the stream stands, holding the subscriber until the subscription is cancelled.
        @usableFromInline
        enum Stage {
            /// Values are taken and delivered.
            case open(Downstream)
            /// Nothing more is taken: a failure waits for the thread that delivers to finish its
            /// delivery.
            case failing(Downstream, Failure)
            /// The completion sent: only an inner publisher's value still goes out, within what
            /// is still asked for, as Combine's sends it.
            case completed(Downstream)
            /// Cancelled.
            case closed

            @inlinable
            var isOpen: Bool {
                if case .open = self { true } else { false }
            }

            @inlinable
            var downstream: Downstream? {
                if case .open(let downstream) = self { downstream } else { nil }
            }

            @inlinable
            var completedDownstream: Downstream? {
                if case .completed(let downstream) = self { downstream } else { nil }
            }
        }

        /// What a turn of ``drain(adding:)`` delivers once the lock is released.
        @usableFromInline
        enum Delivery {
            case value(Downstream, Value, askAgain: (any Subscription)?)
            case completion(Downstream, Subscribers.Completion<Failure>, released: Link?)
        }

        @usableFromInline
        struct State {
            @usableFromInline var stage: Stage
            @usableFromInline var upstream = UpstreamStatus.awaiting
            /// The inner publishers running, by the order their upstream values came in.
            @usableFromInline var inners: [Int: Link] = [:]
            @usableFromInline var nextInner = 0
            /// What the subscriber has asked for and not yet been sent.
            @usableFromInline var demand = Subscribers.Demand.none
            /// Values that came with nothing asked for, with their inner publisher.
            @usableFromInline var kept = FIFO<(inner: Int, value: Value)>()
            /// Whose turn it is to call the subscriber. Unlike a subject's, a request the
            /// subscriber makes from inside a delivery is served by that delivery's loop once the
            /// subscriber returns, not nested deeper, as Combine's `flatMap` serves it.
            @usableFromInline var turn = DeliveryTurn()
            /// The thread cancelling the inner publishers for the upstream's failure, while it
            /// does: Combine's cancels them holding its lock, so an upstream event they cause
            /// on that thread stops the program.
            @usableFromInline var cancellingForUpstreamFailure: ThreadID?

            @inlinable
            init(downstream: Downstream) {
                stage = .open(downstream)
            }
        }

        @usableFromInline let state: Locked<State>
        @usableFromInline let maxPublishers: Subscribers.Demand
        @usableFromInline let transform: (Input) -> NewPublisher

        @inlinable
        init(
            _ downstream: Downstream, maxPublishers: Subscribers.Demand,
            transform: @escaping (Input) -> NewPublisher
        ) {
            state = Locked(State(downstream: downstream))
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        /// Subscribes to `upstream`, after the subscriber has this subscription: the upstream
        /// sees this subscription as its subscriber, as Combine's does; but one of the
        /// package's own publishers, which sees no subscriber, takes the closures, as a sink
        /// does, when every value is asked for (as Combine's asks for `.unlimited`).
        @inlinable
        func start(_ upstream: Upstream) {
            guard state.withLock({ $0.stage.isOpen }) else { return }
            guard maxPublishers == .unlimited, upstream is any ClosurePublisher else {
                return upstream.subscribe(self)
            }
            let token = upstream.sink(
                receiveCompletion: { [self] in receive(completion: $0) },
                receiveValue: { [self] in _ = receive($0) })
            // Ended while subscribing (cancelled, or failed): cancelled; finished: let go of.
            let isEnded = state.withLock { state in
                guard state.stage.isOpen else { return true }
                if case .awaiting = state.upstream { state.upstream = .attached(.sunk(token)) }
                return false
            }
            if isEnded { token.cancel() }
        }

        // MARK: The upstream's subscriber

        @inlinable
        func receive(subscription: any Subscription) {
            let isKept = state.withLock { state in
                guard state.stage.isOpen, case .awaiting = state.upstream else {
                    return false
                }
                state.upstream = .attached(.subscription(subscription))
                return true
            }
            guard isKept else { return subscription.cancel() }
            // Even `.none`, as Combine's asks (OpenCombine's FlatMapTests, run against it).
            subscription.request(maxPublishers)
        }

        @inlinable
        func receive(_ input: Input) -> Subscribers.Demand {
            let started = state.withLock { state -> (index: Int, isUnlimited: Bool)? in
                trapIfCancellingForUpstreamFailure(state, "a value")
                guard state.stage.isOpen else { return nil }
                let index = state.nextInner
                state.nextInner += 1
                state.inners[index] = .pending
                return (index, state.demand == .unlimited)
            }
            guard let started else { return .none }
            // The upstream is asked for more through its subscription, never through what this
            // returns: an inner publisher that finishes at once asks for the next from in here.
            let inner = transform(input)
            // The package's own publishers see no subscriber of their own, so where every
            // value is asked for they take the closures, as a sink does: a `Just` costs no
            // subscription. Any other publisher meets flatMap's own subscriber, as Combine's.
            if started.isUnlimited, inner is any ClosurePublisher {
                sink(inner, as: started.index)
            } else {
                inner.subscribe(Side(self, index: started.index))
            }
            return .none
        }

        @inlinable
        func receive(completion: Subscribers.Completion<Failure>) {
            let keptAfterEnd = state.withLock { state -> Link? in
                trapIfCancellingForUpstreamFailure(state, "a completion")
                // After the stream's end, the upstream's own lets go of what is still kept of
                // it: a sink's token, after an inner publisher's failure.
                return state.stage.isOpen ? nil : state.upstream.end()
            }
            guard keptAfterEnd == nil else { return withExtendedLifetime(keptAfterEnd) {} }
            switch completion {
            case .finished:
                let link = state.withLock { state -> Link?? in
                    guard state.stage.isOpen else { return nil }
                    return .some(state.upstream.end())
                }
                guard let link else { return }
                // Released after the lock (a release may run user code); not cancelled, as a
                // finished upstream is not in Combine.
                withExtendedLifetime(link) {}
                drain()
            case .failure(let error):
                fail(error, by: nil)
            }
        }

        // MARK: The downstream's subscription

        @inlinable
        func request(_ demand: Subscribers.Demand) {
            // Combine's flatMap stops the program here (OpenCombine's FlatMapTests, run against
            // it).
            demand.requireSomeValues()
            let (isNested, toUnlimit) = state.withLock { state in
                guard state.stage.isOpen else {
                    return (true, [any Subscription]())
                }
                let wasUnlimited = state.demand == .unlimited
                state.demand += demand
                let toUnlimit =
                    !wasUnlimited && state.demand == .unlimited
                    ? state.inners.values.compactMap(\.subscription) : []
                return (state.turn.isInsideDelivery, toUnlimit)
            }
            // Asked for from inside a delivery on its thread: that delivery goes on with it
            // when the subscriber returns, rather than deliveries nested deeper.
            if !isNested { drain() }
            for subscription in toUnlimit { subscription.request(.unlimited) }
        }

        @inlinable
        func cancel() {
            // Taken out under the lock and released after it: a release may run user code.
            let (stage, upstream, inners, kept) = state.withLock { state in
                defer {
                    state.stage = .closed
                    state.inners = [:]
                    state.kept = FIFO()
                }
                return (state.stage, state.upstream.end(), state.inners, state.kept)
            }
            for link in inners.values { link.cancel() }
            upstream?.cancel()
            withExtendedLifetime((stage, kept)) {}
        }
    }

    extension FlatMapSubscription {
        /// Stops the program if the upstream sends `what` from inside the cancellation of the
        /// inner publishers for its failure, on the cancelling thread: Combine's cancels them
        /// holding its lock, which the upstream's event takes again (OpenCombine's
        /// testCrashesWhenUpstreamFailsDuringChildCancellation, run against it).
        @inlinable
        func trapIfCancellingForUpstreamFailure(_ state: State, _ what: String) {
            precondition(
                state.cancellingForUpstreamFailure?.isCurrent != true,
                "flatMap's upstream sent \(what) while its inner publishers were being cancelled for its failure"
            )
        }
    }

    extension FlatMapSubscription: CustomStringConvertible {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        @usableFromInline var description: String { "FlatMap" }
    }

    extension FlatMapSubscription: CombineReflecting {}
#endif
