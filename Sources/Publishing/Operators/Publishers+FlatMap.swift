// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    private struct FlatMapState<Value> {
        var active = 0
        /// Upstream values waiting for an inner publisher to end, under `maxPublishers`.
        var waiting = FIFO<Value>()
        var isUpstreamFinished = false
    }

    extension Publishers {
        /// A publisher of the values of the publishers a transform makes from each upstream value.
        public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: ClosurePublisher
        where NewPublisher.Failure == Upstream.Failure {
            /// The inner publishers' output type.
            public typealias Output = NewPublisher.Output
            /// The shared failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are transformed into publishers.
            public let upstream: Upstream
            /// How many inner publishers may run at once.
            public let maxPublishers: Subscribers.Demand
            /// Makes an inner publisher from each upstream value.
            public let transform: (Upstream.Output) -> NewPublisher

            /// Subscribes to the upstream, and to an inner publisher for each of its values.
            ///
            /// Values beyond `maxPublishers` running inner publishers wait, in order, for one to
            /// end (Combine asks the upstream for fewer values instead). It finishes once the
            /// upstream and every inner publisher have; it fails with the first failure.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let limit = maxPublishers.max ?? .max
                let transform = transform
                let gate = Gate(
                    FlatMapState<Upstream.Output>(),
                    receiveValue: receiveValue,
                    receiveCompletion: receiveCompletion
                )
                func subscribeInner(to value: Upstream.Output) {
                    let key = gate.reserve()
                    let inner = transform(value).sink(
                        receiveCompletion: { completion in
                            gate.release(key)
                            // The next waiting value, if this ending lets it start.
                            let next = gate.update { state, outbox -> Upstream.Output? in
                                state.active -= 1
                                if case .failure = completion {
                                    outbox.finish(completion)
                                    return nil
                                }
                                if let value = state.waiting.pop() {
                                    state.active += 1
                                    return value
                                }
                                if state.isUpstreamFinished && state.active == 0 {
                                    outbox.finish()
                                }
                                return nil
                            }
                            if let next { subscribeInner(to: next) }
                        },
                        receiveValue: { value in gate.update { _, outbox in outbox.send(value) } }
                    )
                    gate.hold(inner, as: key)
                }
                let upstreamSubscription = upstream.sink(
                    receiveCompletion: { completion in
                        gate.update { state, outbox in
                            state.isUpstreamFinished = true
                            if case .failure = completion {
                                outbox.finish(completion)
                            } else if state.active == 0 && state.waiting.isEmpty {
                                outbox.finish()
                            }
                        }
                    },
                    receiveValue: { value in
                        let starts = gate.update { state, _ -> Bool in
                            guard state.active < limit else {
                                state.waiting.push(value)
                                return false
                            }
                            state.active += 1
                            return true
                        }
                        if starts { subscribeInner(to: value) }
                    }
                )
                gate.hold(upstreamSubscription)
                return AnyCancellable { gate.cancel() }
            }
        }
    }

    extension Publisher {
        /// Subscribes to a publisher made from each value, and forwards all their values.
        ///
        /// ```swift
        /// $query.flatMap { query in searchService.search(query) }
        /// ```
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once; later values wait.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<T, P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
            Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
        }

        /// Subscribes to a failing publisher made from each value of a publisher that cannot fail.
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once; later values wait.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>>
        where Failure == Never {
            setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
        }

        /// Subscribes to a publisher that cannot fail, made from each value.
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once; later values wait.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self>
        where P.Failure == Never {
            flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
        }

        /// Subscribes to a publisher made from each value, when neither can fail.
        ///
        /// - Parameters:
        ///   - maxPublishers: How many inner publishers may run at once; later values wait.
        ///   - transform: Makes a publisher from a value.
        /// - Returns: A publisher of every inner publisher's values.
        public func flatMap<P: Publisher>(
            maxPublishers: Subscribers.Demand = .unlimited,
            _ transform: @escaping (Output) -> P
        ) -> Publishers.FlatMap<P, Self> where P.Failure == Never, Failure == Never {
            Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
        }
    }

    private struct SwitchState {
        /// Counts inner publishers; only the latest one's events go through.
        var generation = 0
        var isInnerActive = false
        var isUpstreamFinished = false
        var innerKey: Int?
    }

    extension Publishers {
        /// A publisher of the values of the latest publisher its upstream sent.
        public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: ClosurePublisher
        where Upstream.Output == P, P.Failure == Upstream.Failure {
            /// The inner publishers' output type.
            public typealias Output = P.Output
            /// The shared failure type.
            public typealias Failure = P.Failure

            /// The publisher of publishers.
            public let upstream: Upstream

            /// Switches to each new publisher `upstream` sends.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Subscribes to the upstream; each publisher it sends cancels the previous one's
            /// subscription. It finishes once the upstream and the latest inner publisher have.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let gate = Gate(
                    SwitchState(), receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                let upstreamSubscription = upstream.sink(
                    receiveCompletion: { completion in
                        gate.update { state, outbox in
                            state.isUpstreamFinished = true
                            if case .failure = completion {
                                outbox.finish(completion)
                            } else if !state.isInnerActive {
                                outbox.finish()
                            }
                        }
                    },
                    receiveValue: { inner in
                        let key = gate.reserve()
                        let (generation, previous) = gate.update { state, _ in
                            state.generation += 1
                            state.isInnerActive = true
                            defer { state.innerKey = key }
                            return (state.generation, state.innerKey)
                        }
                        if let previous { gate.cancelUpstream(previous) }
                        let subscription = inner.sink(
                            receiveCompletion: { completion in
                                gate.update { state, outbox in
                                    guard state.generation == generation else { return }
                                    state.isInnerActive = false
                                    if case .failure = completion {
                                        outbox.finish(completion)
                                    } else if state.isUpstreamFinished {
                                        outbox.finish()
                                    }
                                }
                                gate.release(key)
                            },
                            receiveValue: { value in
                                gate.update { state, outbox in
                                    if state.generation == generation { outbox.send(value) }
                                }
                            }
                        )
                        gate.hold(subscription, as: key)
                    }
                )
                gate.hold(upstreamSubscription)
                return AnyCancellable { gate.cancel() }
            }
        }
    }

    extension Publisher where Output: Publisher, Output.Failure == Failure {
        /// Forwards the values of the latest publisher this one sent, cancelling the previous.
        ///
        /// ```swift
        /// $query.map { searchService.search($0) }.switchToLatest()
        /// ```
        ///
        /// - Returns: A publisher of the latest inner publisher's values.
        public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
            Publishers.SwitchToLatest(upstream: self)
        }
    }

    extension Publisher where Output: Publisher, Failure == Never, Output.Failure == Never {
        /// Forwards the values of the latest publisher this one sent, when neither can fail.
        ///
        /// - Returns: A publisher of the latest inner publisher's values.
        public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
            Publishers.SwitchToLatest(upstream: self)
        }
    }

    extension Publisher where Output: Publisher, Failure == Never {
        /// Forwards the values of the latest (failing) publisher this one sent.
        ///
        /// - Returns: A publisher of the latest inner publisher's values.
        public func switchToLatest()
            -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>>
        {
            setFailureType(to: Output.Failure.self).switchToLatest()
        }
    }
#endif
