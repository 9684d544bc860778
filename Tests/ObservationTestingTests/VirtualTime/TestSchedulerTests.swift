import Foundation
import ObservationTesting
import Publishing
import Testing
import XCTest

@Suite("TestScheduler", .untilTimeout(.seconds(30)))
struct TestSchedulerTests {
    @Test(
        "advance runs the work due in time order, ties in scheduling order, work scheduled by work included"
    )
    func timeOrder() {
        let scheduler = DispatchQueue.test
        var order: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { order.append("2 s") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
            order.append("1 s, first")
            scheduler.schedule { order.append("scheduled by 1 s") }
        }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
            order.append("1 s, second")
        }
        scheduler.advance(by: .milliseconds(999))
        #expect(order.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(order == ["1 s, first", "1 s, second", "scheduled by 1 s"])
        scheduler.advance(by: .seconds(5))
        #expect(order.last == "2 s")
        #expect(scheduler.pendingCount == 0)
    }

    @Test("Work scheduled for now runs on the next advance, even by zero; now follows advances")
    func scheduleNow() {
        let scheduler = RunLoop.test
        let start = scheduler.now
        var ran = false
        scheduler.schedule { ran = true }
        #expect(!ran)
        scheduler.advance()
        #expect(ran)
        scheduler.advance(by: 1.5)
        #expect(start.distance(to: scheduler.now) == 1.5)
        scheduler.advance(to: start.advanced(by: 2))
        #expect(start.distance(to: scheduler.now) == 2)
    }

    @Test("A repeating action runs once per interval until cancelled, then never again")
    func repeating() {
        let scheduler = DispatchQueue.test
        var runs = 0
        let timer = scheduler.schedule(
            after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)
        ) { runs += 1 }
        scheduler.advance(by: .seconds(3))
        #expect(runs == 3)
        timer.cancel()
        scheduler.advance(by: .seconds(3))
        #expect(runs == 3)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("A repeating action that cancels its own schedule leaves nothing due")
    func repeatingCancelledFromItsOwnAction() {
        let scheduler = DispatchQueue.test
        var runs = 0
        var timer: (any Cancellable)?
        timer = scheduler.schedule(
            after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)
        ) {
            runs += 1
            timer?.cancel()  // as Combine's debounce does once it has emitted
        }
        scheduler.advance(by: .seconds(1))
        #expect(runs == 1)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("run() runs everything scheduled, moving time to each")
    func runAll() {
        let scheduler = DispatchQueue.test
        var order: [Int] = []
        for seconds in [3, 1, 2] {
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(seconds))) {
                order.append(seconds)
            }
        }
        scheduler.run()
        #expect(order == [1, 2, 3])
        #expect(DispatchQueue.SchedulerTimeType(.now()) != scheduler.now)
    }

    @Test("Moving backwards fails at the call site, naming the request")
    func backwards() {
        let scheduler = DispatchQueue.test
        scheduler.advance(by: .seconds(5))
        let line = #line + 2
        withCapturedFailures {
            scheduler.advance(by: .seconds(-1))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains("cannot move time backwards") }
        }
        withCapturedFailures {
            scheduler.advance(to: scheduler.now.advanced(by: .seconds(-2)))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("TestScheduler.advance(to:)") }
        }
    }

    @Test("run() gives up on work that repeats forever, instead of hanging")
    func runGivesUpOnRepeatingWork() {
        let scheduler = DispatchQueue.test
        let timer = scheduler.schedule(
            after: scheduler.now, interval: .milliseconds(1)
        ) {}
        withCapturedFailures {
            scheduler.run()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("gave up after 10000 scheduled actions")
            }
        }
        timer.cancel()
    }

    @Test("A scheduler on a TestClock shares its time: one advance runs both, in time order")
    func sharedClock() async {
        let clock = TestClock()
        let scheduler = DispatchQueue.test(clock: clock)
        let order = Locked<[String]>([])
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(500))) {
            order.withLock { $0.append("scheduled 0.5 s") }
        }
        scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(1_500))) {
            order.withLock { $0.append("scheduled 1.5 s") }
        }
        let sleeper = Task {
            try? await clock.sleep(for: .seconds(1))
            order.withLock { $0.append("slept 1 s") }
        }
        await until(clock.sleeperCounts) { $0 == 1 }
        await clock.advance(by: .seconds(2))
        await sleeper.value
        #expect(order.withLock { $0 } == ["scheduled 0.5 s", "slept 1 s", "scheduled 1.5 s"])
        #expect(clock.now == TestClock.Instant(offset: .seconds(2)))

        let later = Task { try? await clock.sleep(for: .seconds(1)) }
        await until(clock.sleeperCounts) { $0 == 1 }
        scheduler.advance(by: .seconds(1))  // the scheduler's advance wakes the clock's sleeper
        await later.value
        #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
    }

    @Test("TestClock.run drives work scheduled on a scheduler that shares it")
    func clockRunDrivesScheduledWork() async {
        let clock = TestClock()
        let scheduler = DispatchQueue.test(clock: clock)
        let done = Locked(false)
        await clock.run(timeout: 120) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) {
                    done.withLock { $0 = true }
                    continuation.resume()
                }
            }
        }
        #expect(done.withLock { $0 })
    }
}

final class TestSchedulerXCTests: FailureCapturingTestCase {
    func testBackwardsFailsAtTheCallSite() async {
        let scheduler = RunLoop.test
        let line = #line + 2
        let failures = await captureFailures {
            scheduler.advance(by: -1)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("cannot move time backwards") ?? false)
    }
}
