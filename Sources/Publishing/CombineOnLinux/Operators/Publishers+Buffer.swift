// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// When `buffer` asks its upstream for values.
        public enum PrefetchStrategy: Equatable, Hashable, Sendable {
            /// Asks for as many values as the buffer holds, then one more for each value sent on.
            case keepFull
            /// Asks for every value.
            case byRequest
        }

        /// What `buffer` does with a value that comes when it is full.
        public enum BufferingStrategy<Failure: Error> {
            /// Drops the value that came.
            case dropNewest
            /// Drops the oldest value kept, and keeps the one that came.
            case dropOldest
            /// Fails with the error the closure makes, and cancels the upstream. The closure may
            /// call back into the buffer (Combine's traps then): a value sent meanwhile is
            /// dropped, and a cancel ends the stream without the failure.
            case customError(() -> Failure)
        }

        /// A publisher that keeps up to `size` of its upstream's values until its subscriber
        /// asks for them.
        public struct Buffer<Upstream: Publisher>: Publisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are kept.
            public let upstream: Upstream
            /// How many values are kept at most.
            public let size: Int
            /// When the upstream is asked for values.
            public let prefetch: PrefetchStrategy
            /// What happens to a value that comes when the buffer is full.
            public let whenFull: BufferingStrategy<Failure>

            /// Keeps up to `size` of `upstream`'s values until they are asked for.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are kept.
            ///   - size: How many values are kept at most.
            ///   - prefetch: When the upstream is asked for values.
            ///   - whenFull: What happens to a value that comes when the buffer is full.
            public init(
                upstream: Upstream, size: Int, prefetch: PrefetchStrategy,
                whenFull: BufferingStrategy<Failure>
            ) {
                self.upstream = upstream
                self.size = size
                self.prefetch = prefetch
                self.whenFull = whenFull
            }

            /// Attaches `subscriber`: values are kept until it asks for them.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                upstream.subscribe(
                    BufferSubscription(
                        subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
            }
        }
    }

    extension Publisher {
        /// Keeps up to `size` values until the subscriber asks for them.
        ///
        /// ```swift
        /// events.buffer(size: 10, prefetch: .byRequest, whenFull: .dropOldest)
        /// ```
        ///
        /// - Parameters:
        ///   - size: How many values are kept at most.
        ///   - prefetch: When the upstream is asked for values.
        ///   - whenFull: What happens to a value that comes when the buffer is full.
        /// - Returns: A publisher that keeps values until they are asked for.
        public func buffer(
            size: Int, prefetch: Publishers.PrefetchStrategy,
            whenFull: Publishers.BufferingStrategy<Failure>
        ) -> Publishers.Buffer<Self> {
            Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
        }
    }

    /// One subscription through `buffer`, as Combine's: values wait, in order, until the
    /// subscriber asks; a failure goes at once, dropping what waits; the finish goes once nothing
    /// waits and the subscriber has asked.
    ///
    /// Delivered by ``DeliveryTurn``'s rule, with every call served by the drain under way: what
    /// another thread adds meanwhile, or the subscriber asks for from inside a delivery, is
    /// taken by that drain's loop, as Combine's `buffer` takes it.
    // @unchecked: every mutable field is in `state`, behind its lock; only the thread whose turn
    // it is (`State.turn`) calls the subscriber with values and the completion.
    private final class BufferSubscription<Downstream: Subscriber>: Subscriber, Subscription,
        // @unchecked: see above.
        @unchecked Sendable
    {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure

        private enum Outcome {
            case kept, dropped
            /// Full, with `.customError`: the error is to be made with this closure.
            case full(() -> Failure)
        }

        private enum Step {
            case value(Downstream, Input)
            case completion(Downstream, Subscribers.Completion<Failure>)
        }

        /// Where the subscription is: one state at a time, each holding what it owns.
        private enum Lifecycle {
            case awaitingSubscription(Downstream)
            case subscribed(any Subscription, Downstream)
            /// Full, with `.customError`: its closure is making the error, outside the lock, so
            /// that it may send into, ask of or cancel this buffer (in Combine, which holds its
            /// lock, such a call traps). Meanwhile values are dropped and nothing is sent; the
            /// upstream is cancelled once the error is made.
            case failing((any Subscription)?, Downstream)
            /// The upstream completed, or failed here (`.customError`): the completion goes
            /// out once what waits before it has (a failure goes at once).
            case completing(Subscribers.Completion<Failure>, Downstream)
            /// Cancelled, or the completion went out.
            case terminal

            /// The upstream's subscription, while it is kept.
            var upstream: (any Subscription)? {
                switch self {
                case .subscribed(let upstream, _): upstream
                case .failing(let upstream, _): upstream
                case .awaitingSubscription, .completing, .terminal: nil
                }
            }

            var downstream: Downstream? {
                switch self {
                case .awaitingSubscription(let downstream), .subscribed(_, let downstream),
                    .failing(_, let downstream), .completing(_, let downstream):
                    downstream
                case .terminal: nil
                }
            }

            var isFailing: Bool {
                if case .failing = self { true } else { false }
            }

            /// Whether values are still taken in: the upstream has not ended, nor the stream.
            var isOpen: Bool {
                switch self {
                case .awaitingSubscription, .subscribed: true
                case .failing, .completing, .terminal: false
                }
            }
        }

        private struct State {
            var lifecycle: Lifecycle
            var values = FIFO<Input>()
            var count = 0
            var demand = Subscribers.Demand.none
            /// Whose turn it is to drain, whatever the lifecycle.
            var turn = DeliveryTurn()
        }

        private let state: Locked<State>
        private let size: Int
        private let prefetch: Publishers.PrefetchStrategy
        private let whenFull: Publishers.BufferingStrategy<Failure>

        init(
            _ downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
            whenFull: Publishers.BufferingStrategy<Failure>
        ) {
            state = Locked(State(lifecycle: .awaitingSubscription(downstream)))
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        func receive(subscription: any Subscription) {
            let downstream = state.withLock { state -> Downstream? in
                guard case .awaitingSubscription(let downstream) = state.lifecycle else {
                    return nil
                }
                state.lifecycle = .subscribed(subscription, downstream)
                return downstream
            }
            guard let downstream else { return subscription.cancel() }
            subscription.request(prefetch == .keepFull ? .max(size) : .unlimited)
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let outcome = state.withLock { state -> Outcome in
                guard state.lifecycle.isOpen, let downstream = state.lifecycle.downstream else {
                    return .dropped
                }
                if state.count >= size {
                    switch whenFull {
                    case .dropNewest:
                        return .dropped
                    case .dropOldest:
                        _ = state.values.pop()
                        state.count -= 1
                    case .customError(let makeError):
                        state.lifecycle = .failing(state.lifecycle.upstream, downstream)
                        return .full(makeError)
                    }
                }
                state.values.push(input)
                state.count += 1
                return .kept
            }
            if case .full(let makeError) = outcome { fail(with: makeError()) }
            return drain()
        }

        /// Ends the stream with `error`, made while failing, and cancels the upstream; unless
        /// the stream was cancelled meanwhile.
        private func fail(with error: Failure) {
            let upstream = state.withLock { state -> (any Subscription)? in
                guard case .failing(let upstream, let downstream) = state.lifecycle else {
                    return nil
                }
                state.lifecycle = .completing(.failure(error), downstream)
                return upstream
            }
            upstream?.cancel()
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let isFirst = state.withLock { state in
                guard state.lifecycle.isOpen, let downstream = state.lifecycle.downstream else {
                    return false
                }
                state.lifecycle = .completing(completion, downstream)
                return true
            }
            if isFirst { _ = drain() }
        }

        func request(_ demand: Subscribers.Demand) {
            let upstream = state.withLock { state in
                state.demand += demand
                return state.lifecycle.upstream
            }
            let more = drain()
            if more > .none { upstream?.request(more) }
        }

        func cancel() {
            let (lifecycle, values) = state.withLock { state in
                defer {
                    state.lifecycle = .terminal
                    state.values = FIFO()
                    state.count = 0
                }
                return (state.lifecycle, state.values)
            }
            lifecycle.upstream?.cancel()
            // The subscriber and the values are released after the lock.
            withExtendedLifetime((lifecycle, values)) {}
        }

        /// Sends what the demand allows, then a failure at once or the finish once nothing
        /// waits and something is asked; returns how many more values to ask the upstream for
        /// (one per value sent, with `.keepFull`). Another thread draining goes on with it.
        private func drain() -> Subscribers.Demand {
            var upstreamDemand = Subscribers.Demand.none
            /// What the value delivered last returned, added to the demand under the lock.
            var returned = Subscribers.Demand.none
            guard state.withLock({ $0.turn.claim(.byLoop) }) else { return .none }
            DeliveryTurn.loop(
                nil,
                next: {
                    state.withLock { state in
                        state.demand += returned
                        returned = .none
                        return state.turn.proceed(to: next(&state))
                    }
                },
                deliver: { step in
                    switch step {
                    case .value(let downstream, let value):
                        returned = downstream.receive(value)
                        if prefetch == .keepFull { upstreamDemand += 1 }
                    case .completion(let downstream, let completion):
                        upstreamDemand = .none
                        downstream.receive(completion: completion)
                    }
                })
            return upstreamDemand
        }

        /// What the turn delivers next, under the lock.
        private func next(_ state: inout State) -> Step? {
            // While the error is made, nothing is sent: the failure drops what waits.
            guard let downstream = state.lifecycle.downstream, !state.lifecycle.isFailing else {
                return nil
            }
            if case .completing(.failure, _) = state.lifecycle {
                state.values = FIFO()
                state.count = 0
            } else if state.demand > 0, let value = state.values.pop() {
                state.count -= 1
                state.demand -= 1
                return .value(downstream, value)
            }
            if case .completing(let terminal, _) = state.lifecycle, state.count == 0,
                state.demand > 0 || terminal.isFailure
            {
                state.lifecycle = .terminal
                return .completion(downstream, terminal)
            }
            return nil
        }
    }

    extension Subscribers.Completion {
        /// Whether this is a failure.
        fileprivate var isFailure: Bool {
            if case .failure = self { true } else { false }
        }
    }

    extension BufferSubscription: CombineReflecting {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "Buffer" }
    }
#endif
