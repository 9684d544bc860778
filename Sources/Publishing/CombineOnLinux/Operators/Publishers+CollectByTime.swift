// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Scheduled work and upstream sends can run on different threads at once, so this delivers
    // through a ``Gate``: one event at a time, nothing after the completion or a cancel.

    extension Publishers {
        /// How `collect(_:options:)` groups values by time.
        public enum TimeGroupingStrategy<Context: Scheduler> {
            /// Every interval, the values that came in it.
            case byTime(Context, Context.SchedulerTimeType.Stride)
            /// Every interval, or as soon as `count` values have come.
            case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
        }

        /// A publisher of its upstream's values in arrays, one per interval (or per count).
        public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
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

            /// Attaches `subscriber`; the intervals start before it is handed its subscription.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                guard !attachIfSink(subscriber) else { return }
                // Started here, not when the closures are attached (after the hand-over): a time
                // operator below, which arms its own timer when it is handed its subscription,
                // then comes second at an instant both fall due, as in Combine.
                let intervals = startIntervals()
                Publishing.subscribe(subscriber, to: Self.self, valuesWithoutDemand: .held) {
                    collect(with: intervals, receiveCompletion: $0, receiveValue: $1)
                }
            }

            /// Subscribes to the upstream; sends each non-empty group when its interval ends (or
            /// its count is reached), and the rest, then the completion, on the scheduler once the
            /// upstream finishes.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                collect(
                    with: startIntervals(), receiveCompletion: receiveCompletion,
                    receiveValue: receiveValue)
            }

            /// Starts the repeating timer; each tick runs what `tick` holds by then.
            private func startIntervals() -> (timer: any Cancellable, tick: Locked<(() -> Void)?>) {
                let (scheduler, interval, _) = schedule
                let tick = Locked<(() -> Void)?>(nil)
                let timer = scheduler.schedule(
                    after: scheduler.now.advanced(by: interval), interval: interval,
                    tolerance: scheduler.minimumTolerance, options: options
                ) { tick.withLock { $0 }?() }
                return (timer, tick)
            }

            /// Subscribes to the upstream, grouping its values; the ticks of `intervals` send them.
            private func collect(
                with intervals: (timer: any Cancellable, tick: Locked<(() -> Void)?>),
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, _, count) = schedule
                let options = options
                let gate = Gate(
                    [Upstream.Output](), receiveValue: receiveValue,
                    receiveCompletion: receiveCompletion)
                intervals.tick.withLock { tick in
                    tick = {
                        gate.update { group, outbox in
                            guard !group.isEmpty else { return }
                            outbox.send(group)
                            group = []
                        }
                    }
                }
                let ticksKey = gate.reserve()
                let timer = intervals.timer
                gate.hold(AnyCancellable { timer.cancel() }, as: ticksKey)
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            // As Combine's: the intervals stop, and the rest (dropped on failure)
                            // and the completion go out on the scheduler, as its next action.
                            gate.cancelUpstream(ticksKey)
                            scheduler.schedule(options: options) {
                                gate.update { group, outbox in
                                    if case .finished = completion, !group.isEmpty {
                                        outbox.send(group)
                                    }
                                    group = []
                                    outbox.finish(completion)
                                }
                            }
                        },
                        receiveValue: { value in
                            gate.update { group, outbox in
                                group.append(value)
                                guard group.count >= count else { return }
                                outbox.send(group)
                                group = []
                            }
                        }
                    ))
                return AnyCancellable { gate.cancel() }
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
