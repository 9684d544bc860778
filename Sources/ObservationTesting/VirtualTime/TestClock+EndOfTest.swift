import Publishing

/// What a test clock has pending when its test ends, or while its test hangs, and how a hang on
/// it ends: see `EndOfTestChecksTrait` and ``HangWatch``.
extension TestClock: EndOfTestFixture {
    /// Enrolls the clock in the checks of the test it is made in; made outside any, it is
    /// enrolled by each test that sleeps or schedules on it, unless one claims it.
    func enrollWhenMade() {
        let isEnrolled = enrollInEndOfTestChecks()
        state.withLock { $0.isAdoptable = !isEnrolled }
    }

    func claimForEndOfTestChecks() {
        enrollInEndOfTestChecks()
        state.withLock { $0.isAdoptable = false }
    }

    /// Enrolls the clock in the running test's end-of-test checks, if it has any and the clock is
    /// not in them yet; returns whether the test has them.
    @discardableResult
    func enrollInEndOfTestChecks() -> Bool {
        // The check holds the clock until the test ends: a scheduler released with actions still
        // due would otherwise drop them unrun and unreported.
        EndOfTestScope.enroll(
            self,
            check: { [self] isStrict in pendingWork(isStrict: isStrict) },
            stall: { [self] in stuckWork() })
    }

    /// What the clock holds, read at once.
    struct Pending: Sendable {
        var now: Instant
        var sleepers: [Instant]
        /// The test each sleeper slept in, in the order of `sleepers`.
        var sleeperTests: [RunningTest]
        var scheduled: [Instant]
        /// Cancelled before they first ran, at deadlines the clock has not reached.
        var cutShort: [Instant]
        /// Changes whenever anything happens on the clock.
        var fingerprint: [UInt64]
    }

    var pending: Pending {
        state.withLock { state in
            Pending(
                now: state.now,
                sleepers: state.sleepers.map(\.deadline),
                sleeperTests: state.sleepers.map(\.test),
                // A repeating action that has fired is a timer running, not work due: only
                // cancelling its subscription ends it, and Combine's `timeout` keeps its timer
                // after timing out, where nothing can.
                scheduled: state.scheduled.filter { !$0.isRepeat }.map(\.deadline),
                cutShort: state.cutShort.filter { $0 > state.now },
                fingerprint: [
                    UInt64(bitPattern: state.now.offset.nanoseconds), state.nextID,
                    UInt64(state.sleepers.count), UInt64(state.scheduled.count),
                ])
        }
    }

    /// The clock's name and where it was made, as a list of pending work names it.
    var label: String {
        name + (site.map { " (made at \($0.fileName):\($0.line))" } ?? "")
    }

    private func pendingWork(isStrict: Bool) -> PendingWork? {
        let pending = pending
        let cutShort = isStrict ? pending.cutShort : []
        guard !pending.sleepers.isEmpty || !pending.scheduled.isEmpty || !cutShort.isEmpty else {
            return nil
        }
        var parts: [String] = []
        var advice: [String] = []
        if !pending.sleepers.isEmpty {
            parts.append(
                ValueDescription.count(pending.sleepers.count, "task", "tasks")
                    + " still asleep, until " + Self.list(pending.sleepers))
            advice.append(
                "A task asleep on a test clock wakes only when the clock is advanced, and "
                    + "releasing the view model that started it does not cancel it: it wakes in "
                    + "a later test, or never. Before the test ends, advance the clock to its "
                    + "time (`await clock.advance(by: \(advance(pending, to: pending.sleepers)))`) "
                    + "or drive the work with `clock.run { … }`; if the test means to stop the "
                    + "work, cancel the sleeping task.")
        }
        if !pending.scheduled.isEmpty {
            parts.append(
                ValueDescription.count(
                    pending.scheduled.count, "scheduled action", "scheduled actions")
                    + " still due, at " + Self.list(pending.scheduled))
            advice.append(
                "A scheduled action stays due until its scheduler's time reaches it, even after "
                    + "the subscription that scheduled it is cancelled or its view model "
                    + "released (Combine's `delay`, `receive(on:)` and `subscribe(on:)` keep "
                    + "theirs). Before the test ends, move the scheduler on: "
                    + "`scheduler.advance(by: \(advance(pending, to: pending.scheduled)))` "
                    + "reaches the last, and `scheduler.run()` runs them all.")
        }
        if !cutShort.isEmpty {
            parts.append(
                ValueDescription.count(cutShort.count, "scheduled action", "scheduled actions")
                    + " cancelled before \(cutShort.count == 1 ? "its" : "their") time came, at "
                    + Self.list(cutShort))
            advice.append(
                "An action cancelled before its time is work the test started and never saw "
                    + "through, such as a debounce cut off when its view model was released at "
                    + "the end of the test. Strict checks ask that time reach every deadline the "
                    + "code under test sets: `scheduler.advance(by: "
                    + "\(advance(pending, to: cutShort)))` before the test ends. If the test "
                    + "cancels the work on purpose, advancing past it shows that nothing happens "
                    + "then.")
        }
        let what = parts.joined(separator: "; ")
        return PendingWork(
            summary: "\(label): \(what)",
            message: "End of test: \(name) has \(what) (its time is \(Self.offset(pending.now)))."
                + "\n\n" + advice.joined(separator: "\n\n"),
            site: site)
    }

