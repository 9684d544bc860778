// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Operation queues as schedulers, as Combine makes them.
    public import Foundation

    extension OperationQueue: Scheduler {
        /// An operation queue's time: a `Date`, as a run loop's is.
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

        /// Operation queues take no scheduling options.
        public struct SchedulerOptions: Sendable {}

        /// The current date.
        public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
        /// Zero.
        public var minimumTolerance: SchedulerTimeType.Stride { 0 }

        /// Adds `action` to the queue.
        public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
            let work = ScheduledAction(run: action)
            addOperation { work.run() }
        }

        /// Adds `action` to the queue at `date`.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?, _ action: @escaping () -> Void
        ) {
            let work = ScheduledAction(run: action)
            let queue = OperationQueueHandle(self)
            DispatchQueue.global().asyncAfter(
                deadline: .now() + max(0, date.date.timeIntervalSinceNow)
            ) {
                queue.add(work)
            }
        }

        /// Adds `action` to the queue at `date`, then every `interval`, until cancelled.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
            tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) -> any Cancellable {
            let work = ScheduledAction(run: action)
            let queue = OperationQueueHandle(self)
            let start = DispatchTime.now() + max(0, date.date.timeIntervalSinceNow)
            return DispatchQueue.global().schedule(
                after: DispatchQueue.SchedulerTimeType(start),
                interval: .seconds(interval.magnitude),
                tolerance: .seconds(tolerance.magnitude),
                options: nil
            ) {
                queue.add(work)
            }
        }
    }

    /// An operation queue, to add work to from a dispatch queue.
    // @unchecked: `OperationQueue.addOperation` is safe from any thread.
    private final class OperationQueueHandle: @unchecked Sendable {
        private let queue: OperationQueue
        init(_ queue: OperationQueue) { self.queue = queue }
        func add(_ work: ScheduledAction) { queue.addOperation { work.run() } }
    }
#endif
