// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
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

            /// Attaches `subscriber`, as Combine's does: every publisher the upstream sends is
            /// taken, and the latest is asked for what the subscriber is still owed.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                guard !attachIfSink(subscriber) else { return }
                let succession = Succession(subscriber)
                let switching = Locked((latest: 0, isUpstreamFinished: false, isInnerActive: false))
                let publishers = Subscribers.Sink<P, Failure>(
                    receiveCompletion: { completion in
                        if case .failure(let error) = completion {
                            return succession.fail(error)
                        }
                        let isOver = switching.withLock { state in
                            state.isUpstreamFinished = true
                            return !state.isInnerActive
                        }
                        if isOver { succession.finish() }
                    },
                    receiveValue: { inner in
                        let stage = switching.withLock { state in
                            state.latest += 1
                            state.isInnerActive = true
                            return state.latest
                        }
                        succession.subscribe(
                            inner, stage: stage,
                            onFinish: {
                                let isOver = switching.withLock { state in
                                    guard state.latest == stage else { return false }
                                    state.isInnerActive = false
                                    return state.isUpstreamFinished
                                }
                                if isOver { succession.finish() }
                            },
                            onFailure: { succession.fail($0) })
                    })
                succession.accompany(publishers)
                upstream.subscribe(publishers)
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
