// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Scheduled work and upstream sends can run on different threads at once, so this delivers
    // through a ``Gate``: one event at a time, nothing after the completion or a cancel.

    extension Publishers {
        /// A publisher that sends at most one value per interval: the first or the latest.
        public struct Throttle<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
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

            /// Subscribes to the upstream. A value that comes when no interval is running is sent
            /// at once and starts one; values during an interval are held (the first or the
            /// latest), and sent when it ends, starting the next. When the upstream finishes, a
            /// held value is sent first; a failure drops it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, interval, latest) = (scheduler, interval, latest)
                let gate = Gate(
                    (isRunning: false, held: Output?.none),
                    receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                func endInterval() {
                    // Scheduled outside the lock: a scheduler may run the action at once.
                    let startsAnother = gate.update { state, outbox -> Bool in
                        guard let held = state.held else {
                            state.isRunning = false
                            return false
                        }
                        state.held = nil
                        outbox.send(held)
                        return true
                    }
                    if startsAnother {
                        scheduler.schedule(after: scheduler.now.advanced(by: interval), endInterval)
                    }
                }
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            scheduler.schedule {
                                gate.update { state, outbox in
                                    if case .finished = completion, let held = state.held {
                                        outbox.send(held)
                                    }
                                    state.held = nil
                                    outbox.finish(completion)
                                }
                            }
                        },
                        receiveValue: { value in
                            let startsInterval = gate.update { state, _ -> Bool in
                                guard state.isRunning else {
                                    state.isRunning = true
                                    return true
                                }
                                if latest || state.held == nil { state.held = value }
                                return false
                            }
                            guard startsInterval else { return }
                            scheduler.schedule { gate.update { _, outbox in outbox.send(value) } }
                            scheduler.schedule(
                                after: scheduler.now.advanced(by: interval), endInterval)
                        }
                    ))
                return AnyCancellable { gate.cancel() }
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
#endif
