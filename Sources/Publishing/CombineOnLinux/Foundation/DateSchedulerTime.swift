// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // The time of the schedulers that tell it by dates, run loops and operation queues: two
    // types each in Combine (`RunLoop.SchedulerTimeType` and `OperationQueue.SchedulerTimeType`,
    // with their strides), with one behaviour, written once here.
    package import Foundation

    /// A scheduler's time that is a `Date`: what `RunLoop.SchedulerTimeType` and
    /// `OperationQueue.SchedulerTimeType` share. It encodes as `{"date": …}`, as Combine's does.
    package protocol DateSchedulerTime: Strideable, Hashable, Sendable, Codable
    where Stride: SecondsStride {
        /// The time.
        var date: Date { get set }
        /// The time `date`.
        init(_ date: Date)
    }

    extension DateSchedulerTime {
        /// The distance to `other`.
        public func distance(to other: Self) -> Stride {
            Stride(other.date.timeIntervalSince(date))
        }

        /// The time `n` later (or earlier).
        public func advanced(by n: Stride) -> Self {
            Self(date.addingTimeInterval(n.magnitude))
        }
    }

    /// A distance in seconds between two dates: what the strides of `RunLoop` and
    /// `OperationQueue` share. It encodes as `{"magnitude": …}`, as Combine's does.
    package protocol SecondsStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
        ExpressibleByFloatLiteral, Hashable, Sendable, Codable
    where Magnitude == TimeInterval, FloatLiteralType == Double, IntegerLiteralType == TimeInterval
    {
        /// The distance in seconds.
        var magnitude: TimeInterval { get set }
        /// A stride of `timeInterval` seconds.
        init(_ timeInterval: TimeInterval)
    }

    extension SecondsStride {
        /// The distance in seconds.
        public var timeInterval: TimeInterval { magnitude }

        /// A stride of `value` seconds.
        public init(floatLiteral value: Double) { self.init(value) }
        /// A stride of `value` seconds, written as a whole number (its type is `TimeInterval`,
        /// as Combine's is).
        public init(integerLiteral value: TimeInterval) { self.init(value) }
        /// A stride of `source` seconds, if it fits.
        public init?<T: BinaryInteger>(exactly source: T) {
            guard let value = TimeInterval(exactly: source) else { return nil }
            self.init(value)
        }

        /// Whether `lhs` is the shorter stride.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
        /// The sum of two strides.
        public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude + rhs.magnitude) }
        /// The difference of two strides.
        public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude - rhs.magnitude) }
        /// The product of two strides.
        public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude * rhs.magnitude) }
        /// Adds `rhs` to `lhs`.
        public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
        /// Subtracts `rhs` from `lhs`.
        public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
        /// Multiplies `lhs` by `rhs`.
        public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
        /// A stride of `s` seconds.
        public static func seconds(_ s: Int) -> Self { Self(TimeInterval(s)) }
        /// A stride of `s` seconds.
        public static func seconds(_ s: Double) -> Self { Self(s) }
        /// A stride of `ms` milliseconds.
        public static func milliseconds(_ ms: Int) -> Self { Self(TimeInterval(ms) / 1_000) }
        /// A stride of `us` microseconds.
        public static func microseconds(_ us: Int) -> Self { Self(TimeInterval(us) / 1_000_000) }
        /// A stride of `ns` nanoseconds.
        public static func nanoseconds(_ ns: Int) -> Self {
            Self(TimeInterval(ns) / 1_000_000_000)
        }
    }
#endif
