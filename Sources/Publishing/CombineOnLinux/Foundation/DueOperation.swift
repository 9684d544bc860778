// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    import Foundation

    /// An operation that is in its queue from the moment it is scheduled but not ready until its
    /// date, as Combine's operation queue scheduler adds one: the queue counts it while it
    /// waits, in `operationCount` and `waitUntilAllOperationsAreFinished()`.
    // @unchecked: `stage` is behind its lock; the other properties are set once, before the
    // queue shares the operation.
    final class DueOperation: Operation, Cancellable, @unchecked Sendable {
        private enum Stage {
            case waiting
            /// Its date has come: the queue may run it.
            case due
            /// It has run its action, which runs no more, even if `main()` is called again.
            case ran
        }

        private let stage = Locked(Stage.waiting)
        private let due: Date
        private let action: ScheduledAction
        private let repeats: Repeats?

        init(due: Date, action: ScheduledAction, repeats: Repeats? = nil) {
            self.due = due
            self.action = action
            self.repeats = repeats
            super.init()
            // The queue learns it is ready as Foundation's operations tell theirs: through
            // `isReady`'s change notification.
            let operation = OperationHandle(self)
            DispatchQueue.global().asyncAfter(deadline: .now() + max(0, due.timeIntervalSinceNow)) {
                operation.becomeDue()
            }
        }

        override var isReady: Bool {
            guard super.isReady else { return false }
            // A cancelled operation is ready, so that its queue lets it go at once.
            if isCancelled { return true }
            return stage.withLock { if case .waiting = $0 { false } else { true } }
        }

        override func main() {
            let runs = stage.withLock { stage -> Bool in
                guard case .due = stage else { return false }
                stage = .ran
                return true
            }
            guard runs, !isCancelled else { return }
            // The next is in the queue before the action runs, so that an action that cancels
            // the repeats cancels it too; it is due an interval after this one was, as a timer's
            // fires are, and not before now.
            if let repeats {
                let next = max(due.addingTimeInterval(repeats.interval), Date())
                repeats.enqueue(DueOperation(due: next, action: action, repeats: repeats))
            }
            action.run()
        }

        fileprivate func becomeDue() {
            let changed = stage.withLock { stage -> Bool in
                guard case .waiting = stage else { return false }
                stage = .due
                return true
            }
            guard changed else { return }
            willChangeValue(forKey: "isReady")
            didChangeValue(forKey: "isReady")
        }
    }

    extension DueOperation {
        /// The repeats of one `schedule(after:interval:)`: the queue each next operation goes
        /// to, and the one waiting there now, which a cancel cancels.
        final class Repeats: Cancellable, Sendable {
            private enum Stage {
                case running(waiting: DueOperation?)
                case cancelled
            }

            let interval: TimeInterval
            private let queue: QueueHandle
            private let stage = Locked(Stage.running(waiting: nil))

            init(queue: OperationQueue, interval: TimeInterval) {
                self.queue = QueueHandle(queue)
                self.interval = interval
            }

            /// Adds `operation` to the queue, unless the repeats were cancelled.
            func enqueue(_ operation: DueOperation) {
                let adds = stage.withLock { stage -> Bool in
                    guard case .running = stage else { return false }
                    stage = .running(waiting: operation)
                    return true
                }
                if adds { queue.add(operation) }
            }

            func cancel() {
                stage.withLock { stage -> DueOperation? in
                    guard case .running(let waiting) = stage else { return nil }
                    stage = .cancelled
                    return waiting
                }?.cancel()
            }
        }
    }

    /// An operation, to make due from a dispatch queue.
    // @unchecked: `becomeDue` touches only the operation's locked stage and Foundation's
    // thread-safe readiness notification.
    private final class OperationHandle: @unchecked Sendable {
        private let operation: DueOperation
        init(_ operation: DueOperation) { self.operation = operation }
        func becomeDue() { operation.becomeDue() }
    }

    /// An operation queue, to add to from any thread.
    // @unchecked: `OperationQueue.addOperation(_:)` is safe from any thread.
    private final class QueueHandle: @unchecked Sendable {
        private let queue: OperationQueue
        init(_ queue: OperationQueue) { self.queue = queue }
        func add(_ operation: Operation) { queue.addOperation(operation) }
    }
#endif
