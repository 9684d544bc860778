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

        /// Adds `action` to the queue, as one block operation.
        public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
            // The block operation itself, not `addOperation(_:)` with a closure: that form adds
            // a second operation through `addOperation(_:)` on Linux, which a subclass sees.
            let work = ScheduledAction(run: action)
            addOperation(BlockOperation { work.run() })
        }

        /// Adds `action` to the queue at once, as an operation that is not ready until `date`.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?, _ action: @escaping () -> Void
        ) {
            addOperation(DueOperation(due: date.date, action: ScheduledAction(run: action)))
        }

        /// Adds `action` to the queue at once, as an operation that is not ready until `date`;
        /// each run adds the next, due `interval` after it, until cancelled.
        ///
        /// - Returns: A cancellable that also cancels when it is released, as Combine's does.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
            tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) -> any Cancellable {
            let repeats = DueOperation.Repeats(queue: self, interval: interval.magnitude)
            repeats.enqueue(
                DueOperation(due: date.date, action: ScheduledAction(run: action), repeats: repeats)
            )
            return AnyCancellable(repeats)
        }
    }
#endif
