// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A stride that can be written in seconds, milliseconds, microseconds or nanoseconds, such as
    /// `.milliseconds(300)`.
    public protocol SchedulerTimeIntervalConvertible {
        /// `s` seconds.
        static func seconds(_ s: Int) -> Self
        /// `s` seconds, fractions included.
        static func seconds(_ s: Double) -> Self
        /// `ms` milliseconds.
        static func milliseconds(_ ms: Int) -> Self
        /// `us` microseconds.
        static func microseconds(_ us: Int) -> Self
        /// `ns` nanoseconds.
        static func nanoseconds(_ ns: Int) -> Self
    }

    /// Something that runs work now or later: a queue, a run loop, or a test scheduler.
    ///
    /// Combine's protocol, with the same requirements, so `receive(on:)`, `debounce(for:scheduler:)`
    /// and the other time operators take `DispatchQueue.main`, `RunLoop.main`, an
    /// `OperationQueue`, ``ImmediateScheduler`` or a type-erased ``AnyScheduler``.
    public protocol Scheduler<SchedulerTimeType> {
        /// How the scheduler tells time.
        associatedtype SchedulerTimeType: Strideable
        where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
        /// Options for scheduling, such as a quality of service.
        associatedtype SchedulerOptions

        /// The scheduler's current time.
        var now: SchedulerTimeType { get }
        /// The smallest tolerance the scheduler allows.
        var minimumTolerance: SchedulerTimeType.Stride { get }

        /// Runs `action` as soon as possible.
        func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

        /// Runs `action` at `date` or soon after.
        func schedule(
            after date: SchedulerTimeType,
            tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?,
            _ action: @escaping () -> Void
        )

        /// Runs `action` at `date`, then every `interval`, until the returned value is cancelled.
        func schedule(
            after date: SchedulerTimeType,
            interval: SchedulerTimeType.Stride,
            tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) -> any Cancellable
    }

    extension Scheduler {
        /// Runs `action` as soon as possible.
        public func schedule(_ action: @escaping () -> Void) {
            schedule(options: nil, action)
        }

        /// Runs `action` at `date` or soon after.
        public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
            schedule(after: date, tolerance: minimumTolerance, options: nil, action)
        }

        /// Runs `action` at `date`, within `tolerance`.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
            _ action: @escaping () -> Void
        ) {
            schedule(after: date, tolerance: tolerance, options: nil, action)
        }

        /// Runs `action` at `date`, then every `interval`, until cancelled.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
            _ action: @escaping () -> Void
        ) -> any Cancellable {
            schedule(
                after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
        }

        /// Runs `action` at `date`, then every `interval` within `tolerance`, until cancelled.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
            tolerance: SchedulerTimeType.Stride, _ action: @escaping () -> Void
        ) -> any Cancellable {
            schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
        }
    }

    /// A closure handed to another thread to run once.
    ///
    /// Dispatch and run loops take `@Sendable` closures; a scheduled action is not one, because
    /// Combine's `Scheduler` takes any closure. The scheduler runs it once, and the operators that
    /// schedule only share state through their own locks.
    // @unchecked: the closure is handed over to the queue or run loop, which runs it once.
    struct ScheduledAction: @unchecked Sendable {
        let run: () -> Void
    }

    /// A cancellable for repeating work: its stage, which the repeating action checks, holds
    /// the cleanup until the cancel runs it, once.
    final class RepeatingWork: Cancellable, Sendable {
        private enum Stage {
            /// Running; the cleanup stops the source of the repeats.
            case running(cleanup: (@Sendable () -> Void)?)
            /// Cancelled: the action runs no more.
            case cancelled
        }

        private let stage: Locked<Stage>

        init(cleanup: (@Sendable () -> Void)? = nil) {
            stage = Locked(.running(cleanup: cleanup))
        }

        var isCancelled: Bool {
            stage.withLock { if case .cancelled = $0 { true } else { false } }
        }

        func cancel() {
            stage.withLock { stage -> (@Sendable () -> Void)? in
                guard case .running(let cleanup) = stage else { return nil }
                stage = .cancelled
                return cleanup
            }?()
        }
    }

    // MARK: - ImmediateScheduler

    /// A scheduler that runs every action at once, on the calling thread, ignoring dates.
    ///
    /// Use it in tests (or where no hop is needed) in place of a queue: `receive(on:
    /// ImmediateScheduler.shared)` delivers synchronously.
    public struct ImmediateScheduler: Scheduler {
        /// The immediate scheduler's time: a counter that never moves.
        public struct SchedulerTimeType: Strideable, Hashable {
            /// A distance between two of its times.
            public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
                ExpressibleByFloatLiteral, Hashable, Codable
            {
                /// A fractional literal, truncated to a count. Named, as the two below are,
                /// as Combine names it, so code that spells the type compiles on Linux too.
                public typealias FloatLiteralType = Double
                /// A whole-number literal: a count.
                public typealias IntegerLiteralType = Int
                /// The magnitude: a count.
                public typealias Magnitude = Int

                /// The distance, as a count.
                public var magnitude: Int

                /// A stride of `value`.
                public init(_ value: Int) { magnitude = value }
                /// A stride of `value`.
                public init(integerLiteral value: Int) { magnitude = value }
                /// A stride of `value`, truncated toward zero.
                public init(floatLiteral value: Double) { magnitude = Int(value) }
                /// A stride of `source`, if it fits.
                public init?<T: BinaryInteger>(exactly source: T) {
                    guard let value = Int(exactly: source) else { return nil }
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
                public static func seconds(_ s: Int) -> Stride { Stride(0) }
                /// A stride of `s` seconds.
                public static func seconds(_ s: Double) -> Stride { Stride(0) }
                /// A stride of `ms` milliseconds.
                public static func milliseconds(_ ms: Int) -> Stride { Stride(0) }
                /// A stride of `us` microseconds.
                public static func microseconds(_ us: Int) -> Stride { Stride(0) }
                /// A stride of `ns` nanoseconds.
                public static func nanoseconds(_ ns: Int) -> Stride { Stride(0) }
            }

            /// The distance to `other`: always zero, as time does not move.
            public func distance(to other: SchedulerTimeType) -> Stride { Stride(0) }
            /// The same time: it does not move.
            public func advanced(by n: Stride) -> SchedulerTimeType { self }
        }

        /// The immediate scheduler takes no options.
        public typealias SchedulerOptions = Never

        // Not `Sendable`, as in Combine; safe to share: it has no stored properties.
        /// The immediate scheduler.
        public nonisolated(unsafe) static let shared = ImmediateScheduler()

        /// Its one time.
        public var now: SchedulerTimeType { SchedulerTimeType() }
        /// Zero.
        public var minimumTolerance: SchedulerTimeType.Stride { Stride(0) }

        /// Runs `action` now.
        public func schedule(options: Never?, _ action: @escaping () -> Void) {
            action()
        }

        /// Runs `action` now, whatever the date.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
            _ action: @escaping () -> Void
        ) {
            action()
        }

        /// Runs `action` once, now; there is no later for it to repeat at.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
            tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void
        ) -> any Cancellable {
            action()
            // Combine's hands back its empty subscription: there is nothing left to cancel.
            return Subscriptions.empty
        }
    }

    extension ImmediateScheduler {
        fileprivate typealias Stride = SchedulerTimeType.Stride
    }
#endif
