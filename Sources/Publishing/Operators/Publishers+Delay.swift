// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Scheduled work and upstream sends can run on different threads at once, so this delivers
    // through a ``Gate``: one event at a time, nothing after the completion or a cancel.

    extension Publishers {
        /// A publisher that delivers each of its upstream's events a fixed time later.
        public struct Delay<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher delayed.
            public let upstream: Upstream
            /// How long each event is delayed.
            public let interval: Context.SchedulerTimeType.Stride
            /// How late an event may be.
            public let tolerance: Context.SchedulerTimeType.Stride
            /// Where time is kept and events delivered.
            public let scheduler: Context
            /// How deliveries are scheduled.
            public let options: Context.SchedulerOptions?

            /// Subscribes to the upstream and delivers each value, and the completion, `interval`
            /// after it came, in order.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, interval, tolerance, options) = (
                    scheduler, interval, tolerance, options
                )
                let gate = Gate(
                    (), receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                func later(_ deliver: @escaping (inout Gate<Void, Output, Failure>.Outbox) -> Void)
                {
                    scheduler.schedule(
                        after: scheduler.now.advanced(by: interval), tolerance: tolerance,
                        options: options
                    ) {
                        gate.update { _, outbox in deliver(&outbox) }
                    }
                }
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in later { $0.finish(completion) } },
                        receiveValue: { value in later { $0.send(value) } }
                    ))
                return AnyCancellable { gate.cancel() }
            }
        }
    }

    extension Publisher {
        /// Delivers every value and the completion `interval` later.
        ///
        /// - Parameters:
        ///   - interval: The delay.
        ///   - tolerance: How late a delivery may be; the scheduler's minimum if `nil`.
        ///   - scheduler: Where time is kept and events delivered.
        ///   - options: How deliveries are scheduled.
        /// - Returns: A delayed publisher.
        public func delay<S: Scheduler>(
            for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil,
            scheduler: S, options: S.SchedulerOptions? = nil
        ) -> Publishers.Delay<Self, S> {
            Publishers.Delay(
                upstream: self, interval: interval,
                tolerance: tolerance ?? scheduler.minimumTolerance,
                scheduler: scheduler, options: options)
        }
    }
#endif
