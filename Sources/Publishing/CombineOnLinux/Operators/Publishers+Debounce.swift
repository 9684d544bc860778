// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that sends a value only once its upstream has been quiet for a while.
        public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
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

            /// Attaches `subscriber` through a subscription of its own, as Combine's: it asks
            /// the upstream for every value, and delivers a value that comes due only as far as
            /// the subscriber has asked (one that comes due unasked for is dropped). When the
            /// upstream completes, a value still waiting is dropped, as in Combine, and the
            /// completion is sent on the scheduler.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                upstream.subscribe(
                    DebounceSubscription<Upstream, Context, Downstream>(
                        subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
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
