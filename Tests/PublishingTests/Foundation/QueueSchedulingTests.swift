// What Foundation's queues are given when they schedule work, as Combine gives it: an operation
// queue gets one operation per action, in the queue from the moment it is scheduled; a
// repeating schedule's cancellable is an `AnyCancellable`. What is asserted is what OpenCombine's
// OperationQueueSchedulerTests and DispatchQueueSchedulerTests record of Apple's Combine (they
// run against it). Every test here compiles and passes in both configurations.
import Dispatch
import Foundation
import Publishing
import Testing

@Suite("What Foundation's queues are given when they schedule work")
struct QueueSchedulingTests {
    static let imitationAddsAtTheDate: Comment = """
        the imitation's operation queue scheduler (the kit's AppleSDKOverlay) adds a block \
        operation at the date, where Apple's adds an operation at once that becomes ready at \
        it, as OpenCombine's OperationQueueSchedulerTests (run against Apple's Combine) record
        """

    /// An operation queue that keeps every operation added to it, and counts the closures.
    // @unchecked: `recorded` is behind its lock; the rest is OperationQueue's, safe from any
    // thread.
    final class RecordingQueue: OperationQueue, @unchecked Sendable {
        private let recorded = Locked<(operations: [Operation], closures: Int)>(([], 0))
        var added: [Operation] { recorded.withLock { $0.operations } }
        var closuresAdded: Int { recorded.withLock { $0.closures } }

        override func addOperation(_ operation: Operation) {
            recorded.withLock { $0.operations.append(operation) }
            super.addOperation(operation)
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            recorded.withLock { $0.closures += 1 }
            super.addOperation(block)
        }
    }

    /// A counter an action on another thread bumps, with a signal at a chosen count.
    final class Runs: Sendable {
        private let count = Locked(0)
        let reached = DispatchSemaphore(value: 0)
        private let signalAt: Int

        init(signalAt: Int = 1) { self.signalAt = signalAt }

        var value: Int { count.withLock { $0 } }

        @discardableResult
        func bump() -> Int {
            let now = count.withLock { count -> Int in
                count += 1
                return count
            }
            if now == signalAt { reached.signal() }
            return now
        }
    }

    @Test("An action for now is one block operation, added to the queue")
    func actionNowIsOneBlockOperation() throws {
        let queue = RecordingQueue()
        let runs = Runs()
        queue.schedule { runs.bump() }
        queue.waitUntilAllOperationsAreFinished()
        #expect(queue.added.count == 1)
        #expect(queue.added.first is BlockOperation)
        #expect(queue.closuresAdded == 0)
        #expect(runs.value == 1)
    }

    @Test(
        "An action for later is in the queue at once, not ready until its date, and runs once",
        .skippedInAppleImitation(Self.imitationAddsAtTheDate))
    func actionLaterWaitsInTheQueue() throws {
        let queue = RecordingQueue()
        let runs = Runs()
        let delay: TimeInterval = 0.3
        let start = Date()
        queue.schedule(after: queue.now.advanced(by: .seconds(delay))) { runs.bump() }
        let operation = try #require(queue.added.first)
        #expect(queue.added.count == 1)
        #expect(!(operation is BlockOperation))
        #expect(operation is any Cancellable)
        #expect(!operation.isReady)
        #expect(!operation.isFinished)
        #expect(runs.value == 0)

        queue.waitUntilAllOperationsAreFinished()
        #expect(runs.value == 1)
        // Only a lower bound: a loaded machine may run it late, never early.
        #expect(Date().timeIntervalSince(start) >= delay * 0.9)
        operation.main()
        #expect(runs.value == 1, "An operation that ran runs its action no more")
    }

    @Test(
        "Repeats add each next operation to the queue; a cancel inside a run ends them",
        .skippedInAppleImitation(Self.imitationAddsAtTheDate))
    func repeatsEndAtCancel() throws {
        let queue = RecordingQueue()
        let runs = Runs(signalAt: 3)
        let token = Locked<(any Cancellable)?>(nil)
        let tokenKept = DispatchSemaphore(value: 0)
        let cancellable = queue.schedule(
            after: queue.now.advanced(by: .milliseconds(200)), interval: .milliseconds(20)
        ) {
            let run = runs.bump()
            // However late this thread runs, the token is kept before a run can use it.
            if run == 1 { _ = tokenKept.wait(timeout: .now() + 30) }
            if run == 3 { token.withLock { $0 }?.cancel() }
        }
        // In the queue at once, well before its date.
        let first = try #require(queue.added.first)
        #expect(!(first is BlockOperation))
        token.withLock { $0 = cancellable }
        tokenKept.signal()
        #expect(cancellable is AnyCancellable)

        #expect(runs.reached.wait(timeout: .now() + 30) == .success)
        // The operation that would have been next finishes cancelled, without running.
        queue.waitUntilAllOperationsAreFinished()
        #expect(runs.value == 3)
        first.main()
        #expect(runs.value == 3, "An operation that ran runs its action no more")
    }

    @Test(
        "A repeating dispatch schedule's cancellable is an AnyCancellable, and releasing it ends the repeats"
    )
    func dispatchRepeatsEndWhenReleased() throws {
        let queue = DispatchQueue(label: "QueueSchedulingTests.dispatchRepeatsEndWhenReleased")
        let runs = Runs(signalAt: 2)
        let token = Locked<(any Cancellable)?>(nil)
        let tokenKept = DispatchSemaphore(value: 0)
        do {
            // The token is the only reference to the repeats; this scope keeps none.
            let cancellable = queue.schedule(
                after: queue.now.advanced(by: .milliseconds(10)), interval: .milliseconds(10)
            ) {
                let run = runs.bump()
                // However late this thread runs, the token is kept before a run can use it.
                if run == 1 { _ = tokenKept.wait(timeout: .now() + 30) }
                // Released on the queue itself, so that no later run is already under way.
                if run == 2 { token.withLock { $0 = nil } }
            }
            #expect(cancellable is AnyCancellable)
            token.withLock { $0 = cancellable }
        }
        tokenKept.signal()
        #expect(runs.reached.wait(timeout: .now() + 30) == .success)
        // Twenty intervals later, on the same serial queue: no run since the release.
        let later = DispatchSemaphore(value: 0)
        queue.asyncAfter(deadline: .now() + .milliseconds(200)) { later.signal() }
        #expect(later.wait(timeout: .now() + 30) == .success)
        #expect(runs.value == 2)
    }
}
