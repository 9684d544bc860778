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

            /// A value that comes due while the subscriber has asked for none is dropped, as Combine's throttle drops it.
            @usableFromInline
            package var valuesWithoutDemand: ValuesWithoutDemand { .dropped }

            /// Subscribes to the upstream, as Combine's throttle does: a value that finds nothing
            /// scheduled is scheduled for the end of the interval since the last one sent (at
            /// once on the scheduler if that has passed); until it goes out, a later value
            /// replaces it (`latest`) or is dropped. The completion goes out with a scheduled
            /// value, after it, or alone on the scheduler.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, interval, latest) = (scheduler, interval, latest)
                let gate = Gate(
                    (
                        pendingValue: Output?.none,
                        pendingCompletion: Subscribers.Completion<Failure>?.none,
                        lastSent: Context.SchedulerTimeType?.none
                    ),
                    receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                let emit = {
                    let now = scheduler.now
                    gate.update { state, outbox in
                        let value = state.pendingValue.take()
                        let completion = state.pendingCompletion.take()
                        if let value {
                            if completion == nil { state.lastSent = now }
                            outbox.send(value)
                        }
                        if let completion { outbox.finish(completion) }
                    }
                }
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            let schedulesAlone = gate.update { state, _ -> Bool in
                                let isScheduled =
                                    state.pendingValue != nil || state.pendingCompletion != nil
                                guard state.pendingCompletion == nil else { return false }
                                state.pendingCompletion = completion
                                return !isScheduled
                            }
                            // Scheduled outside the lock: a scheduler may run the action at once.
                            if schedulesAlone { scheduler.schedule(emit) }
                        },
                        receiveValue: { value in
                            let now = scheduler.now
                            let emission = gate.update { state, _ -> Context.SchedulerTimeType? in
                                guard state.pendingValue == nil, state.pendingCompletion == nil
                                else {
                                    if latest { state.pendingValue = value }
                                    return nil
                                }
                                state.pendingValue = value
                                return state.lastSent.map {
                                    Swift.max(now, $0.advanced(by: interval))
                                }
                                    ?? now
                            }
                            guard let emission else { return }
                            if emission == now {
                                scheduler.schedule(emit)
                            } else {
                                scheduler.schedule(after: emission, emit)
                            }
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
