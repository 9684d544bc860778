// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Delivered as a ``ScheduledOperator``: each event is scheduled, then goes out through a
    // ``Gate`` (one at a time, nothing after the completion or a cancel), and a subscriber's
    // demand is passed on to the upstream, as Combine's `delay` passes it.

    extension Publishers {
        /// A publisher that delivers each of its upstream's events a fixed time later.
        ///
        /// A subscriber's requests go to the upstream as they are made, and the demand a
        /// delivered value returns is asked of the upstream after it, as in Combine: through
        /// `delay`, a `PassthroughSubject` drops the values nobody asked for.
        public struct Delay<Upstream: Publisher, Context: Scheduler>: ScheduledOperator {
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

            /// Delivers every event of `upstream` once `interval` has passed.
            ///
            /// - Parameters:
            ///   - upstream: The publisher delayed.
            ///   - interval: How long each event is delayed.
            ///   - tolerance: How late an event may be.
            ///   - scheduler: Where time is kept and events delivered.
            ///   - options: How deliveries are scheduled.
            public init(
                upstream: Upstream, interval: Context.SchedulerTimeType.Stride,
                tolerance: Context.SchedulerTimeType.Stride, scheduler: Context,
                options: Context.SchedulerOptions? = nil
            ) {
                self.upstream = upstream
                self.interval = interval
                self.tolerance = tolerance
                self.scheduler = scheduler
                self.options = options
            }

            /// Schedules each event `interval` after it came, in order.
            @usableFromInline
            package var deliverySchedule: (@escaping () -> Void) -> Void {
                let (scheduler, interval, tolerance, options) = (
                    scheduler, interval, tolerance, options
                )
                return { delivery in
                    scheduler.schedule(
                        after: scheduler.now.advanced(by: interval), tolerance: tolerance,
                        options: options, delivery)
                }
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
