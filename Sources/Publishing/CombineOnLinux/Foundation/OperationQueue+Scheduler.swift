// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Operation queues as schedulers, as Combine makes them.
    public import Foundation

    extension OperationQueue: Scheduler {
        /// An operation queue tells time as a run loop does: by dates. On Apple platforms these
        /// are types of their own with the same members; here they are `RunLoop`'s.
        public typealias SchedulerTimeType = RunLoop.SchedulerTimeType
        /// Operation queues take no scheduling options.
        public typealias SchedulerOptions = RunLoop.SchedulerOptions

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
