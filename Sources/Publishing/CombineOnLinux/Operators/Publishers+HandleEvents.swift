// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that runs side effects as events pass through, forwarding them unchanged.
        public struct HandleEvents<Upstream: Publisher>: Publisher {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose events are observed.
            public let upstream: Upstream
            /// Runs when a subscription is made, before any value.
            public let receiveSubscription: ((any Subscription) -> Void)?
            /// Runs before each value is forwarded.
            public let receiveOutput: ((Output) -> Void)?
            /// Runs before the completion is forwarded.
            public let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
            /// Runs when the subscription is cancelled.
            public let receiveCancel: (() -> Void)?
            /// Runs with each demand the subscriber asks for.
            public let receiveRequest: ((Subscribers.Demand) -> Void)?

            /// Creates a publisher that runs the side effects as events pass through.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose events are observed.
            ///   - receiveSubscription: Runs when a subscription is made, before any value.
            ///   - receiveOutput: Runs before each value is forwarded.
            ///   - receiveCompletion: Runs before the completion is forwarded.
            ///   - receiveCancel: Runs when the subscription is cancelled.
            ///   - receiveRequest: Runs with each demand the subscriber asks for.
            public init(
                upstream: Upstream,
                receiveSubscription: ((any Subscription) -> Void)? = nil,
                receiveOutput: ((Output) -> Void)? = nil,
                receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
                receiveCancel: (() -> Void)? = nil,
                receiveRequest: ((Subscribers.Demand) -> Void)?
            ) {
                self.upstream = upstream
                self.receiveSubscription = receiveSubscription
                self.receiveOutput = receiveOutput
                self.receiveCompletion = receiveCompletion
                self.receiveCancel = receiveCancel
                self.receiveRequest = receiveRequest
            }

            /// Attaches `subscriber` through the side effects; its demand goes to the upstream.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let hooks = EventHooks<Output, Failure>(
                    subscription: receiveSubscription, output: receiveOutput,
                    demandAfterOutput: receiveRequest, completion: receiveCompletion,
                    cancel: receiveCancel, request: receiveRequest)
                upstream.subscribe(
                    ObservedSubscription(subscriber, of: Self.self, hooks: hooks, for: .untilEnd))
            }
        }
    }

    extension Publisher {
        /// Runs side effects as the subscription is made, values and the completion pass
        /// through, and the subscription is cancelled, forwarding every event unchanged.
        ///
        /// ```swift
        /// service.fetchItems()
        ///     .handleEvents(receiveSubscription: { _ in self.isLoading = true })
        /// ```
        ///
        /// - Parameters:
        ///   - receiveSubscription: Runs when a subscription is made, before any value.
        ///   - receiveOutput: Runs before each value is forwarded.
        ///   - receiveCompletion: Runs before the completion is forwarded.
        ///   - receiveCancel: Runs when the subscription is cancelled.
        ///   - receiveRequest: Runs with each demand the subscriber asks for: `.unlimited` once,
        ///     for a `sink`.
        /// - Returns: A publisher with the same events.
        public func handleEvents(
            receiveSubscription: ((any Subscription) -> Void)? = nil,
            receiveOutput: ((Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)? = nil
        ) -> Publishers.HandleEvents<Self> {
            Publishers.HandleEvents(
                upstream: self,
                receiveSubscription: receiveSubscription,
                receiveOutput: receiveOutput,
                receiveCompletion: receiveCompletion,
                receiveCancel: receiveCancel,
                receiveRequest: receiveRequest
            )
        }
    }

    /// What runs as each event of a subscription passes through `handleEvents` or `print`.
    struct EventHooks<Output, Failure: Error> {
        var subscription: ((any Subscription) -> Void)?
        var output: ((Output) -> Void)?
        /// Runs with the demand a subscriber returns from a value, when it asks for more.
        var demandAfterOutput: ((Subscribers.Demand) -> Void)?
        var completion: ((Subscribers.Completion<Failure>) -> Void)?
        var cancel: (() -> Void)?
        var request: ((Subscribers.Demand) -> Void)?
    }

    /// How long a subscription through `handleEvents` or `print` runs its hooks.
    enum HookLifetime {
        /// Until it completes or is cancelled, then lets them go: `handleEvents`'s closures.
        case untilEnd
        /// For every event, even one that comes after the end: `print`'s lines, which show
        /// what an upstream that breaks the protocol does.
        case always
    }

    /// One subscription through `handleEvents` or `print`: every event runs its hook and passes
    /// on unchanged, demand included, as in Combine. A cancel runs its hook even before the
    /// subscription has come, as Combine's does.
    // @unchecked: `state` is behind its lock; the hooks run outside it.
    final class ObservedSubscription<Downstream: Subscriber>: Subscriber, Subscription,
        // @unchecked: see above.
        CombineReflecting, @unchecked Sendable
    {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure

        private enum Status {
            case awaiting
            case subscribed(any Subscription)
            case over
        }

        private struct State {
            var status = Status.awaiting
            var hooks: EventHooks<Input, Failure>?
        }

        private let downstream: Downstream
        private let state: Locked<State>
        private let hookLifetime: HookLifetime
        /// The operator's type, which names this subscription.
        private let publisherType: Any.Type

        var description: String {
            let upstream = state.withLock { state -> (any Subscription)? in
                guard case .subscribed(let upstream) = state.status else { return nil }
                return upstream
            }
            return subscriptionDescription(of: publisherType, upstream: upstream)
        }

        init(
            _ downstream: Downstream, of publisherType: Any.Type, hooks: EventHooks<Input, Failure>,
            for hookLifetime: HookLifetime
        ) {
            self.downstream = downstream
            self.hookLifetime = hookLifetime
            self.publisherType = publisherType
            state = Locked(State(hooks: hooks))
        }

        private var hooks: EventHooks<Input, Failure>? { state.withLock { $0.hooks } }

        func receive(subscription: any Subscription) {
            hooks?.subscription?(subscription)
            let isFirst = state.withLock { state in
                guard case .awaiting = state.status else { return false }
                state.status = .subscribed(subscription)
                return true
            }
            guard isFirst else { return subscription.cancel() }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            hooks?.output?(input)
            let demand = downstream.receive(input)
            if demand > .none { hooks?.demandAfterOutput?(demand) }
            return demand
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            hooks?.completion?(completion)
            let hooks = state.withLock { state in
                state.status = .over
                return letGoOfHooks(&state)
            }
            withExtendedLifetime(hooks) {}
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            hooks?.request?(demand)
            let upstream = state.withLock { state -> (any Subscription)? in
                guard case .subscribed(let upstream) = state.status else { return nil }
                return upstream
            }
            upstream?.request(demand)
        }

        func cancel() {
            let (upstream, hooks) = state.withLock {
                state -> ((any Subscription)?, EventHooks<Input, Failure>?) in
                let hooks = state.hooks
                // Before the subscription comes, the hook runs and the subscription, when it
                // comes, is still taken and handed on, as Combine's is.
                guard case .subscribed(let upstream) = state.status else { return (nil, hooks) }
                state.status = .over
                // Released outside the lock: `hooks` still holds them.
                _ = letGoOfHooks(&state)
                return (upstream, hooks)
            }
            hooks?.cancel?()
            upstream?.cancel()
        }

        /// Lets go of the hooks at the end, unless they run for every event.
        private func letGoOfHooks(_ state: inout State) -> EventHooks<Input, Failure>? {
            switch hookLifetime {
            case .untilEnd: state.hooks.take()
            case .always: nil
            }
        }
    }
#endif
