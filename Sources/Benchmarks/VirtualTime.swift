// 6. Virtual time: a sleep and an advance on a test clock, beside real time.

import Dispatch
import Foundation
import Observation
import ObservationTesting
import Publishing
import XCTest

/// A `TestClock` sleep and advance, a `TestScheduler` action, a real second.
@MainActor
func measureVirtualTime() async {
    await time("virtual.testclock.sleep+advance", operations: options.quick ? 100 : 2_000) {
        let clock = TestClock()
        let sleeper = Task { try? await clock.sleep(for: .seconds(1)) }
        await until(clock.sleeperCounts, satisfies: [.equals(1)])
        await clock.advance(by: .seconds(1))
        await sleeper.value
    }
    // A TestScheduler runs scheduled work inside advance: schedule one action a second ahead,
    // then advance to it.
    await time(
        "virtual.testscheduler.schedule+advance", operations: options.quick ? 100 : 2_000,
        baseline: "virtual.testclock.sleep+advance"
    ) {
        let scheduler = DispatchQueue.test
        var ran = false
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { ran = true }
        scheduler.advance(by: .seconds(1))
        precondition(ran)
    }
    await record(
        "virtual.continuousclock.1s-flow", unit: "ns/run",
        baseline: "virtual.testclock.sleep+advance"
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        try? await clock.sleep(for: .seconds(options.quick ? 0.01 : 1))
        return Double((clock.now - start).nanoseconds)
    }
}
