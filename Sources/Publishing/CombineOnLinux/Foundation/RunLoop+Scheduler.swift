// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Run loops as schedulers, as Combine makes them.
    public import Foundation

    extension RunLoop: Scheduler {
        /// A run loop's time: a `Date`.
        public struct SchedulerTimeType: DateSchedulerTime {
            /// The time.
            public var date: Date

            /// The time `date`.
            public init(_ date: Date) {
                self.date = date
            }

            /// A distance between two dates, in seconds.
            public struct Stride: SecondsStride {
                /// The distance in seconds.
                public var magnitude: TimeInterval

                /// A stride of `timeInterval` seconds.
                public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
            }
        }

        /// Run loops take no scheduling options.
        public struct SchedulerOptions: Sendable {}

        /// The current date.
        public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
        /// Zero.
        public var minimumTolerance: SchedulerTimeType.Stride { 0 }

        /// Whether this is the main run loop, whose work goes through the main queue.
        ///
        /// Swift Testing on Linux never runs the main run loop, so work put on it directly would
        /// never run there; the main queue runs under both frameworks (it is the main actor's
        /// executor), and the main run loop drains it wherever the run loop does run.
        private var isMain: Bool { self === RunLoop.main }

        /// Runs `action` on the run loop, asynchronously.
        public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
            let work = ScheduledAction(run: action)
            if isMain {
                DispatchQueue.main.async { work.run() }
            } else {
                perform { work.run() }
            }
        }

        /// Runs `action` on the run loop at `date`.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?, _ action: @escaping () -> Void
        ) {
            let work = ScheduledAction(run: action)
            if isMain {
                DispatchQueue.main.asyncAfter(
                    deadline: .now() + max(0, date.date.timeIntervalSinceNow)
                ) {
                    work.run()
                }
            } else {
                let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in work.run() }
                add(timer, forMode: .default)
            }
        }

        /// Runs `action` on the run loop at `date`, then every `interval`, until cancelled.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
            tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) -> any Cancellable {
            if isMain {
                let start = DispatchTime.now() + max(0, date.date.timeIntervalSinceNow)
                return DispatchQueue.main.schedule(
                    after: DispatchQueue.SchedulerTimeType(start),
                    interval: .seconds(interval.magnitude),
                    tolerance: .seconds(tolerance.magnitude),
                    options: nil,
                    action
                )
            }
            let work = ScheduledAction(run: action)
            let timer = Timer(fire: date.date, interval: interval.magnitude, repeats: true) { _ in
                work.run()
            }
            add(timer, forMode: .default)
            let handle = TimerHandle(timer)
            return AnyCancellable { handle.invalidate() }
        }
    }

    /// A timer, to invalidate from a cancellable.
    // @unchecked: `Timer.invalidate` is documented as safe from the timer's thread; it is only
    // called once, from `cancel`.
    private final class TimerHandle: @unchecked Sendable {
        private let timer: Timer
        init(_ timer: Timer) { self.timer = timer }
        func invalidate() { timer.invalidate() }
    }
#endif