    /// What is stuck on the clock, for the hang watch: sleepers, or actions due.
    private func stuckWork() -> HangWatch.Stuck? {
        let pending = pending
        guard !pending.sleepers.isEmpty || !pending.scheduled.isEmpty else { return nil }
        return HangWatch.Stuck(
            fingerprint: pending.fingerprint,
            message: { [self] test in hangMessage(pending, test: test) },
            end: { [self] test in endSleepers(of: test) },
            site: site)
    }

    /// Ends the hang of `test` on this clock: resumes each of its tasks asleep here with
    /// `CancellationError`, as cancelling the task would, and leaves other tests' sleepers and
    /// the scheduled actions as they are. Returns how many it resumed.
    @discardableResult
    func endSleepers(of test: RunningTest) -> Int {
        let ended = state.withLock { state -> [Sleeper] in
            let ended = state.sleepers.filter { $0.test == test }
            state.sleepers.removeAll { $0.test == test }
            return ended
        }
        guard !ended.isEmpty else { return 0 }
        countSleepers(ended.map(\.test), arrived: false)
        // Taken out under the lock, as a wake or a cancel takes its own: each is resumed once.
        for sleeper in ended {
            sleeper.continuation.resume(throwing: CancellationError())
        }
        return ended.count
    }

    private func hangMessage(_ pending: Pending, test: RunningTest) -> String {
        var parts: [String] = []
        var advice: [String] = []
        if !pending.sleepers.isEmpty {
            parts.append(
                ValueDescription.count(pending.sleepers.count, "task", "tasks") + " asleep until "
                    + Self.list(pending.sleepers))
            advice.append(
                "If the test awaits a task that sleeps on it (`await task.value`), advance the "
                    + "clock first (`await clock.advance(by: "
                    + "\(advance(pending, to: pending.sleepers)))`), or drive the work with "
                    + "`clock.run { … }`.")
        }
        if !pending.scheduled.isEmpty {
            parts.append(
                ValueDescription.count(
                    pending.scheduled.count, "scheduled action", "scheduled actions")
                    + " due at " + Self.list(pending.scheduled))
            advice.append(
                "If the test awaits what a scheduled action does, move the scheduler on first "
                    + "(`scheduler.advance(by: \(advance(pending, to: pending.scheduled)))`, or "
                    + "`scheduler.run()`).")
        }
        return "\(label) has " + parts.joined(separator: " and ")
            + ", and its time stays at \(Self.offset(pending.now)): nothing advances it.\n\n"
            + advice.joined(separator: " ")
            + "\n\nThis is said while the test still runs, once its clocks have stood still "
            + "for \(HangWatch.patience.shortSecondsText) with no wait running "
            + "(`OBSERVATION_TESTING_TIMEOUT_SCALE` scales that). "
            + Self.ending(pending, mine: pending.sleeperTests.count(where: { $0 == test }))
    }

    /// What the watch does about the hang, once it has said this: see ``HangWatch``. `mine` is how
    /// many sleepers are the test's own.
    private static func ending(_ pending: Pending, mine: Int) -> String {
        let notRun =
            "the watch does not run a scheduled action itself, which would run the code under test "
            + "at a time the test never chose"
        if mine > 0 {
            return "The watch ends the hang now: the test's "
                + (mine == 1 ? "task asleep on the clock is" : "\(mine) tasks asleep on it are")
                + " resumed with `CancellationError` (`sleep` throws), so the work awaiting "
                + (mine == 1 ? "it" : "them") + " unwinds and the test returns."
                + (pending.scheduled.isEmpty ? "" : " Scheduled actions stay due: " + notRun + ".")
        }
        var reasons: [String] = []
        if !pending.sleepers.isEmpty {
            reasons.append(
                "none of the tasks asleep on it runs in this test (another test's, or a "
                    + "`Task.detached`, which does not inherit the test)")
        }
        if !pending.scheduled.isEmpty {
            reasons.append("what awaits a scheduled action is out of its reach, and " + notRun)
        }
        return "The watch cannot end this hang: " + reasons.joined(separator: "; ")
            + ". The test hangs until it is stopped (a `.timeLimit` trait, or CI's limit); this "
            + "was written to standard error as well, for a log to keep."
    }

    /// The duration from now to the last of `deadlines`, as Swift to paste.
    private func advance(_ pending: Pending, to deadlines: [Instant]) -> String {
        pending.now.duration(to: deadlines.max() ?? pending.now).swiftLiteral
    }

    static func list(_ instants: [Instant]) -> String {
        let shown = instants.prefix(5).map(offset)
        let more = instants.count > shown.count ? " and \(instants.count - shown.count) more" : ""
        return shown.joined(separator: ", ") + more
    }

    static func offset(_ instant: Instant) -> String {
        "+" + instant.offset.shortSecondsText
    }
}
