import Publishing

/// Writes the failure message of a wait: what went wrong, the values received, and a hint.
///
/// "Expected X, but Y." then a blank line, the timeline (or, for an exact sequence, a diff), a
/// blank line, and what to try.
struct FailureMessage<Value> {
    enum Reason {
        case timedOut
        case ended(Subscribers.Completion<any Error>)
        case conditionThrew(any Error)
        case actionThrew(any Error)
        /// No value arrived for the idle timeout.
        case idle(Duration)
        /// A value met a `never` step, named by its label.
        case forbidden(String?)
        /// A value of an exact sequence differed from the one expected.
        case mismatch

        static func ended<Failure>(from completion: Subscribers.Completion<Failure>) -> Reason {
            switch completion {
            case .finished: return .ended(.finished)
            case .failure(let error): return .ended(.failure(error))
            }
        }
    }

    let helper: String
    /// The wait's steps; the message counts and names the conditions among them.
    let steps: [Condition<Value>]
    /// The labels of the conditions (the steps that are not `never`), in order.
    ///
    /// Worked out only when a message is written: a wait that succeeds never needs them, and
    /// makes no arrays for them.
    var labels: [String?] { steps.filter { !$0.isForbidding }.map(\.label) }
    let timeout: Duration
    let ending: WaitPlan<Value>.Ending
    /// What the source is called in sentences: "publisher", "sequence", "property".
    let sourceNoun: String
    /// The expected values of an exact sequence, described; `nil` for other waits.
    let expected: [String]?
    var timeline = Timeline<Value>()
    /// How to word a value that met a `never` step, such as "satisfied the condition" (the
    /// message adds when); `nil` for a step in a list.
    let violation: String?
    /// Every value tested against an exact sequence, for its diff.
    var received: [Value] = []
    /// The condition being waited for, counted from 0; `labels.count` once all are met.
    var pending = 0
    /// Where the action passed to `perform:` stood as the wait ended; `nil` without an action,
    /// or while it runs on after a failure other than a timeout.
    var action: ActionStage?
    /// Whether the source sends changes made with no suspension point between them as one.
    let coalescesChanges: Bool
    /// How many values the source sent that earlier waits read, before this one.
    let valuesReadBefore: Int
    /// What to try after a timeout, in place of the general hint; see ``WaitPlan``.
    let timeoutHint: (@Sendable () -> String)?
    /// When the wait began: the order of what happened places the test's advances by it.
    var waitStart: ContinuousClock.Instant?
    /// The work due on the test's clocks, read as the wait timed out or went idle.
    var dueWork: DueWork?

    init(
        helper: String,
        steps: [Condition<Value>],
        timeout: Duration,
        ending: WaitPlan<Value>.Ending = .conditionsMet,
        sourceNoun: String = "publisher",
        expected: [String]? = nil,
        violation: String? = nil,
        coalescesChanges: Bool = false,
        valuesReadBefore: Int = 0,
        timeoutHint: (@Sendable () -> String)? = nil
    ) {
        self.valuesReadBefore = valuesReadBefore
        self.timeoutHint = timeoutHint
        self.coalescesChanges = coalescesChanges
        self.violation = violation
        self.helper = helper
        self.steps = steps
        self.timeout = timeout
        self.ending = ending
        self.sourceNoun = sourceNoun
        self.expected = expected
    }

    /// Records the failure; a timeline too long for the message goes whole beside it, as an
    /// attachment of the test (or a file, in XCTest), and the message says where.
    func fail(_ reason: Reason, after elapsed: Duration, at callSite: CallSite) {
        // Read once, as the message and its attachment must tell the same clocks.
        var message = self
        switch reason {
        case .timedOut, .idle: message.dueWork = .ofRunningTest()
        default: break
        }
        message.record(reason, after: elapsed, at: callSite)
    }

    private func record(_ reason: Reason, after elapsed: Duration, at callSite: CallSite) {
        // Worked out once, as it calls a condition again, for the message and its attachment.
        var orderHint: String?
        if case .timedOut = reason { orderHint = conditionOrderHint() }
        var fullTimeline: String?
        if expected == nil, timeline.isShortened {
            fullTimeline = FailureReporter.attach(
                text(for: reason, after: elapsed, fullTimeline: true, orderHint: orderHint),
                named: "timeline-\(callSite.fileName)-\(callSite.line).txt",
                at: callSite)
        }
        FailureReporter.record(
            text(
                for: reason, after: elapsed, whereFullTimelineIs: fullTimeline,
                orderHint: orderHint),
            at: callSite)
    }

