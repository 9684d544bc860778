// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Run loops as schedulers, as Combine makes them.
    public import Foundation

    extension RunLoop: Scheduler {
        /// A run loop's time: a `Date`. It encodes as `{"date": …}`, as Combine's does.
        public struct SchedulerTimeType: Strideable, Hashable, Sendable, Codable {
            /// The time.
            public var date: Date

            /// The time `date`.
            public init(_ date: Date) {
                self.date = date
            }

            /// The distance to `other`.
            public func distance(to other: SchedulerTimeType) -> Stride {
                Stride(other.date.timeIntervalSince(date))
            }

            /// The time `n` later (or earlier).
            public func advanced(by n: Stride) -> SchedulerTimeType {
                SchedulerTimeType(date.addingTimeInterval(n.magnitude))
            }

            /// A distance between two dates, in seconds. It encodes as `{"magnitude": …}`, as
            /// Combine's does.
            public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
                ExpressibleByFloatLiteral, Hashable, Sendable, Codable
            {
                /// The distance in seconds.
                public var magnitude: TimeInterval

                /// The distance in seconds.
                public var timeInterval: TimeInterval { magnitude }

                /// A stride of `timeInterval` seconds.
                public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
                /// A stride of `value` seconds.
                public init(floatLiteral value: Double) { magnitude = value }
                /// A stride of `value` seconds, written as a whole number (its type is
                /// `TimeInterval`, as Combine's is).
                public init(integerLiteral value: TimeInterval) { magnitude = value }
                /// A stride of `source` seconds, if it fits.
                public init?<T: BinaryInteger>(exactly source: T) {
                    guard let value = TimeInterval(exactly: source) else { return nil }
                    magnitude = value
                }

                /// Whether `lhs` is the shorter stride.
                public static func < (lhs: Stride, rhs: Stride) -> Bool {
                    lhs.magnitude < rhs.magnitude
                }
                /// The sum of two strides.
                public static func + (lhs: Stride, rhs: Stride) -> Stride {
                    Stride(lhs.magnitude + rhs.magnitude)
                }
                /// The difference of two strides.
                public static func - (lhs: Stride, rhs: Stride) -> Stride {
                    Stride(lhs.magnitude - rhs.magnitude)
                }
                /// The product of two strides.
                public static func * (lhs: Stride, rhs: Stride) -> Stride {
                    Stride(lhs.magnitude * rhs.magnitude)
                }
                /// Adds `rhs` to `lhs`.
                public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
                /// Subtracts `rhs` from `lhs`.
                public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
                /// Multiplies `lhs` by `rhs`.
                public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
                /// A stride of `s` seconds.
                public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
                /// A stride of `s` seconds.
                public static func seconds(_ s: Double) -> Stride { Stride(s) }
                /// A stride of `ms` milliseconds.
                public static func milliseconds(_ ms: Int) -> Stride {
                    Stride(TimeInterval(ms) / 1_000)
                }
                /// A stride of `us` microseconds.
                public static func microseconds(_ us: Int) -> Stride {
                    Stride(TimeInterval(us) / 1_000_000)
                }
                /// A stride of `ns` nanoseconds.
                public static func nanoseconds(_ ns: Int) -> Stride {
                    Stride(TimeInterval(ns) / 1_000_000_000)
                }
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
