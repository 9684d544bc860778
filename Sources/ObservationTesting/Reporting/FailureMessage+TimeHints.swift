import Publishing

/// What a timed-out wait's hint says about time: the work due on the test's clocks, the order of
/// what happened, a value that never changed, or, only where real time may have passed in the code
/// under test, a `TestClock`.
extension FailureMessage {
    /// What to try when time may be what is missing: the work due on the test's clocks, named; or
    /// a `TestClock`, where nothing of the test's is due.
    func timeAdvice() -> String {
        if let scope = SerialScope.current, scope.runnableCount == 0 {
            return SerialScope.nothingCanRunAdvice(asleepOnClocks: TestClock.sleepersInCurrentTest)
        }
        if let dueWork, !dueWork.isEmpty { return dueWork.description }
        return "If the code under test sleeps, inject a TestClock and advance it; if it is slow, "
            + "raise the timeout."
    }

    /// The work due on the test's clocks, named after a space, for a wait on the end of its
    /// source: what ends it may be due there (a delayed value, a debounce's last); empty where
    /// nothing is due, as no clock is then what the wait is missing.
    var dueWorkNamed: String {
        guard let dueWork, !dueWork.isEmpty else { return "" }
        return " " + dueWork.description
    }

    /// Whether nothing of the test's is due and the action, which returned, took no real time to
    /// speak of: no clock, test or real, can be what the wait is missing.
    var isTimeRuledOut: Bool {
        guard let dueWork, dueWork.isEmpty, SerialScope.current == nil else { return false }
        return action?.returnedQuickly ?? false
    }

    /// The hint for a value that never changed once the action returned, with nothing due: what
    /// usually causes it; `nil` in any other case.
    var neverChangedHint: String? {
        guard let dueWork, dueWork.isEmpty, SerialScope.current == nil,
            case .returned(let actionReturned, _) = action, let first = timeline.entries.first,
            timeline.entries.count == timeline.count,
            timeline.entries.allSatisfy({ Self.isSame($0.value, as: first.value) })
        else { return nil }
        let value = ValueDescription.of(first.value)
        let all =
            timeline.count == 1 ? "" : " (values [0] to [\(timeline.count - 1)] are all \(value))"
        return "The value never changed from \(value), where the \(sourceNoun) started\(all), and "
            + "the action returned at +\(actionReturned.secondsText(decimals: 3)) with nothing of "
            + "this test asleep on a TestClock or due on a test scheduler. Usually the path under "
            + "test never ran (an early return, a call on another instance than the one "
            + "observed), or an injected dependency did not do what the test expects (a mock "
            + "never told to fail, a stub's default answer): check what the action calls, and how "
            + "the test set that up."
    }

    /// What the hint says after the values, when nothing of the test's is due and the action took
    /// no real time: there is nothing more to come. With no values, there are none to check:
    /// what the action reaches is.
    var nothingMoreToCome: String {
        let ruledOut =
            "Nothing of this test is asleep on a TestClock or due on a test scheduler, and the "
            + "action took no real time to speak of: "
        guard timeline.count > 0 else {
            return ruledOut + "the code under test sent this wait nothing, and nothing is on its "
                + "way. Check that the action reaches what sends to the \(sourceNoun) the test "
                + "observes."
        }
        return ruledOut + "the values above are all the code under test did. Check the last of "
            + "them against the condition, and what in the code under test sets it."
    }

    /// Two values alike: equal, where they are `Equatable`, or described alike.
    private static func isSame(_ value: Value, as other: Value) -> Bool {
        if let value = value as? any Equatable, let isEqual = value.isEqual(to: other) {
            return isEqual
        }
        return ValueDescription.whole(value) == ValueDescription.whole(other)
    }

    /// With tasks of the test asleep and no condition met, what happened, in order: the test's
    /// advances of those clocks among the values, then where the sleepers stand. The usual cause
    /// is then an order the test assumed (a reply expected before a debounce ends), not an
    /// advance forgotten; `nil` in any other case.
    func eventOrder(timedOutAfter elapsed: Duration) -> String? {
        guard pending == 0, let dueWork, let waitStart else { return nil }
        let asleep = dueWork.clocks.filter { !$0.pending.sleepers.isEmpty }
        guard !asleep.isEmpty else { return nil }
        var events: [(at: Duration, text: String)] = []
        for entry in timeline.entries.suffix(Self.valuesInOrder) {
            events.append(
                (entry.elapsed, "value [\(entry.index)] \(ValueDescription.of(entry.value))"))
        }
        for onClock in asleep {
            for advance in onClock.advances {
                var text =
                    "the test advanced \(onClock.clock.name) from \(TestClock.offset(advance.from)) "
                    + "to \(TestClock.offset(advance.to))"
                if let site = advance.site { text += " (\(site.fileName):\(site.line))" }
                events.append((advance.began - waitStart, text))
            }
        }
        events.sort { $0.at < $1.at }
        let stand = asleep.map { onClock in
            "\(onClock.clock.name) at \(TestClock.offset(onClock.pending.now)), "
                + ValueDescription.count(onClock.pending.sleepers.count, "task", "tasks")
                + " asleep until \(TestClock.list(onClock.pending.sleepers))"
        }
        events.append((elapsed, "the wait timed out: " + stand.joined(separator: "; ")))
        let lines = events.map { "  " + Self.signed($0.at) + "  " + $0.text }
        let wakes = asleep.map(\.firstDeadline).min().map(TestClock.offset) ?? ""
        var named = "condition 1"
        if let label = labels.first, let label { named += " (\(label))" }
        return "What happened, in order (real time from the start of the wait):\n"
            + lines.joined(separator: "\n") + "\n\n"
            + "None of the values met \(named), and what sleeps wakes after all of them, at "
            + "\(wakes). If the value the condition waits for comes after that wake (a debounce, "
            + "a delay, a reply after its latency), the advances did not reach it: advance on, "
            + "as below. If it should have come before (a reply expected before a debounce "
            + "ends), the code under test does things in another order than the test expects: "
            + "compare the order above with the one the test assumes."
    }

    /// Values the order lists: the last few, as the timeline above has them all.
    private static var valuesInOrder: Int { 5 }

    private static func signed(_ duration: Duration) -> String {
        let isEarlier = duration < .zero
        let magnitude = isEarlier ? .zero - duration : duration
        return (isEarlier ? "-" : "+") + magnitude.secondsText(decimals: 3)
    }
}

extension Equatable {
    /// Whether `other` is of this type and equal to `self`; `nil` if it is of another type.
    fileprivate func isEqual(to other: Any) -> Bool? {
        guard let other = other as? Self else { return nil }
        return self == other
    }
}