    /// The message; with `fullTimeline`, every value kept, for the attachment. `orderHint`, from
    /// ``conditionOrderHint()``, comes before the general hint.
    func text(
        for reason: Reason,
        after elapsed: Duration,
        fullTimeline: Bool = false,
        whereFullTimelineIs: String? = nil,
        orderHint: String? = nil
    ) -> String {
        var paragraphs = [summary(for: reason, after: elapsed)]
        if let expected {
            paragraphs.append(diff(expected: expected).joined(separator: "\n"))
        } else if timeline.count == 0 {
            paragraphs.append(nothingNew)
        } else {
            let lines = fullTimeline ? timeline.allLines() : timeline.lines()
            paragraphs.append(lines.joined(separator: "\n"))
            if let whereFullTimelineIs { paragraphs.append(whereFullTimelineIs) }
        }
        if let orderHint { paragraphs.append(orderHint) }
        if case .timedOut = reason, expected == nil, timeoutHint == nil, !areAllMet,
            let order = eventOrder(timedOutAfter: elapsed)
        {
            paragraphs.append(order)
        }
        paragraphs.append(hint(for: reason))
        if coalescesChanges, expected != nil {
            paragraphs.append(
                "Changes to an @Observable property made with no suspension point between them "
                    + "arrive as one, the last: an expected value missing here may have been "
                    + "overwritten before it could be read. Wait for each step where the code "
                    + "under test suspends, or expect only the values it leaves between "
                    + "suspensions.")
        }
        return paragraphs.joined(separator: "\n\n")
    }

    /// What an empty timeline means: nothing sent at all, or nothing after what earlier waits
    /// read. A change recorder's first state is where recording began, not a change.
    private var nothingNew: String {
        let isChanges = sourceNoun == "view model"
        let read = isChanges ? valuesReadBefore - 1 : valuesReadBefore
        guard read > 0 else {
            return isChanges
                ? "The view model made no change after recording began."
                : "The \(sourceNoun) sent no values."
        }
        let what =
            isChanges
            ? "earlier steps had read the " + ValueDescription.count(read, "change", "changes")
                + " it made (\(read == 1 ? "state [1]" : "states [1] to [\(read)]"))"
            : "earlier waits had read the " + ValueDescription.count(read, "value", "values")
                + " it sent"
        var text = "The \(sourceNoun) sent nothing new: \(what), and none came after."
        if coalescesChanges {
            text +=
                " Changes made with no suspension point between them make one state: "
                + "\(isChanges ? "a step" : "a wait") before this one may have read this change "
                + "together with its own."
        }
        return text
    }

    private var areAllMet: Bool { pending >= labels.count }

    private var isWaitingToFinish: Bool {
        guard areAllMet, case .finished = ending else { return false }
        return true
    }

    private var isWaitingToFail: Bool {
        guard areAllMet, case .failed = ending else { return false }
        return true
    }

    private var pendingCondition: String {
        if isWaitingToFinish { return "the end of the \(sourceNoun)" }
        if isWaitingToFail { return "the failure of the \(sourceNoun)" }
        var text = "condition \(pending + 1) of \(labels.count)"
        if pending < labels.count, let label = labels[pending] {
            text += " (\(label))"
        }
        return text
    }

    private func summary(for reason: Reason, after elapsed: Duration) -> String {
        let failedAfter = "\(helper) failed after \(elapsed.secondsText(decimals: 3))"
        let timedOut = "\(helper) timed out after \(timeout.shortSecondsText)"
        switch reason {
        case .timedOut:
            if let expected {
                return "\(timedOut): received \(received.count) of the \(expected.count) "
                    + "expected values."
            }
            if isWaitingToFinish { return "\(timedOut): the \(sourceNoun) never finished." }
            if isWaitingToFail { return "\(timedOut): the \(sourceNoun) never failed." }
            if case .window(let window) = ending {
                return "\(timedOut): the \(window.shortSecondsText) window passed, "
                    + "but the action had not returned."
            }
            if areAllMet {
                return "\(timedOut): all \(labels.count) conditions were met, "
                    + "but the action had not returned."
            }
            return "\(timedOut): \(pendingCondition) was never met."
        case .ended(.finished) where isWaitingToFail:
            return "\(failedAfter): the \(sourceNoun) finished instead of failing."
        case .ended(.finished):
            return "\(failedAfter): the \(sourceNoun) finished before \(pendingCondition) was met."
        case .ended(.failure(let error)):
            var when = "before \(pendingCondition) was met"
            if isWaitingToFinish { when = "instead of finishing" }
            if ending.window != nil { when = "while it was watched" }
            return
                "\(failedAfter): the \(sourceNoun) failed with \(ValueDescription.of(error)) \(when)."
        case .conditionThrew(let error as any ExplainedFailure):
            return "\(helper) failed: \(pendingCondition) \(error.summary)."
        case .conditionThrew(let error):
            return "\(helper) failed: \(pendingCondition) threw \(ValueDescription.of(error)) "
                + "on value [\(lastIndex)]."
        case .actionThrew(let error):
            let state =
                areAllMet
                ? "after all conditions were met" : "while \(pendingCondition) was pending"
            return "\(helper) failed: the action threw \(ValueDescription.of(error)) \(state)."
        case .idle(let idleTimeout):
            return "\(failedAfter): no value arrived for \(idleTimeout.shortSecondsText) "
                + "while \(pendingCondition) was pending."
        case .forbidden where violation != nil:
            var when = ""
            if let window = ending.window {
                when =
                    elapsed <= window
                    ? " within the \(window.shortSecondsText) window"
                    : " after the \(window.shortSecondsText) window, while the action ran"
            }
            return "\(failedAfter): value [\(lastIndex)] \(violation ?? "")\(when)."
        case .forbidden(let label):
            let named = label.map { " (\($0))" } ?? ""
            return "\(failedAfter): value [\(lastIndex)] met a never condition\(named)."
        case .mismatch:
            return "\(helper) failed: value [\(max(received.count - 1, 0))] differs from the "
                + "expected sequence."
        }
    }

