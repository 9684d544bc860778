// Tests that hang on purpose, for `.ci/hang-ends`, which runs each alone, as CI runs the suite
// (`swift test > log 2>&1`), and checks that the run ends, or at least that the log says why it
// hangs. Skipped unless OBSERVATION_TESTING_HANG_FIXTURE is 1: a normal run counts them skipped.
import Foundation
import Publishing
import Testing

@testable import ObservationTesting

@Suite(
    "Hang fixtures, run alone by .ci/hang-ends",
    .enabled(
        if: ProcessInfo.processInfo.environment["OBSERVATION_TESTING_HANG_FIXTURE"] == "1",
        "hangs on purpose: run by .ci/hang-ends"),
    .endOfTestChecks)
struct HangFixtures {
    /// A missed `advance`: the watch fails the test, naming the clock, and ends the sleep, so the
    /// test returns and the run ends, failed.
    @Test func awaitsASleepOnAClockNobodyAdvances() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        _ = await task.result
    }

    /// A missed scheduler `advance`: nothing the watch can end, so the test hangs until it is
    /// killed; what the watch said is in the log all the same.
    @Test func awaitsAnActionDueOnASchedulerNobodyAdvances() async {
        let scheduler = DispatchQueue.test
        await withCheckedContinuation { continuation in
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) {
                continuation.resume()
            }
        }
    }
}
