import Publishing
import Testing

@testable import ObservationTesting

@MainActor
private final class Ticker {
    @Published var ticks = 0
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    func tick(times: Int, every interval: Duration) async throws {
        for _ in 0..<times {
            try await clock.sleep(for: interval)
            ticks += 1
        }
    }
}

@MainActor
// A lost wake-up would leave `task.value` waiting forever: the time limit turns it into a failure.
@Suite("TestClock", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct TestClockTests {
    @Test(
        "A sleeper wakes only once time reaches its deadline, and has resumed when advance returns")
    func wakesAtDeadline() async throws {
        let clock = TestClock()
        let ticker = Ticker(clock: clock)
        let task = Task { try await ticker.tick(times: 1, every: .seconds(1)) }
        await until(clock.sleeperCounts, satisfies: [.equals(1)])

        await clock.advance(by: .milliseconds(999))
        #expect(ticker.ticks == 0)
        #expect(clock.sleeperCount == 1)

        await clock.advance(by: .milliseconds(1))
        #expect(clock.sleeperCount == 0)
        await until(ticker.$ticks, satisfies: [.equals(1)])
        #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
        try await task.value
    }

    @Test("Code that sleeps several times in a row is woken step by step")
    func repeatedSleeps() async throws {
        // Many rounds: a race between the woken code and `advance` would show up here.
        for _ in 0..<100 {
            let clock = TestClock()
            let ticker = Ticker(clock: clock)
            let task = Task { try await ticker.tick(times: 3, every: .seconds(1)) }
            for tick in 1...3 {
                await until(clock.sleeperCounts, satisfies: [.equals(1)])
                await clock.advance(by: .seconds(1))
                await until(ticker.$ticks, satisfies: [.equals(tick)])
            }
            try await task.value
            #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
        }
    }

    @Test("advance(by:whenAsleep:) waits for the code under test to sleep, then advances")
    func advanceWhenAsleep() async throws {
        // The first-hour habit: start the code, advance at once. The sleep registers whenever
        // the task gets to run; the advance waits for it.
        for _ in 1...20 {
            let clock = TestClock()
            let ticker = Ticker(clock: clock)
            let task = Task { try await ticker.tick(times: 1, every: .seconds(1)) }
            await clock.advance(by: .seconds(1), whenAsleep: 1)
            await until(ticker.$ticks, satisfies: [.equals(1)])
            try await task.value
        }
    }

    @Test("advance(by:whenAsleep:) with nobody asleep fails at its line and leaves time alone")
    func advanceWhenAsleepFails() async {
        let clock = TestClock()
        let line = #line + 3
        let recorded = Locked<[(String, Int?)]>([])
        await withCapturedFailures {
            await clock.advance(by: .seconds(1), whenAsleep: 1, timeout: .milliseconds(50))
            await clock.advance(by: .seconds(1), whenAsleep: 0)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            recorded.withLock { $0.append((text, issue.sourceLocation?.line)) }
            return true
        }
        let issues = recorded.withLock { $0 }
        #expect(issues.count == 2)
        #expect(issues.first?.0.contains("TestClock.advance(by:whenAsleep:) timed out") == true)
        #expect(issues.first?.0.contains("1 or more asleep") == true)
        #expect(
            issues.first?.0.contains(
                "No task went to sleep on this TestClock. Check that the code under test was "
                    + "given this clock (not another TestClock, a ContinuousClock, or a default "
                    + "it makes itself), that it was started before this call") == true)
        #expect(issues.first?.0.contains("inject a TestClock") == false)
        #expect(issues.first?.0.contains("went quiet") == false)
        #expect(issues.first?.1 == line)
        #expect(issues.last?.0.contains("was asked to wait for 0 sleepers") == true)
        #expect(clock.now == TestClock.Instant(offset: .zero))
    }

    @Test("Advancing short of a deadline wakes nobody")
    func partialAdvance() async throws {
        let clock = TestClock()
        let ticker = Ticker(clock: clock)
        let task = Task { try await ticker.tick(times: 1, every: .seconds(1)) }
        await until(clock.sleeperCounts, satisfies: [.equals(1)])
        await clock.advance(by: .milliseconds(999))
        #expect(clock.sleeperCount == 1)
        #expect(ticker.ticks == 0)
        await clock.advance(by: .milliseconds(1))
        await until(ticker.$ticks, satisfies: [.equals(1)])
        try await task.value
    }

    @Test("Sleepers wake in deadline order, and those with equal deadlines in the order they slept")
    func wakeOrder() async throws {
        let clock = TestClock()
        var tasks: [Task<Void, any Error>] = []
        for (index, seconds) in [2, 1, 2, 1, 2].enumerated() {
            tasks.append(Task { try await clock.sleep(for: .seconds(seconds)) })
            await until(clock.sleeperCounts, satisfies: [.equals(index + 1)])
        }
        #expect(clock.pendingSleeperIDs == [1, 3, 0, 2, 4])
        #expect(
            clock.pendingDeadlines.map(\.offset) == [
                .seconds(1), .seconds(1), .seconds(2), .seconds(2), .seconds(2),
            ])
        await clock.run(timeout: 120) {
            for task in tasks { try? await task.value }
        }
        #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
        for task in tasks { try await task.value }
    }

    @Test(
        "run drives a chain of sleeps, each registered after the one before woke", arguments: 1...30
    )
    @MainActor
    func runDrivesAChainOnTheMainActor(round: Int) async {
        let clock = TestClock()
        var woke: [Int] = []
        let task = Task {
            for seconds in 1...3 {
                try? await clock.sleep(for: .seconds(seconds))
                woke.append(seconds)
            }
        }
        // A budget only a hang reaches: under ThreadSanitizer the rest of the suite can keep the
        // shared pool, which runs the woken sleeper, busy for longer than the default 10 s.
        await clock.run(timeout: 120) { await task.value }
        #expect(woke == [1, 2, 3])
        #expect(clock.now == TestClock.Instant(offset: .seconds(6)))
    }

    @Test("run drives a chain of sleeps off the main actor too", arguments: 1...30)
    func runDrivesAChainOffTheMainActor(round: Int) async {
        let clock = TestClock()
        let task = Task.detached {
            for seconds in 1...3 { try await clock.sleep(for: .seconds(seconds)) }
        }
        await clock.run(timeout: 120) { _ = await task.result }
        #expect(clock.now == TestClock.Instant(offset: .seconds(6)))
        #expect(clock.sleeperCount == 0)
    }

    @Test("run fails clearly, and returns, when an endless sleeper spends its real-time budget")
    func runGivesUp() async {
        let clock = TestClock()
        let looping = Task {
            while !Task.isCancelled { try? await clock.sleep(for: .seconds(1)) }
        }
        await until(clock.sleeperCounts) { $0 == 1 }
        let line = #line + 3
        let elapsed = await elapsedTime {
            await withCapturedFailures {
                await clock.run(timeout: .milliseconds(200)) { await looping.value }
            } matching: { issue in
                issue.sourceLocation?.line == line
                    && issue.comments.contains {
                        $0.rawValue.contains(
                            "TestClock.run(timeout:_:) gave up after 0.2 s of real time")
                            && $0.rawValue.contains("the operation had not returned")
                    }
            }
        }
        // It used the budget: it did not give up as soon as nobody happened to be asleep.
        #expect(elapsed >= .milliseconds(200))
        #expect(clock.now >= TestClock.Instant(offset: .seconds(1)))
        looping.cancel()
        await looping.value
    }

    @Test("run fails, and returns, when the operation waits for something the clock cannot drive")
    func runGivesUpOnAStuckOperation() async {
        let clock = TestClock()
        await withCapturedFailures {
            await clock.run(timeout: .milliseconds(50)) { await suspendUntilCancelled() }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("0 task(s) asleep on the clock.") }
        }
    }

    @Test("Advancing backwards is a clear failure that leaves time alone")
    func backwards() async {
        let clock = TestClock(now: TestClock.Instant(offset: .seconds(5)))
        await withCapturedFailures {
            await clock.advance(to: TestClock.Instant(offset: .seconds(1)))
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("cannot move time backwards: it is at +5.0 seconds")
            }
        }
        await withCapturedFailures {
            await clock.advance(by: .seconds(-1))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("asked to advance by -1.0 seconds") }
        }
        #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
    }

    @Test("Cancelling a sleeping task throws CancellationError at once and removes the sleeper")
    func cancellation() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(60)) }
        await until(clock.sleeperCounts, satisfies: [.equals(1)])
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
        await until(clock.sleeperCounts, satisfies: [.equals(0)])
    }

    @Test("A task cancelled before it sleeps throws without sleeping")
    func cancelledBeforeSleeping() async {
        let clock = TestClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("A deadline that has passed returns at once")
    func pastDeadline() async throws {
        let clock = TestClock(now: TestClock.Instant(offset: .seconds(2)))
        try await clock.sleep(until: TestClock.Instant(offset: .seconds(1)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }
}

@Suite("TestClock from many tasks", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct TestClockConcurrencyTests {
    @Test("100 concurrent sleepers all wake, none before its deadline")
    func manySleepers() async throws {
        let clock = TestClock()
        let sleepers = 100
        let tasks = (0..<sleepers).map { index in
            Task.detached {
                let deadline = TestClock.Instant(offset: .seconds(index % 10 + 1))
                try await clock.sleep(until: deadline)
                return (deadline, clock.now)
            }
        }
        await until(clock.sleeperCounts, satisfies: [.equals(sleepers)])
        await clock.run(timeout: 120) {
            for task in tasks { _ = await task.result }
        }
        for task in tasks {
            let (deadline, wokeAt) = try await task.value
            #expect(wokeAt >= deadline)
        }
        #expect(clock.sleeperCount == 0)
        #expect(clock.now == TestClock.Instant(offset: .seconds(10)))
    }

    @Test("Tasks that advance at the same time all return, and every sleeper wakes")
    func concurrentAdvances() async throws {
        for _ in 0..<50 {
            let clock = TestClock()
            let sleepers = (1...10).map { seconds in
                Task.detached { try await clock.sleep(for: .seconds(seconds)) }
            }
            await until(clock.sleeperCounts, satisfies: [.equals(10)])
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<3 {
                    group.addTask { await clock.advance(by: .seconds(10)) }
                }
            }
            for sleeper in sleepers { try await sleeper.value }
            #expect(clock.sleeperCount == 0)
        }
    }

    @Test("Cancelling sleepers while another task advances is safe")
    func cancelWhileAdvancing() async {
        let clock = TestClock()
        let tasks = (0..<50).map { index in
            Task.detached { try await clock.sleep(for: .seconds(index + 1)) }
        }
        await until(clock.sleeperCounts, satisfies: [.equals(50)])
        for task in tasks where task.hashValue.isMultiple(of: 2) { task.cancel() }
        await clock.advance(by: .seconds(100))
        for task in tasks { _ = await task.result }
        #expect(clock.sleeperCount == 0)
    }
}

@Suite("ImmediateClock")
struct ImmediateClockTests {
    @Test("Sleeping returns at once and moves time by the slept amount")
    func sleepsInstantly() async throws {
        let clock = ImmediateClock()
        try await clock.sleep(for: .seconds(5))
        try await clock.sleep(for: .milliseconds(500))
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(5500)))
        try await clock.sleep(until: TestClock.Instant(offset: .seconds(1)))
        #expect(clock.now == TestClock.Instant(offset: .milliseconds(5500)))
    }

    @Test("A cancelled task's sleep throws CancellationError")
    func cancelled() async {
        let clock = ImmediateClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.now == TestClock.Instant(offset: .zero))
    }

    @Test("Concurrent sleepers add up their time")
    func concurrentSleepers() async throws {
        let clock = ImmediateClock()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { try await clock.sleep(for: .seconds(1)) }
            }
            try await group.waitForAll()
        }
        // Each sleep moves time to at least its own deadline; concurrent ones may overlap.
        #expect(clock.now >= TestClock.Instant(offset: .seconds(1)))
        #expect(clock.now <= TestClock.Instant(offset: .seconds(100)))
    }
}
