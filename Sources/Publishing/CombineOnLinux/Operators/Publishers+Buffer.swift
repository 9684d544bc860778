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
            /// Cancels the upstream and fails with the error the closure makes, at the
            /// subscriber's next request, after the values that request asks for (what waits
            /// beyond them is dropped), as Combine's does. The closure must not call back into
            /// the buffer: as Combine's, which makes the error under its lock, such a call stops
            /// the program. Another thread's value meanwhile is dropped.
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
    /// subscriber asks; the finish goes once nothing waits and the subscriber has asked; a
    /// failure goes once what the subscriber asked for has been sent (what waits beyond that is
    /// dropped). A buffer full with `.customError` cancels its upstream and fails that way too,
    /// at the subscriber's next request.
    ///
    /// Delivered by ``DeliveryTurn``'s rule, as Combine's: a drain sends at once as many values
    /// as are asked for and wait; what the subscriber asks for meanwhile, or another thread
    /// adds, is taken by that drain's loop after them; an upstream's value or completion from
    /// inside one of them is drained at once, nested (so a failure it causes goes out before
    /// the rest of the values already taken).
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
            /// Taken in by no state: nothing is drained, as in Combine (a failure that waits
            /// goes at the subscriber's next request, not at this value).
            case ignored
            /// Full, with `.customError`: the error is to be made with this closure.
            case full(() -> Failure)
        }

        private enum Step {
            /// As many values as were asked for and waited, sent one after another.
            case values(Downstream, [Input])
            case completion(Downstream, Subscribers.Completion<Failure>)
        }

        /// Where the subscription is: one state at a time, each holding what it owns.
        private enum Lifecycle {
            /// Nothing is taken in, asked for or cancelled before the upstream's subscription,
            /// as in Combine.
            case awaitingSubscription(Downstream)
            /// Kept until the completion goes out, even once the upstream has ended: as in
            /// Combine, a `.keepFull` buffer still asks it for what it sends on.
            case subscribed(any Subscription, Downstream)
            /// Full, with `.customError`: its closure is making the error, on `thread`, outside
            /// the lock. A call back into this buffer from it stops the program, as in Combine,
            /// which makes the error under its lock; another thread's value is dropped, and
            /// nothing is sent. The upstream is cancelled once the error is made.
            case failing(any Subscription, Downstream, thread: ThreadID)
            /// Cancelled, or the completion went out.
            case terminal

            /// The upstream's subscription, while it is kept.
            var upstream: (any Subscription)? {
                switch self {
                case .subscribed(let upstream, _), .failing(let upstream, _, _): upstream
                case .awaitingSubscription, .terminal: nil
                }
            }
        }

        private struct State {
            var lifecycle: Lifecycle
            var values = FIFO<Input>()
            var count = 0
            var demand = Subscribers.Demand.none
            /// How the stream ends once what waits before it has gone out: the upstream's
            /// completion, or the failure `.customError` made.
            var ending: Subscribers.Completion<Failure>?
            /// Whose turn it is to drain, whatever the lifecycle.
            var turn = DeliveryTurn()

            /// Stops the program if the calling thread is making the `.customError` error.
            func trapIfCalledBack() {
                guard case .failing(_, _, let thread) = lifecycle else { return }
                precondition(
                    !thread.isCurrent, "Buffer's .customError closure called back into the buffer")
            }

            /// Ends the stream here, returning what it let go of (the subscriber, the upstream
            /// and what waits), for the caller to release after the lock: a release may run
            /// user code.
            mutating func end() -> Released {
                count = 0
                defer {
                    lifecycle = .terminal
                    values = FIFO()
                }
                return Released(lifecycle: lifecycle, values: values)
            }
        }

        private struct Released {
            var lifecycle: Lifecycle?
            var values = FIFO<Input>()
        }

        private let state: Locked<State>
        /// Held for the subscription's life, as Combine's buffer holds it (the lifecycle lets go
        /// at the end): a subscriber that keeps its subscription is kept with it until it lets
        /// it go.
        private let subscriber: Downstream
        private let size: Int
        private let prefetch: Publishers.PrefetchStrategy
        private let whenFull: Publishers.BufferingStrategy<Failure>

        init(
            _ downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy,
            whenFull: Publishers.BufferingStrategy<Failure>
        ) {
            state = Locked(State(lifecycle: .awaitingSubscription(downstream)))
            subscriber = downstream
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
                state.trapIfCalledBack()
                // After a finish, values are still kept, as Combine keeps them; not after a
                // failure.
                guard case .subscribed(let upstream, let downstream) = state.lifecycle,
                    !(state.ending?.isFailure ?? false)
                else { return .ignored }
                if state.count >= size {
                    switch whenFull {
                    case .dropNewest:
                        return .dropped
                    case .dropOldest:
                        _ = state.values.pop()
                        state.count -= 1
                    case .customError(let makeError):
                        state.lifecycle = .failing(upstream, downstream, thread: .current)
                        return .full(makeError)
                    }
                }
                state.values.push(input)
                state.count += 1
                return .kept
            }
            switch outcome {
            case .kept, .dropped:
                return drain(.nested)
            case .ignored:
                return .none
            case .full(let makeError):
                // The failure waits, as Combine's, for the subscriber's next request.
                fail(with: makeError())
                return .none
            }
        }

        /// Sets the stream to end with `error`, made while failing, and cancels the upstream;
        /// unless the stream was cancelled meanwhile.
        private func fail(with error: Failure) {
            let upstream = state.withLock { state -> (any Subscription)? in
                guard case .failing(let upstream, let downstream, _) = state.lifecycle else {
                    return nil
                }
                state.lifecycle = .subscribed(upstream, downstream)
                state.ending = .failure(error)
                return upstream
            }
            upstream?.cancel()
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let isFirst = state.withLock { state in
                state.trapIfCalledBack()
                guard case .subscribed = state.lifecycle, state.ending == nil else { return false }
                state.ending = completion
                return true
            }
            if isFirst { _ = drain(.nested) }
        }

        func request(_ demand: Subscribers.Demand) {
            guard
                let upstream = state.withLock({ state -> (any Subscription)? in
                    state.trapIfCalledBack()
                    guard let upstream = state.lifecycle.upstream else { return nil }
                    state.demand += demand
                    return upstream
                })
            else { return }
            let more = drain(.byLoop)
            if more > .none { upstream.request(more) }
        }

        func cancel() {
            let released = state.withLock { state -> Released? in
                state.trapIfCalledBack()
                guard state.lifecycle.upstream != nil else { return nil }
                return state.end()
            }
            released?.lifecycle?.upstream?.cancel()
        }

        /// Sends what the demand allows, then the completion (see the type's rule); returns
        /// how many more values to ask the upstream for (one per value sent, with `.keepFull`).
        /// Another thread draining goes on with it; so does a drain on this thread, for a
        /// request (`.byLoop`), as Combine's leaves a request from inside a delivery to it.
        private func drain(_ reentrancy: Reentrancy) -> Subscribers.Demand {
            var upstreamDemand = Subscribers.Demand.none
            /// What the values delivered last returned, added to the demand under the lock.
            var returned = Subscribers.Demand.none
            /// What the completion let go of, released after the lock.
            var released: Released?
            guard state.withLock({ $0.turn.claim(reentrancy) }) else { return .none }
            DeliveryTurn.loop(
                nil,
                next: {
                    state.withLock { state in
                        state.demand += returned
                        returned = .none
                        return state.turn.proceed(to: next(&state, releasing: &released))
                    }
                },
                deliver: { step in
                    switch step {
                    case .values(let downstream, let values):
                        for value in values { returned += downstream.receive(value) }
                        if prefetch == .keepFull { upstreamDemand += values.count }
                    case .completion(let downstream, let completion):
                        // What was sent before still goes up, as in Combine: to an upstream
                        // that has ended, a request does nothing.
                        downstream.receive(completion: completion)
                    }
                })
            return upstreamDemand
        }

        /// What the turn delivers next, under the lock: the values asked for that wait; then the
        /// ending, a failure as soon as nothing is asked for.
        private func next(_ state: inout State, releasing released: inout Released?) -> Step? {
            // While the error is made, nothing is sent.
            guard case .subscribed(_, let downstream) = state.lifecycle else { return nil }
            if state.demand > 0 {
                if !state.values.isEmpty {
                    var values: [Input] = []
                    while state.demand > values.count, let value = state.values.pop() {
                        values.append(value)
                    }
                    state.count -= values.count
                    state.demand -= values.count
                    return .values(downstream, values)
                }
            } else if !(state.ending?.isFailure ?? false) {
                return nil
            }
            guard let ending = state.ending else { return nil }
            released = state.end()
            return .completion(downstream, ending)
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

        /// What Combine's buffer shows: the values waiting, where it stands, what the
        /// subscriber is owed, and the completion that waits behind the values.
        var customMirror: Mirror {
            let children = state.withLock { state -> KeyValuePairs<String, Any> in
                let stage =
                    switch state.lifecycle {
                    case .awaitingSubscription: "awaitingSubscription"
                    case .subscribed, .failing: "subscribed"
                    case .terminal: "terminal"
                    }
                return [
                    "values": Array(state.values.storage[state.values.head...]), "state": stage,
                    "downstreamDemand": state.demand, "terminal": state.ending as Any,
                ]
            }
            return Mirror(self, children: children)
        }
    }
#endif
