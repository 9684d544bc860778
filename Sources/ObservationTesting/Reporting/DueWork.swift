import Publishing

/// What the running test's clocks and schedulers have due, read as a wait fails: the failure
/// names each, with its time and the advance that reaches its first deadline, in the words of
/// the end-of-test checks (`TestClock+EndOfTest.swift`).
struct DueWork {
    /// One clock (or a scheduler's) with work due.
    struct OnClock {
        let clock: TestClock
        /// What it holds; its sleepers only those of the running test.
        let pending: TestClock.Pending
        /// The advances the running test made of it, oldest first.
        let advances: [ClocksOfTests.Advance]
    }

    var clocks: [OnClock] = []

    var isEmpty: Bool { clocks.isEmpty }

    /// Tasks of the running test asleep on its clocks.
    var sleepers: Int { clocks.reduce(0) { $0 + $1.pending.sleepers.count } }

    /// The work due on the running test's clocks now.
    static func ofRunningTest() -> DueWork {
        let test = RunningTest.current
        var due = DueWork()
        for (clock, advances) in ClocksOfTests.clocks(of: test) {
            var pending = clock.pending
            // Another test's sleeper on a shared clock is not for this test to wake.
            let mine = zip(pending.sleepers, pending.sleeperTests).filter { $0.1 == test }
            pending.sleepers = mine.map(\.0)
            pending.sleeperTests = mine.map(\.1)
            guard !pending.sleepers.isEmpty || !pending.scheduled.isEmpty else { continue }
            due.clocks.append(OnClock(clock: clock, pending: pending, advances: advances))
        }
        return due
    }

    /// Each clock with its work, time and advance, then what the work needs.
    var description: String {
        var lines = clocks.map(\.sentence)
        var advice: [String] = []
        if sleepers > 0 {
            advice.append(
                "A task asleep on a test clock wakes only when the clock is advanced "
                    + "(advance(by:whenAsleep:) first waits for it to sleep)")
        }
        if clocks.contains(where: { !$0.pending.scheduled.isEmpty }) {
            advice.append("a scheduled action runs only when its scheduler's time reaches it")
        }
        let joined = advice.joined(separator: "; ")
        lines.append(
            joined.prefix(1).uppercased() + joined.dropFirst()
                + ". If the code under test is slow instead, raise the timeout.")
        return lines.joined(separator: " ")
    }
}

extension DueWork.OnClock {
    /// "DispatchQueue.test has 1 scheduled action due, at +0.3 s (its time is +0.2 s):
    /// `scheduler.advance(by: .milliseconds(100))` reaches it."
    var sentence: String {
        var parts: [String] = []
        if !pending.sleepers.isEmpty {
            parts.append(
                ValueDescription.count(pending.sleepers.count, "task", "tasks") + " asleep until "
                    + TestClock.list(pending.sleepers))
        }
        if !pending.scheduled.isEmpty {
            parts.append(
                ValueDescription.count(
                    pending.scheduled.count, "scheduled action", "scheduled actions")
                    + " due, at " + TestClock.list(pending.scheduled))
        }
        let count = pending.sleepers.count + pending.scheduled.count
        return "\(clock.label) has \(parts.joined(separator: " and ")) (its time is "
            + "\(TestClock.offset(pending.now))): `\(advance)` reaches "
            + (count == 1 ? "it." : "the first.")
    }

    /// The earliest deadline due.
    var firstDeadline: TestClock.Instant {
        (pending.sleepers + pending.scheduled).min() ?? pending.now
    }

    /// The advance that reaches the first deadline, as Swift to paste: a scheduler's own for a
    /// scheduler's clock (it wakes the sleepers of a shared one too), the clock's otherwise.
    private var advance: String {
        let duration = pending.now.duration(to: firstDeadline).swiftLiteral
        let isScheduler = clock.site == nil || !pending.scheduled.isEmpty
        return isScheduler
            ? "scheduler.advance(by: \(duration))" : "await clock.advance(by: \(duration))"
    }
}
