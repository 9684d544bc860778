import Foundation
import Testing

@testable import ObservationTesting
@testable import Publishing

/// Holds the caller's executor for `duration` of real time without suspending: a stand-in for a
/// process too busy to run a wait on time, never a way to wait for something.
private func holdExecutor(for duration: Duration) {
    let milliseconds = Int(duration / .milliseconds(1))
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(milliseconds))
}

/// How long the actor is held: four times the timeouts below, so their wakes are handled late
/// by far more than the tolerance, however loaded the machine.
private let held = Duration.milliseconds(400)

@Suite("A timeout that comes due while the process is starved")
struct StarvationGraceTests {
    private let due = ContinuousClock.now

    @Test("A wake handled within the tolerance is a verdict: no grace")
    func onTime() {
        var grace = StarvationGrace()
        #expect(StarvationGrace.tolerance(for: .seconds(1)) == .milliseconds(100))
        #expect(StarvationGrace.tolerance(for: .seconds(5)) == .milliseconds(500))
        #expect(StarvationGrace.tolerance(for: .milliseconds(50)) == .milliseconds(100))
        #expect(
            grace.extraTime(of: .seconds(5), due: due, handledAt: due + .milliseconds(499)) == nil)
        #expect(grace.extraTime(of: .seconds(1), due: due, handledAt: due) == nil)
    }

    @Test("A wake handled late, or before the bounded work began, gets the timeout once more")
    func lateOrNotStarted() {
        var late = StarvationGrace()
        #expect(
            late.extraTime(of: .seconds(5), due: due, handledAt: due + .milliseconds(501))
                == .seconds(5))
        #expect(late.extraTime(of: .seconds(5), due: due, handledAt: due + .seconds(20)) == nil)

        var notStarted = StarvationGrace()
        #expect(
            notStarted.extraTime(of: .seconds(1), due: due, handledAt: due, workHasStarted: false)
                == .seconds(1))
        #expect(
            notStarted.extraTime(of: .seconds(1), due: due, handledAt: due, workHasStarted: false)
                == nil)
    }

    @Test("A wait whose actor was held past its timeout still takes the value sent after")
    @QueueActor
    func timeoutIsGivenOnceMore() async {
        let subject = PassthroughSubject<Int, Never>()
        // Queued on the actor before the wait's action: it runs as soon as the wait suspends.
        let busy = Task { @QueueActor in holdExecutor(for: held) }
        let met = await until(subject, satisfies: [{ $0 == 1 }], timeout: .milliseconds(100)) {
            subject.send(1)
        }
        #expect(met == [1])
        await busy.value
    }

    @Test("An idle timeout that came due while the actor was held is given once more")
    @QueueActor
    func idleTimeoutIsGivenOnceMore() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let busy = Task { @QueueActor in holdExecutor(for: held) }
        #expect(
            await until(subject, emits: [1, 2], idleTimeout: .milliseconds(100)) {
                subject.send(2)
            })
        await busy.value
    }

    @Test("A starved wait that gets nothing still fails, once, after its grace")
    @QueueActor
    func starvedWaitStillFails() async {
        let subject = PassthroughSubject<Int, Never>()
        let busy = Task { @QueueActor in holdExecutor(for: held) }
        await withCapturedFailures {
            let met = await until(subject, satisfies: [{ $0 == 1 }], timeout: .milliseconds(100))
            #expect(met == nil)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("timed out after 0.1 s:") }
        }
        await busy.value
    }

    @Test("TestClock.run whose operation could not start before its budget passed runs it")
    @QueueActor
    func clockRunIsGivenOnceMore() async {
        let clock = TestClock()
        let scheduler = DispatchQueue.test(clock: clock)
        let done = Locked(false)
        let busy = Task { @QueueActor in holdExecutor(for: held) }
        await clock.run(timeout: .milliseconds(100)) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) {
                    done.withLock { $0 = true }
                    continuation.resume()
                }
            }
        }
        #expect(done.withLock { $0 })
        await busy.value
    }
}
