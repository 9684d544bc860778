// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// How `collect(_:options:)` groups values by time.
        public enum TimeGroupingStrategy<Context: Scheduler> {
            /// Every interval, the values that came in it.
            case byTime(Context, Context.SchedulerTimeType.Stride)
            /// Every interval, or as soon as `count` values have come.
            case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
        }

        /// A publisher of its upstream's values in arrays, one per interval (or per count).
        public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
            /// The values of one group.
            public typealias Output = [Upstream.Output]
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher grouped.
            public let upstream: Upstream
            /// How values are grouped.
            public let strategy: TimeGroupingStrategy<Context>
            /// How the intervals are scheduled.
            public let options: Context.SchedulerOptions?

            /// Sends the values of `upstream` in arrays, grouped as `strategy` says.
            ///
            /// - Parameters:
            ///   - upstream: The publisher grouped.
            ///   - strategy: How values are grouped: by time, or by time or count.
            ///   - options: How the intervals are scheduled.
            public init(
                upstream: Upstream, strategy: TimeGroupingStrategy<Context>,
                options: Context.SchedulerOptions?
            ) {
                self.upstream = upstream
                self.strategy = strategy
                self.options = options
            }

            /// The scheduler, interval and count of the strategy (`.max` for `.byTime`).
            private var schedule: (Context, Context.SchedulerTimeType.Stride, Int) {
                switch strategy {
                case .byTime(let scheduler, let interval): (scheduler, interval, .max)
                case .byTimeOrCount(let scheduler, let interval, let count):
                    (scheduler, interval, count)
                }
            }

            /// Attaches `subscriber`, then subscribes to the upstream; the intervals start first.
            ///
            /// As in Combine, the upstream is asked for values only as the subscriber asks: with
            /// `.byTime`, for one value on each of the subscriber's requests and one more for
            /// each value received; with `.byTimeOrCount`, for `count` values per group asked
            /// for. A group whose interval ends while the subscriber has asked for nothing waits,
            /// growing, for its request.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let (scheduler, interval, count) = schedule
                let subscription = CollectByTimeSubscription<Upstream, Context, Downstream>(
                    subscriber, scheduler: scheduler, interval: interval,
                    count: count == .max ? nil : Swift.max(count, 1), options: options)
                // Started before the upstream is subscribed and the subscriber handed its
                // subscription: a time operator below, which arms its own timer when it is handed
                // its subscription, then comes second at an instant both fall due, as in Combine.
                subscription.startIntervals()
                upstream.subscribe(subscription)
            }
        }
    }

    extension Publisher {
        /// Sends the values in groups, by time or by time or count.
        ///
        /// - Parameters:
        ///   - strategy: `.byTime(scheduler, interval)` or `.byTimeOrCount(scheduler, interval, count)`.
        ///   - options: How the intervals are scheduled.
        /// - Returns: A publisher of arrays.
        public func collect<S: Scheduler>(
            _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil
        ) -> Publishers.CollectByTime<Self, S> {
            Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
        }
    }
#endif
