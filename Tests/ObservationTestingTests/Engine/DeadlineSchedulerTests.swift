import Dispatch
import Publishing
import Testing

@testable import ObservationTesting

/// The shared timer thread behind every timeout. Deadlines here are short and far apart from
/// the waits' generous timeouts, so a loaded machine changes only how late they fire, never
/// the order or which ones fire.
@Suite("Deadline scheduler", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct DeadlineSchedulerTests {
    @Test("Timers fire in deadline order, whatever order they were armed in")
    func firesInDeadlineOrder() async {
        // Its own scheduler, held by a first action until all three are armed: a loaded
        // machine may stall the arming past every deadline (30 ms could pass before the 10 ms
        // timer is armed), and the heap must then hand all three out in order.
        let scheduler = DeadlineScheduler()
        let armed = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(after: .zero) { armed.wait() }
        // In a lock only to be `Sendable` where Combine's subjects are not marked so.
        let fired = Locked(PassthroughSubject<Int, Never>())
        let recorder = fired.withLock { $0.record() }
        for milliseconds in [30, 10, 20] {
            _ = scheduler.schedule(after: .milliseconds(milliseconds)) {
                fired.withLock { $0.send(milliseconds) }
            }
        }
        armed.signal()
        await until(recorder, satisfies: [{ $0 == 30 }])
        #expect(recorder.values == [10, 20, 30])
    }

    @Test("An earlier deadline armed after a later one wakes the sleeping thread")
    func earlierDeadlineWakesTheThread() async {
        // Its own scheduler, so no other test's timer can wake the thread instead.
        let scheduler = DeadlineScheduler()
        let fired = Locked(PassthroughSubject<String, Never>())
        let recorder = fired.withLock { $0.record() }
        let sleeps = scheduler.sleeps.record()
        let late = scheduler.schedule(after: .seconds(3_600)) { fired.withLock { $0.send("late") } }
        defer { scheduler.cancel(late) }
        // Asleep until the late deadline: only a wake-up can get the early one run in time.
        await until(sleeps, satisfies: [{ $0 != nil }])
        _ = scheduler.schedule(after: .milliseconds(1)) { fired.withLock { $0.send("early") } }
        await until(recorder, satisfies: [{ $0 == "early" }])
        #expect(recorder.values == ["early"])
    }

    @Test("A cancelled timer's action is dropped at once, and its deadline compacted away")
    func cancelledTimersAreDropped() {
        let scheduler = DeadlineScheduler()
        let kept = scheduler.schedule(after: .seconds(3_600)) {}
        for _ in 0..<10_000 {
            scheduler.cancel(scheduler.schedule(after: .seconds(3_600)) {})
        }
        // Only the kept action can ever run; many waits hold no memory for their timeouts.
        #expect(scheduler.pendingCount == 1)
        #expect(scheduler.heapCount <= 130)
        scheduler.cancel(kept)
        #expect(scheduler.pendingCount == 0)
    }
}
