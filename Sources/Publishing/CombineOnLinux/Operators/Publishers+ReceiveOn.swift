// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Delivered as a ``ScheduledOperator``: each event is scheduled, then goes out through a
    // ``Gate`` (one at a time, nothing after the completion or a cancel), and a subscriber's
    // demand is passed on to the upstream, as Combine's `receive(on:)` passes it.

    extension Publishers {
        /// A publisher that delivers its upstream's events on a scheduler.
        ///
        /// A subscriber's requests go to the upstream as they are made, and the demand a
        /// delivered value returns is asked of the upstream after it, as in Combine: through
        /// `receive(on:)`, a `PassthroughSubject` drops the values nobody asked for.
        public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: NamedScheduledOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose events are moved.
            public let upstream: Upstream
            /// Where they are delivered.
            public let scheduler: Context
            /// How they are scheduled.
            public let options: Context.SchedulerOptions?

            /// Delivers the events of `upstream` on `scheduler`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose events are moved.
            ///   - scheduler: Where they are delivered.
            ///   - options: How they are scheduled.
            public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?)
            {
                self.upstream = upstream
                self.scheduler = scheduler
                self.options = options
            }

            /// Schedules each event on the scheduler, in order on a serial one.
            @usableFromInline
            package var deliverySchedule: (@escaping () -> Void) -> Void {
                let (scheduler, options) = (scheduler, options)
                return { delivery in scheduler.schedule(options: options, delivery) }
            }
        }
    }

    extension Publisher {
        /// Delivers every value and the completion on `scheduler`.
        ///
        /// ```swift
        /// service.fetchItems().receive(on: DispatchQueue.main).assign(to: &$items)
        /// ```
        ///
        /// - Parameters:
        ///   - scheduler: Where to deliver.
        ///   - options: How to schedule each delivery.
        /// - Returns: A publisher that delivers on `scheduler`.
        public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
            -> Publishers.ReceiveOn<Self, S>
        {
            Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
        }
    }
#endif
