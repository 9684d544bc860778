// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Scheduled work and upstream sends can run on different threads at once, so this delivers
    // through a ``Gate``: one event at a time, nothing after the completion or a cancel.

    extension Publishers {
        /// A publisher of the time between its upstream's values, measured on a scheduler.
        public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: StepOperator {
            /// The time since the previous value (or the subscription).
            public typealias Output = Context.SchedulerTimeType.Stride
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher measured.
            public let upstream: Upstream
            /// Whose clock measures.
            public let scheduler: Context

            /// Sends the time between the values of `upstream`, measured on `scheduler`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher measured.
            ///   - scheduler: Whose clock measures.
            public init(upstream: Upstream, scheduler: Context) {
                self.upstream = upstream
                self.scheduler = scheduler
            }

            /// Subscribes to the upstream, sending the time since the previous value for each.
            /// Sends the time since the previous value (or the subscription).
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let scheduler = scheduler
                var last = scheduler.now
                return Steps { _, downstream in
                    let now = scheduler.now
                    let interval = last.distance(to: now)
                    last = now  // before the value goes out, which may send another at once
                    downstream.send(interval)
                }
                .handling(beforeSubscription: .ignored)
                .askingUpstreamForReturnedDemand()
            }
        }
    }

    extension Publisher {
        /// Sends the time between values, measured on `scheduler`.
        ///
        /// - Parameters:
        ///   - scheduler: Whose clock measures.
        ///   - options: Unused; as in Combine.
        /// - Returns: A publisher of strides.
        public func measureInterval<S: Scheduler>(
            using scheduler: S, options: S.SchedulerOptions? = nil
        )
            -> Publishers.MeasureInterval<Self, S>
        {
            Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
        }
    }
#endif
