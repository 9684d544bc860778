// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Operators that move delivery to a scheduler or work with time: receive(on:), subscribe(on:),
    // debounce, throttle, delay, timeout, measureInterval, collect(.byTime).
    //
    // Scheduled work and upstream sends can run on different threads at once, so each of these
    // delivers through a ``Gate``: one event at a time, nothing after the completion or a cancel.

    extension Publishers {
        /// A publisher that delivers its upstream's events on a scheduler.
        public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
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

            /// Subscribes to the upstream and schedules each event on the scheduler, in order on a
            /// serial one; after a cancel, nothing scheduled is delivered.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, options) = (scheduler, options)
                let gate = Gate(
                    (), receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            scheduler.schedule(options: options) {
                                gate.update { _, outbox in outbox.finish(completion) }
                            }
                        },
                        receiveValue: { value in
                            scheduler.schedule(options: options) {
                                gate.update { _, outbox in outbox.send(value) }
                            }
                        }
                    ))
                return AnyCancellable { gate.cancel() }
            }
        }

        /// A publisher that subscribes to its upstream on a scheduler.
        public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher subscribed to.
            public let upstream: Upstream
            /// Where the subscription is made.
            public let scheduler: Context
            /// How it is scheduled.
            public let options: Context.SchedulerOptions?

            /// Schedules the subscription to the upstream; a cancel before it runs prevents it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let upstream = upstream
                let link = UpstreamLink()
                scheduler.schedule(options: options) {
                    link.attach(
                        upstream.sink(
                            receiveCompletion: receiveCompletion, receiveValue: receiveValue))
                }
                return AnyCancellable { link.cancel() }
            }
        }

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
            /// How deliveries are scheduled.
            public let options: Context.SchedulerOptions?

            /// Subscribes to the upstream. Each value replaces the one waiting and restarts the
            /// wait; the value is sent once `dueTime` passes with no other. When the upstream
            /// finishes, a waiting value is sent first; a failure drops it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, options, dueTime) = (scheduler, options, dueTime)
                let gate = Gate(
                    (generation: 0, waiting: Output?.none),
                    receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            scheduler.schedule(options: options) {
                                gate.update { state, outbox in
                                    if case .finished = completion, let waiting = state.waiting {
                                        outbox.send(waiting)
                                    }
                                    state.waiting = nil
                                    outbox.finish(completion)
                                }
                            }
                        },
                        receiveValue: { value in
                            let generation = gate.update { state, _ in
                                state.generation += 1
                                state.waiting = value
                                return state.generation
                            }
                            scheduler.schedule(
                                after: scheduler.now.advanced(by: dueTime),
                                tolerance: scheduler.minimumTolerance, options: options
                            ) {
                                gate.update { state, outbox in
                                    guard state.generation == generation,
                                        let waiting = state.waiting
                                    else { return }
                                    state.waiting = nil
                                    outbox.send(waiting)
                                }
                            }
                        }
                    ))
                return AnyCancellable { gate.cancel() }
            }
        }

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

            /// Subscribes to the upstream. A value that comes when no interval is running is sent
            /// at once and starts one; values during an interval are held (the first or the
            /// latest), and sent when it ends, starting the next. When the upstream finishes, a
            /// held value is sent first; a failure drops it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, interval, latest) = (scheduler, interval, latest)
                let gate = Gate(
                    (isRunning: false, held: Output?.none),
                    receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                func endInterval() {
                    // Scheduled outside the lock: a scheduler may run the action at once.
                    let startsAnother = gate.update { state, outbox -> Bool in
                        guard let held = state.held else {
                            state.isRunning = false
                            return false
                        }
                        state.held = nil
                        outbox.send(held)
                        return true
                    }
                    if startsAnother {
                        scheduler.schedule(after: scheduler.now.advanced(by: interval), endInterval)
                    }
                }
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            scheduler.schedule {
                                gate.update { state, outbox in
                                    if case .finished = completion, let held = state.held {
                                        outbox.send(held)
                                    }
                                    state.held = nil
                                    outbox.finish(completion)
                                }
                            }
                        },
                        receiveValue: { value in
                            let startsInterval = gate.update { state, _ -> Bool in
                                guard state.isRunning else {
                                    state.isRunning = true
                                    return true
                                }
                                if latest || state.held == nil { state.held = value }
                                return false
                            }
                            guard startsInterval else { return }
                            scheduler.schedule { gate.update { _, outbox in outbox.send(value) } }
                            scheduler.schedule(
                                after: scheduler.now.advanced(by: interval), endInterval)
                        }
                    ))
                return AnyCancellable { gate.cancel() }
            }
        }

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

            /// Subscribes to the upstream; if it sends nothing for `interval` (from the
            /// subscription, then from each value), finishes (or fails with `customError()`) and
            /// cancels it.
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
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            gate.update { _, outbox in outbox.finish(completion) }
                        },
                        receiveValue: { value in
                            let generation = gate.update { generation, outbox in
                                generation += 1
                                outbox.send(value)
                                return generation
                            }
                            arm(generation)
                        }
                    ))
                return AnyCancellable { gate.cancel() }
            }
        }

        /// A publisher of the time between its upstream's values, measured on a scheduler.
        public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
            /// The time since the previous value (or the subscription).
            public typealias Output = Context.SchedulerTimeType.Stride
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher measured.
            public let upstream: Upstream
            /// Whose clock measures.
            public let scheduler: Context

            /// Subscribes to the upstream, sending the time since the previous value for each.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let scheduler = scheduler
                var last = scheduler.now
                return upstream.sink(receiveCompletion: receiveCompletion) { _ in
                    let now = scheduler.now
                    receiveValue(last.distance(to: now))
                    last = now
                }
            }
        }

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

            /// Subscribes to the upstream; sends each non-empty group when its interval ends (or
            /// its count is reached), and the rest when the upstream finishes.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, interval, count): (Context, Context.SchedulerTimeType.Stride, Int) =
                    switch strategy {
                    case .byTime(let scheduler, let interval): (scheduler, interval, .max)
                    case .byTimeOrCount(let scheduler, let interval, let count):
                        (scheduler, interval, count)
                    }
                let gate = Gate(
                    [Upstream.Output](), receiveValue: receiveValue,
                    receiveCompletion: receiveCompletion)
                let ticks = scheduler.schedule(
                    after: scheduler.now.advanced(by: interval), interval: interval,
                    tolerance: scheduler.minimumTolerance, options: options
                ) {
                    gate.update { group, outbox in
                        guard !group.isEmpty else { return }
                        outbox.send(group)
                        group = []
                    }
                }
                gate.hold(AnyCancellable { ticks.cancel() })
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            gate.update { group, outbox in
                                if case .finished = completion, !group.isEmpty {
                                    outbox.send(group)
                                }
                                group = []
                                outbox.finish(completion)
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

        /// Subscribes to this publisher on `scheduler`.
        ///
        /// - Parameters:
        ///   - scheduler: Where to subscribe.
        ///   - options: How to schedule the subscription.
        /// - Returns: A publisher that subscribes on `scheduler`.
        public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
            -> Publishers.SubscribeOn<Self, S>
        {
            Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
        }

        /// Sends a value only once no other has come for `dueTime`.
        ///
        /// ```swift
        /// $query.debounce(for: .milliseconds(300), scheduler: RunLoop.main)
        /// ```
        ///
        /// - Parameters:
        ///   - dueTime: How long the upstream must be quiet.
        ///   - scheduler: Where time is kept and values delivered.
        ///   - options: How deliveries are scheduled.
        /// - Returns: A debounced publisher.
        public func debounce<S: Scheduler>(
            for dueTime: S.SchedulerTimeType.Stride, scheduler: S,
            options: S.SchedulerOptions? = nil
        ) -> Publishers.Debounce<Self, S> {
            Publishers.Debounce(
                upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
        }

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
