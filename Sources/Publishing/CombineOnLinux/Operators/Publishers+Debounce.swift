// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Scheduled work and upstream sends can run on different threads at once, so this delivers
    // through a ``Gate``: one event at a time, nothing after the completion or a cancel.

    extension Publishers {
        /// A publisher that sends a value only once its upstream has been quiet for a while.
        public struct Debounce<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher debounced.
            public let upstream: Upstream
            /// How long the upstream must be quiet.
            public let dueTime: Context.SchedulerTimeType.Stride
            /// Where time is kept and values delivered.
            public let scheduler: Context
            /// How the waits, and so the values' deliveries, are scheduled (not the completion's).
            public let options: Context.SchedulerOptions?

            /// Sends a value of `upstream` only once no other has come for `dueTime`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher debounced.
            ///   - dueTime: How long the upstream must be quiet.
            ///   - scheduler: Where time is kept and values delivered.
            ///   - options: How the waits, and so the values' deliveries, are scheduled.
            public init(
                upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
                options: Context.SchedulerOptions?
            ) {
                self.upstream = upstream
                self.dueTime = dueTime
                self.scheduler = scheduler
                self.options = options
            }

            /// A value that comes due while the subscriber has asked for none is dropped, as Combine's debounce drops it.
            @usableFromInline
            package var valuesWithoutDemand: ValuesWithoutDemand { .dropped }

            /// Subscribes to the upstream. Each value replaces the one waiting and restarts the
            /// wait; the value is sent once `dueTime` passes with no other. When the upstream
            /// completes, a value still waiting is dropped, as in Combine, and the completion is
            /// sent on the scheduler.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, options, dueTime) = (scheduler, options, dueTime)
                // `timer`: the gate's key for the wait under way, so a new value, the completion or a
                // cancel cancels it, as Combine's does: a cancelled debounce leaves nothing due on
                // its scheduler.
                let gate = Gate(
                    (generation: 0, waiting: Output?.none, timer: Int?.none),
                    receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            // As Combine's: a value still waiting is dropped and its wait
                            // cancelled at once; the completion follows on the scheduler.
                            let timer = gate.update { state, _ in
                                state.generation += 1
                                state.waiting = nil
                                defer { state.timer = nil }
                                return state.timer
                            }
                            if let timer { gate.cancelUpstream(timer) }
                            // Without the options, as Combine schedules it (they go with the
                            // waits only).
                            scheduler.schedule(options: nil) {
                                gate.update { _, outbox in outbox.finish(completion) }
                            }
                        },
                        receiveValue: { value in
                            let key = gate.reserve()
                            let (generation, previous) = gate.update { state, _ in
                                state.generation += 1
                                state.waiting = value
                                defer { state.timer = key }
                                return (state.generation, state.timer)
                            }
                            if let previous { gate.cancelUpstream(previous) }
                            // Repeating, because that form is the one a scheduler can cancel; it
                            // is cancelled when it first fires.
                            let timer = scheduler.schedule(
                                after: scheduler.now.advanced(by: dueTime), interval: dueTime,
                                tolerance: scheduler.minimumTolerance, options: options
                            ) {
                                gate.cancelUpstream(key)
                                gate.update { state, outbox in
                                    guard state.generation == generation,
                                        let waiting = state.waiting
                                    else { return }
                                    state.waiting = nil
                                    state.timer = nil
                                    outbox.send(waiting)
                                }
                            }
                            gate.hold(AnyCancellable(timer), as: key)
                        }
                    ))
                return AnyCancellable { gate.cancel() }
            }
        }
    }

    extension Publisher {
        /// Sends a value only once no other has come for `dueTime`.
        ///
        /// ```swift
        /// $query.debounce(for: .milliseconds(300), scheduler: RunLoop.main)
        /// ```
        ///
        /// - Parameters:
        ///   - dueTime: How long the upstream must be quiet.
        ///   - scheduler: Where time is kept and values delivered.
        ///   - options: How the waits, and so the values' deliveries, are scheduled.
        /// - Returns: A debounced publisher.
        public func debounce<S: Scheduler>(
            for dueTime: S.SchedulerTimeType.Stride, scheduler: S,
            options: S.SchedulerOptions? = nil
        ) -> Publishers.Debounce<Self, S> {
            Publishers.Debounce(
                upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
        }
    }
#endif
