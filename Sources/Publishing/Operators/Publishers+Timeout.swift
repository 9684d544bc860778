// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Scheduled work and upstream sends can run on different threads at once, so this delivers
    // through a ``Gate``: one event at a time, nothing after the completion or a cancel.

    extension Publishers {
        /// A publisher that ends when its upstream sends nothing for an interval.
        public struct Timeout<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher watched.
            public let upstream: Upstream
            /// How long it may stay quiet.
            public let interval: Context.SchedulerTimeType.Stride
            /// Where time is kept and events delivered.
            public let scheduler: Context
            /// How the deadline is scheduled.
            public let options: Context.SchedulerOptions?
            /// The error to fail with on timing out; `nil` to finish instead.
            public let customError: (() -> Failure)?

            /// Subscribes to the upstream and delivers its events on the scheduler; if it sends
            /// nothing for `interval` (from the subscription, then from each value), finishes (or
            /// fails with `customError()`) and cancels it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, interval, options, customError) = (
                    scheduler, interval, options, customError
                )
                let gate = Gate(0, receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                func arm(_ generation: Int) {
                    scheduler.schedule(
                        after: scheduler.now.advanced(by: interval),
                        tolerance: scheduler.minimumTolerance,
                        options: options
                    ) {
                        gate.update { current, outbox in
                            guard current == generation else { return }
                            outbox.finish(customError.map { .failure($0()) } ?? .finished)
                        }
                    }
                }
                arm(0)
                // As Combine's: each value restarts the wait when it arrives, and is delivered,
                // like the upstream's completion, as work on the scheduler (OpenCombine's
                // TimeoutTests, compatibility tests also run against Apple's Combine, record the
                // `schedule(options:)` call for each value).
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            scheduler.schedule(options: options) {
                                gate.update { _, outbox in outbox.finish(completion) }
                            }
                        },
                        receiveValue: { value in
                            let generation = gate.update { generation, _ in
                                generation += 1
                                return generation
                            }
                            arm(generation)
                            scheduler.schedule(options: options) {
                                gate.update { _, outbox in outbox.send(value) }
                            }
                        }
                    ))
                return AnyCancellable { gate.cancel() }
            }
        }
    }

    extension Publisher {
        /// Ends the stream if the upstream sends nothing for `interval`.
        ///
        /// - Parameters:
        ///   - interval: How long it may stay quiet.
        ///   - scheduler: Where time is kept.
        ///   - options: How the deadline is scheduled.
        ///   - customError: The error to fail with; finishes instead if `nil`.
        /// - Returns: A publisher that times out.
        public func timeout<S: Scheduler>(
            _ interval: S.SchedulerTimeType.Stride, scheduler: S,
            options: S.SchedulerOptions? = nil,
            customError: (() -> Failure)? = nil
        ) -> Publishers.Timeout<Self, S> {
            Publishers.Timeout(
                upstream: self, interval: interval, scheduler: scheduler, options: options,
                customError: customError)
        }
    }
#endif
