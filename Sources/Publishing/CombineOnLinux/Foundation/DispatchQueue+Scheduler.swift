// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Dispatch queues as schedulers, as Combine makes them.
    public import Dispatch

    extension DispatchQueue: Scheduler {
        /// A dispatch queue's time: a `DispatchTime`. It encodes as its number of nanoseconds,
        /// as Combine's does.
        public struct SchedulerTimeType: Strideable, Hashable, Sendable, Codable {
            /// The time.
            public var dispatchTime: DispatchTime

            /// The time `time`.
            public init(_ time: DispatchTime) {
                dispatchTime = time
            }

            /// The distance to `other`: `.nanoseconds(.max)`, either way, if it is wider than
            /// `Int` holds (as to or from `.distantFuture`), as Combine's.
            public func distance(to other: SchedulerTimeType) -> Stride {
                let start = dispatchTime.uptimeNanoseconds
                let end = other.dispatchTime.uptimeNanoseconds
                let width = end >= start ? end - start : start - end
                guard let nanoseconds = Int(exactly: width) else { return .nanoseconds(.max) }
                return .nanoseconds(end >= start ? nanoseconds : -nanoseconds)
            }

            /// The time `n` later (or earlier): `.distantFuture` if that is past the end of
            /// time, or if `n` is `.nanoseconds(.max)`; the first instant if it is before it,
            /// as Combine's.
            public func advanced(by n: Stride) -> SchedulerTimeType {
                let start = dispatchTime.uptimeNanoseconds
                let distantFuture = DispatchTime.distantFuture.uptimeNanoseconds
                guard start != distantFuture, n.magnitude != .max else {
                    return SchedulerTimeType(.distantFuture)
                }
                let step = UInt64(n.magnitude.magnitude)
                if n.magnitude < 0 {
                    // Time 0 is Dispatch's "now": the first instant is 1.
                    return SchedulerTimeType(
                        DispatchTime(uptimeNanoseconds: start > step ? start - step : 1))
                }
                let (end, overflows) = start.addingReportingOverflow(step)
                return SchedulerTimeType(
                    overflows || end == distantFuture
                        ? .distantFuture : DispatchTime(uptimeNanoseconds: end))
            }

            /// Whether two times are the same.
            public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
                lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
            }

            /// Hashes the time.
            public func hash(into hasher: inout Hasher) {
                hasher.combine(dispatchTime.uptimeNanoseconds)
            }

            /// Decodes a time encoded as its number of nanoseconds.
            public init(from decoder: any Decoder) throws {
                let nanoseconds = try decoder.singleValueContainer().decode(UInt64.self)
                self.init(DispatchTime(uptimeNanoseconds: nanoseconds))
            }

            /// Encodes the time as its number of nanoseconds.
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(dispatchTime.uptimeNanoseconds)
            }

            /// A distance between two dispatch times, in nanoseconds; literals are seconds. It
            /// encodes as `{"_nanoseconds": …}`, as Combine's does.
            public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
                ExpressibleByFloatLiteral, Hashable, Sendable, Codable
            {
                private enum CodingKeys: String, CodingKey {
                    case magnitude = "_nanoseconds"
                }

                /// The distance in nanoseconds.
                public var magnitude: Int

                /// The distance as a `DispatchTimeInterval`.
                public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

                /// A stride of `timeInterval`; one out of `Int`'s range of nanoseconds is its
                /// largest or smallest, and `.never` its largest, as in Combine.
                public init(_ timeInterval: DispatchTimeInterval) {
                    switch timeInterval {
                    case .seconds(let s): self = .seconds(s)
                    case .milliseconds(let ms): self = .milliseconds(ms)
                    case .microseconds(let us): self = .microseconds(us)
                    case .nanoseconds(let ns): self = .nanoseconds(ns)
                    default: magnitude = .max
                    }
                }

                /// A stride of `value` seconds (Int's largest or smallest number of nanoseconds,
                /// if out of its range).
                public init(floatLiteral value: Double) { self = .seconds(value) }
                /// A stride of `value` seconds (Int's largest or smallest number of nanoseconds,
                /// if out of its range).
                public init(integerLiteral value: Int) { self = .seconds(value) }
                /// A stride of `source` seconds, if `source` is an `Int` (Int's largest or
                /// smallest number of nanoseconds, if out of its range).
                public init?<T: BinaryInteger>(exactly source: T) {
                    guard let seconds = Int(exactly: source) else { return nil }
                    self = .seconds(seconds)
                }

                private init(nanoseconds: Int) { magnitude = nanoseconds }

                /// Whether `lhs` is the shorter stride.
                public static func < (lhs: Stride, rhs: Stride) -> Bool {
                    lhs.magnitude < rhs.magnitude
                }
                /// The sum of two strides.
                public static func + (lhs: Stride, rhs: Stride) -> Stride {
                    Stride(nanoseconds: lhs.magnitude + rhs.magnitude)
                }
                /// The difference of two strides.
                public static func - (lhs: Stride, rhs: Stride) -> Stride {
                    Stride(nanoseconds: lhs.magnitude - rhs.magnitude)
                }
                /// The product of the two strides in seconds, in whole nanoseconds (Int's
                /// largest or smallest number, if out of its range): zero for two strides of a
                /// few nanoseconds, as Combine's is.
                public static func * (lhs: Stride, rhs: Stride) -> Stride {
                    .seconds(Double(lhs.magnitude) / 1e9 * (Double(rhs.magnitude) / 1e9))
                }
                /// Adds `rhs` to `lhs`.
                public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
                /// Subtracts `rhs` from `lhs`.
                public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
                /// Multiplies `lhs` by `rhs`.
                public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
                /// A stride of `s` seconds (Int's largest or smallest number of nanoseconds, if
                /// out of its range).
                public static func seconds(_ s: Int) -> Stride {
                    Stride(nanoseconds: saturatingProduct(s, 1_000_000_000))
                }
                /// A stride of `s` seconds (Int's largest or smallest number of nanoseconds, if
                /// out of its range).
                public static func seconds(_ s: Double) -> Stride {
                    let nanoseconds = s * 1_000_000_000
                    if nanoseconds >= Double(Int.max) { return Stride(nanoseconds: .max) }
                    if nanoseconds <= Double(Int.min) { return Stride(nanoseconds: .min) }
                    return Stride(nanoseconds: Int(nanoseconds))
                }
                /// A stride of `ms` milliseconds (Int's largest or smallest number of
                /// nanoseconds, if out of its range).
                public static func milliseconds(_ ms: Int) -> Stride {
                    Stride(nanoseconds: saturatingProduct(ms, 1_000_000))
                }
                /// A stride of `us` microseconds (Int's largest or smallest number of
                /// nanoseconds, if out of its range).
                public static func microseconds(_ us: Int) -> Stride {
                    Stride(nanoseconds: saturatingProduct(us, 1_000))
                }
                /// A stride of `ns` nanoseconds.
                public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
            }
        }

        /// How a dispatch queue runs scheduled work.
        public struct SchedulerOptions {
            /// The quality of service of the work.
            public var qos: DispatchQoS
            /// The work item's flags.
            public var flags: DispatchWorkItemFlags
            /// A group the work joins.
            public var group: DispatchGroup?

            /// Options for scheduled work.
            public init(
                qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                group: DispatchGroup? = nil
            ) {
                self.qos = qos
                self.flags = flags
                self.group = group
            }
        }

        /// The queue's current time.
        public var now: SchedulerTimeType { SchedulerTimeType(.now()) }
        /// Zero.
        public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

        /// Runs `action` on the queue, asynchronously.
        public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
            let work = ScheduledAction(run: action)
            async(
                group: options?.group, qos: options?.qos ?? .unspecified,
                flags: options?.flags ?? []
            ) {
                work.run()
            }
        }

        /// Runs `action` on the queue at `date`.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?, _ action: @escaping () -> Void
        ) {
            let work = ScheduledAction(run: action)
            asyncAfter(
                deadline: date.dispatchTime, qos: options?.qos ?? .unspecified,
                flags: options?.flags ?? []
            ) {
                work.run()
            }
        }

        /// Runs `action` on the queue at `date`, then every `interval`, until cancelled.
        ///
        /// - Returns: A cancellable that also cancels when it is released, as Combine's does.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
            tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) -> any Cancellable {
            let work = ScheduledAction(run: action)
            let timer = DispatchSource.makeTimerSource(queue: self)
            timer.schedule(
                deadline: date.dispatchTime, repeating: .nanoseconds(max(1, interval.magnitude)),
                leeway: .nanoseconds(max(0, tolerance.magnitude)))
            let source = SourceHandle(timer)
            let repeating = RepeatingWork(cleanup: { source.cancel() })
            timer.setEventHandler {
                if !repeating.isCancelled { work.run() }
            }
            timer.resume()
            return AnyCancellable(repeating)
        }
    }

    /// `count * unit`, or Int's largest or smallest value if that is out of its range; `unit` is
    /// positive.
    private func saturatingProduct(_ count: Int, _ unit: Int) -> Int {
        let (product, overflows) = count.multipliedReportingOverflow(by: unit)
        guard overflows else { return product }
        return count > 0 ? .max : .min
    }

    /// A dispatch timer, to cancel from a cancellable.
    // @unchecked: cancelling a dispatch source is safe from any thread; nothing else is touched.
    private final class SourceHandle: @unchecked Sendable {
        private let source: any DispatchSourceTimer
        init(_ source: any DispatchSourceTimer) { self.source = source }
        func cancel() { source.cancel() }
    }
#endif
