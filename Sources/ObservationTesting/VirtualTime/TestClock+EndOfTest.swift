import Publishing

/// What a test clock has pending when its test ends, or while its test hangs: see
/// `EndOfTestChecksTrait` and ``HangWatch``.
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
        var scheduled: [Instant]
        /// Cancelled before they first ran, at deadlines the clock has not reached.
        var cutShort: [Instant]
        /// Changes whenever anything happens on the clock.
        var fingerprint: [UInt64]
    }

    private var pending: Pending {
        state.withLock { state in
            Pending(
                now: state.now,
                sleepers: state.sleepers.map(\.deadline),
                scheduled: state.scheduled.map(\.deadline),
                cutShort: state.cutShort.filter { $0 > state.now },
                fingerprint: [
                    UInt64(bitPattern: state.now.offset.nanoseconds), state.nextID,
                    UInt64(state.sleepers.count), UInt64(state.scheduled.count),
                ])
        }
    }

    /// The clock's name and where it was made, as a list of pending work names it.
    private var label: String {
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
            fingerprint: pending.fingerprint, message: { [self] in hangMessage(pending) },
            site: site)
    }

    private func hangMessage(_ pending: Pending) -> String {
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
            + "(`OBSERVATION_TESTING_TIMEOUT_SCALE` scales that)."
    }

    /// The duration from now to the last of `deadlines`, as Swift to paste.
    private func advance(_ pending: Pending, to deadlines: [Instant]) -> String {
        pending.now.duration(to: deadlines.max() ?? pending.now).swiftLiteral
    }

    private static func list(_ instants: [Instant]) -> String {
        let shown = instants.prefix(5).map(offset)
        let more = instants.count > shown.count ? " and \(instants.count - shown.count) more" : ""
        return shown.joined(separator: ", ") + more
    }

    private static func offset(_ instant: Instant) -> String {
        "+" + instant.offset.shortSecondsText
    }
}
