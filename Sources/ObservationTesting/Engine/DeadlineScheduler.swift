import Foundation
import Publishing

/// One thread that sleeps until the earliest pending deadline and runs the actions that are due.
///
/// A new deadline wakes the thread only when it is earlier than every pending one. Cancelling
/// drops the action at once; the deadline itself stays in the heap until it passes or the heap
/// is compacted, so memory stays proportional to the pending timers.
// @unchecked: every mutable field is only touched while holding `condition`'s lock; `sleeps`, a
// subject, locks by itself.
final class DeadlineScheduler: @unchecked Sendable {
    static let shared = DeadlineScheduler()

    /// A scheduled action, and the handle that cancels it.
    ///
    /// Cancelling clears the action in place, with no lookup by key: a wait cancels its timeout
    /// as it returns, so this is on the path from a change to the test's next line.
    // @unchecked: `action` is only read or written while holding the scheduler's lock.
    final class Entry: @unchecked Sendable {
        let deadline: ContinuousClock.Instant
        fileprivate var action: (@Sendable () -> Void)?

        fileprivate init(deadline: ContinuousClock.Instant, action: @escaping @Sendable () -> Void)
        {
            self.deadline = deadline
            self.action = action
        }
    }

    private let condition = ConditionLock()
    private var heap: [Entry] = []
    /// How many entries still have an action to run.
    private var pending = 0
    /// The deadline the thread sleeps until; `nil` while it sleeps with nothing pending.
    private var sleepingUntil: ContinuousClock.Instant?
    private var isThreadStarted = false
    /// Sends the deadline the thread is about to sleep until (`nil`: none) as it starts each
    /// sleep, still holding the lock; for the package's tests.
    let sleeps = PassthroughSubject<ContinuousClock.Instant?, Never>()

    /// The longest delay scheduled; longer ones are clamped to it (about 30 years).
    private static let longest = Duration.seconds(60 * 60 * 24 * 365 * 30)

    /// Schedules `action` to run `delay` from now, on the scheduler's thread.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Entry {
        let deadline = ContinuousClock.now.advanced(by: min(max(delay, .zero), Self.longest))
        let entry = Entry(deadline: deadline, action: action)
        condition.lock()
        defer { condition.unlock() }
        pending += 1
        push(entry)
        if !isThreadStarted {
            isThreadStarted = true
            let thread = Thread { [self] in run() }
            thread.name = "ObservationTesting deadlines"
            thread.start()
        } else if sleepingUntil.map({ deadline < $0 }) ?? true {
            condition.signal()
        }
        return entry
    }

    /// Drops the action of `entry`, if it has not run.
    func cancel(_ entry: Entry) {
        condition.lock()
        let removed = entry.action.take()
        if removed != nil {
            pending -= 1
            if heap.count > 64 && heap.count > 2 * pending { compact() }
        }
        condition.unlock()
        // Released after the lock, as the action's captures may run any deinit; ended here by
        // `consume`, not `withExtendedLifetime`, which re-wraps a closure in a new one.
        _ = consume removed
    }

    /// How many actions are waiting to run; for the package's tests.
    var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return pending
    }

    /// How many deadlines the heap holds, cancelled ones included; for the package's tests.
    var heapCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return heap.count
    }

    private func run() {
        condition.lock()
        while true {
            while let first = heap.first, first.action == nil {
                _ = pop()
            }
            guard let first = heap.first else {
                sleepingUntil = nil
                sleeps.send(nil)
                condition.wait()
                continue
            }
            let now = ContinuousClock.now
            guard first.deadline <= now else {
                sleepingUntil = first.deadline
                sleeps.send(first.deadline)
                let seconds = (first.deadline - now).inSeconds
                condition.wait(seconds: seconds)
                continue
            }
            _ = pop()
            let due = first.action
            first.action = nil
            pending -= 1
            condition.unlock()
            due?()
            condition.lock()
        }
    }

    /// Rebuilds the heap from the live actions, dropping cancelled deadlines.
    private func compact() {
        heap.removeAll { $0.action == nil }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) {
            siftDown(from: index)
        }
    }

    // MARK: Binary min-heap on `deadline`

    private func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func pop() -> Entry {
        heap.swapAt(0, heap.count - 1)
        let entry = heap.removeLast()
        if !heap.isEmpty { siftDown(from: 0) }
        return entry
    }

    private func siftDown(from index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count, heap[right].deadline < heap[smallest].deadline {
                smallest = right
            }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

/// A mutex and a condition variable: what `NSCondition` is, without its Foundation object.
///
/// A wait that suspends locks the scheduler twice, arming and then cancelling its timeout, the
/// second time between the change and the test's next line; `NSCondition`'s lock is a dynamic
/// call into Foundation around the same pthread call.
// @unchecked: the mutex and the condition are only touched through the pthread calls, which are
// thread-safe; the pointers never change.
private final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Wakes one thread waiting on the condition.
    func signal() { pthread_cond_signal(condition) }

    /// Releases the lock until signalled (or woken spuriously), then takes it again.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// As ``wait()``, but for at most `seconds`.
    func wait(seconds: Double) {
        // The condition's clock is the wall clock, as `NSCondition.wait(until:)`'s is.
        let deadline = Date().timeIntervalSince1970 + max(seconds, 0)
        let whole = deadline.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: Int((deadline - whole) * 1e9))
        _ = pthread_cond_timedwait(condition, mutex, &time)
    }
}