    private var lastIndex: Int { max(timeline.count - 1, 0) }

    private func hint(for reason: Reason) -> String {
        switch reason {
        case .timedOut:
            if let timeoutHint { return timeoutHint() }
            if expected == nil, isWaitingToFinish {
                return "The \(sourceNoun) must finish within the timeout. Check what should end it."
                    + dueWorkNamed
            }
            if expected == nil, isWaitingToFail {
                return "The \(sourceNoun) must fail within the timeout. Check what should make it "
                    + "fail." + dueWorkNamed
            }
            if expected == nil, areAllMet {
                let window = ending.window == nil ? "" : "; the window does not cut it short"
                return "The action passed to perform: must return within the timeout\(window). "
                    + timeAdvice()
            }
            if let neverChangedHint { return neverChangedHint }
            var hint =
                "Check that the test observes the \(sourceNoun) the code under test changes, and "
                + "that the change happens."
            if let last = timeline.last {
                let quiet = max(timeout - last.elapsed, .zero).secondsText(decimals: 3)
                hint =
                    "The \(sourceNoun) went quiet after value [\(last.index)]: nothing more arrived "
                    + "in the last \(quiet) of the wait."
            }
            if let action { hint += " " + action.sentence }
            return hint + " " + (isTimeRuledOut ? nothingMoreToCome : timeAdvice())
        case .ended(.finished) where isWaitingToFail:
            return "The \(sourceNoun) was expected to fail. Check the code under test's error path."
        case .ended(.failure) where ending.window != nil:
            return "A failure of the \(sourceNoun) fails the wait: the code under test reported an "
                + "error. Check what made it fail."
        case .ended(.failure) where isWaitingToFinish:
            return "The \(sourceNoun) was expected to finish normally. Check what made it fail."
        case .ended:
            return
                "A \(sourceNoun) that has ended sends no more values, so the remaining conditions "
                + "can never be met. Check what ended it, or wait on a \(sourceNoun) that stays alive."
        case .conditionThrew(let error as any ExplainedFailure):
            return error.hint
        case .conditionThrew:
            return "An error thrown by a condition fails the wait at once."
        case .actionThrew:
            return "An error thrown by the action passed to perform: fails the wait at once."
        case .idle:
            return "Each value must follow the one before within the idle timeout. If the code "
                + "under test pauses for longer, raise idleTimeout. " + timeAdvice()
        case .forbidden where violation != nil:
            return "Such a value fails the wait at once; the values above lead up to it."
        case .forbidden:
            return "A value meeting a never condition fails the wait at once; the values above "
                + "lead up to it."
        case .mismatch:
            return "Each value must equal the expected one at its position; the first "
                + "difference fails at once."
        }
    }

    /// Expected and received values side by side, the first difference marked.
    private func diff(expected: [String]) -> [String] {
        let actual = received.map { ValueDescription.of($0) }
        let width = max(expected.map(\.count).max() ?? 0, "expected".count)
        func padded(_ text: String) -> String {
            text + String(repeating: " ", count: max(width - text.count, 0))
        }
        var lines = ["         \(padded("expected"))  received"]
        var isDifferenceMarked = false
        for index in 0..<max(expected.count, actual.count) {
            let wanted = index < expected.count ? expected[index] : "(nothing more)"
            let got = index < actual.count ? actual[index] : "(nothing yet)"
            let isFirstDifference = wanted != got && !isDifferenceMarked
            if wanted != got { isDifferenceMarked = true }
            let number = "[\(index)]" + String(repeating: " ", count: max(4 - "\(index)".count, 0))
            var line = "\(isFirstDifference ? "→" : " ") \(number) \(padded(wanted))  \(got)"
            if isFirstDifference { line += "  ← first difference" }
            lines.append(line)
        }
        return lines
    }
}
