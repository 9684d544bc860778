import Publishing

/// What a test clock has pending when its test ends: see `EndOfTestChecksTrait`.
extension TestClock {
    /// Registers the clock's end-of-test check with the running test's checks, if it has any.
    func checkAtEndOfTest(named name: String, madeAt site: CallSite?) {
        // Held until the test ends: a scheduler released with actions still due would otherwise
        // drop them unrun and unreported (nobody can be asleep on a released clock).
        EndOfTestScope.register({ [self] _ in pendingWork(named: name, madeAt: site) })
    }

    private func pendingWork(named name: String, madeAt site: CallSite?) -> PendingWork? {
        let (now, sleepers, scheduled) = state.withLock { state in
            (state.now, state.sleepers.map(\.deadline), state.scheduled.map(\.deadline))
        }
        guard !sleepers.isEmpty || !scheduled.isEmpty else { return nil }
        var parts: [String] = []
        if !sleepers.isEmpty {
            parts.append(
                ValueDescription.count(sleepers.count, "task", "tasks") + " still asleep, until "
                    + Self.list(sleepers))
        }
        if !scheduled.isEmpty {
            parts.append(
                ValueDescription.count(scheduled.count, "scheduled action", "scheduled actions")
                    + " still due, at " + Self.list(scheduled))
        }
        let made = site.map { " (made at \($0.fileName):\($0.line))" } ?? ""
        let what = parts.joined(separator: " and ")
        return PendingWork(
            summary: "\(name)\(made): \(what)",
            message: "End of test: \(name) has \(what) (its time is \(Self.offset(now)))."
                + "\n\nWork left on a test clock outlives its test, waking in another test or "
                + "never. Before the test ends, move time on until the code under test is done "
                + "(advance(by:) or run { … } on the clock, advance(by:) or run() on a "
                + "scheduler), or end the work (cancel its task, or release its view model).",
            site: site)
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
