// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Dispatch queues as schedulers, as Combine makes them.
    public import Dispatch

    extension DispatchQueue: Scheduler {
        /// A dispatch queue's time: a `DispatchTime`.
        public struct SchedulerTimeType: Strideable, Hashable, Sendable {
            /// The time.
            public var dispatchTime: DispatchTime

            /// The time `time`.
            public init(_ time: DispatchTime) {
                dispatchTime = time
            }

            /// The distance to `other`.
            public func distance(to other: SchedulerTimeType) -> Stride {
                Stride(
                    .nanoseconds(
                        Int(
                            Int64(bitPattern: other.dispatchTime.uptimeNanoseconds)
                                - Int64(bitPattern: dispatchTime.uptimeNanoseconds))))
            }

            /// The time `n` later (or earlier).
            public func advanced(by n: Stride) -> SchedulerTimeType {
                let nanoseconds =
                    Int64(bitPattern: dispatchTime.uptimeNanoseconds) + Int64(n.magnitude)
                return SchedulerTimeType(
                    DispatchTime(uptimeNanoseconds: UInt64(max(0, nanoseconds))))
            }

            /// Whether two times are the same.
            public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
                lhs.dispatchTime.uptimeNanoseconds == rhs.dispatchTime.uptimeNanoseconds
            }

            /// Hashes the time.
            public func hash(into hasher: inout Hasher) {
                hasher.combine(dispatchTime.uptimeNanoseconds)
            }

            /// A distance between two dispatch times, in nanoseconds; literals are seconds.
            public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
                ExpressibleByFloatLiteral, Hashable, Sendable
            {
                /// The distance in nanoseconds.
                public var magnitude: Int

                /// The distance as a `DispatchTimeInterval`.
                public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

                /// A stride of `timeInterval`.
                public init(_ timeInterval: DispatchTimeInterval) {
                    switch timeInterval {
                    case .seconds(let s): magnitude = s * 1_000_000_000
                    case .milliseconds(let ms): magnitude = ms * 1_000_000
                    case .microseconds(let us): magnitude = us * 1_000
                    case .nanoseconds(let ns): magnitude = ns
                    default: magnitude = .max
                    }
                }

                /// A stride of `value` seconds.
                public init(floatLiteral value: Double) { magnitude = Int(value * 1_000_000_000) }
                /// A stride of `value` seconds.
                public init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }
                /// A stride of `source` seconds, if it fits.
                public init?<T: BinaryInteger>(exactly source: T) {
                    guard let seconds = Int(exactly: source) else { return nil }
                    magnitude = seconds * 1_000_000_000
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
                /// The product of two strides.
                public static func * (lhs: Stride, rhs: Stride) -> Stride {
                    Stride(nanoseconds: lhs.magnitude * rhs.magnitude)
                }
                /// Adds `rhs` to `lhs`.
                public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
                /// Subtracts `rhs` from `lhs`.
                public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
                /// Multiplies `lhs` by `rhs`.
                public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
                /// A stride of `s` seconds.
                public static func seconds(_ s: Int) -> Stride {
                    Stride(nanoseconds: s * 1_000_000_000)
                }
                /// A stride of `s` seconds.
                public static func seconds(_ s: Double) -> Stride {
                    Stride(nanoseconds: Int(s * 1_000_000_000))
                }
                /// A stride of `ms` milliseconds.
                public static func milliseconds(_ ms: Int) -> Stride {
                    Stride(nanoseconds: ms * 1_000_000)
                }
                /// A stride of `us` microseconds.
                public static func microseconds(_ us: Int) -> Stride {
                    Stride(nanoseconds: us * 1_000)
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
            return repeating
        }
    }

    /// A dispatch timer, to cancel from a cancellable.
    // @unchecked: cancelling a dispatch source is safe from any thread; nothing else is touched.
    private final class SourceHandle: @unchecked Sendable {
        private let source: any DispatchSourceTimer
        init(_ source: any DispatchSourceTimer) { self.source = source }
        func cancel() { source.cancel() }
    }
#endif
