import Foundation
import Publishing

/// Runs an action once a duration has passed, unless cancelled first.
///
/// Every timer of the process shares one ``DeadlineScheduler``, so arming and cancelling one
/// (which every wait does) costs a lock and a heap insert, with no system call in the common
/// case of a wait that ends long before its timeout.
struct DeadlineTimer {
    private let id: UInt64

    init(after delay: Duration, action: @escaping @Sendable () -> Void) {
        id = DeadlineScheduler.shared.schedule(after: delay, action)
    }

    func cancel() {
        DeadlineScheduler.shared.cancel(id)
    }
}

/// One thread that sleeps until the earliest pending deadline and runs the actions that are due.
///
/// A new deadline wakes the thread only when it is earlier than every pending one. Cancelling
/// drops the action at once; the deadline itself stays in the heap until it passes or the heap
/// is compacted, so memory stays proportional to the pending timers.
// @unchecked: every mutable field is only touched while holding `condition`'s lock.
final class DeadlineScheduler: @unchecked Sendable {
    static let shared = DeadlineScheduler()

    private struct Entry {
        let deadline: ContinuousClock.Instant
        let id: UInt64
    }

    private typealias Scheduled = (deadline: ContinuousClock.Instant, action: @Sendable () -> Void)

    private let condition = NSCondition()
    private var heap: [Entry] = []
    private var actions: [UInt64: Scheduled] = [:]
    private var nextID: UInt64 = 0
    /// The deadline the thread sleeps until; `nil` while it sleeps with nothing pending.
    private var sleepingUntil: ContinuousClock.Instant?
    private var isThreadStarted = false
    /// Sends the deadline the thread is about to sleep until (`nil`: none) as it starts each
    /// sleep, still holding the lock; for the package's tests.
    let sleeps = Relay<ContinuousClock.Instant?, Never>()

    /// The longest delay scheduled; longer ones are clamped to it (about 30 years).
    private static let longest = Duration.seconds(60 * 60 * 24 * 365 * 30)

    /// Schedules `action` to run `delay` from now, on the scheduler's thread.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
        let deadline = ContinuousClock.now.advanced(by: min(max(delay, .zero), Self.longest))
        condition.lock()
        defer { condition.unlock() }
        let id = nextID
        nextID += 1
        actions[id] = (deadline, action)
        push(Entry(deadline: deadline, id: id))
        if !isThreadStarted {
            isThreadStarted = true
            let thread = Thread { [self] in run() }
            thread.name = "ObservationTesting deadlines"
            thread.start()
        } else if sleepingUntil.map({ deadline < $0 }) ?? true {
            condition.signal()
        }
        return id
    }

    /// Drops the action scheduled as `id`, if it has not run.
    func cancel(_ id: UInt64) {
        condition.lock()
        let removed = actions.removeValue(forKey: id)
        if heap.count > 64 && heap.count > 2 * actions.count { compact() }
        condition.unlock()
        // Released after the lock: the action's captures may run any deinit.
        withExtendedLifetime(removed) {}
    }

    /// How many actions are waiting to run; for the package's tests.
    var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return actions.count
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
            while let first = heap.first, actions[first.id] == nil {
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
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
                continue
            }
            _ = pop()
            let due = actions.removeValue(forKey: first.id)
            condition.unlock()
            due?.action()
            condition.lock()
        }
    }

    /// Rebuilds the heap from the live actions, dropping cancelled deadlines.
    private func compact() {
        heap = actions.map { Entry(deadline: $0.value.deadline, id: $0.key) }
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
