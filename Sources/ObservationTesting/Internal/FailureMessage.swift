import Publishing

/// Writes the failure message of a wait: what went wrong, the values received, and a hint.
///
/// "Expected X, but Y." then a blank line, the timeline, a blank line, and what to try.
struct FailureMessage<Value> {
    enum Reason {
        case timedOut
        case ended(Subscribers.Completion<any Error>)
        case conditionThrew(any Error)
        case actionThrew(any Error)

        static func ended<Failure>(from completion: Subscribers.Completion<Failure>) -> Reason {
            switch completion {
            case .finished: return .ended(.finished)
            case .failure(let error): return .ended(.failure(error))
            }
        }
    }

    let helper: String
    let labels: [String?]
    let timeout: Duration
    var timeline = Timeline<Value>()
    /// The condition being waited for, counted from 0; `labels.count` once all are met.
    var pending = 0

    init(helper: String, labels: [String?], timeout: Duration) {
        self.helper = helper
        self.labels = labels
        self.timeout = timeout
    }

    func fail(_ reason: Reason, after elapsed: Duration, at callSite: CallSite) {
        FailureReporter.record(text(for: reason, after: elapsed), at: callSite)
    }

    func text(for reason: Reason, after elapsed: Duration) -> String {
        var paragraphs = [summary(for: reason, after: elapsed)]
        if timeline.count == 0 {
            paragraphs.append("The publisher sent no values.")
        } else {
            paragraphs.append(timeline.lines().joined(separator: "\n"))
        }
        paragraphs.append(hint(for: reason))
        return paragraphs.joined(separator: "\n\n")
    }

    private var pendingCondition: String {
        var text = "condition \(pending + 1) of \(labels.count)"
        if pending < labels.count, let label = labels[pending] {
            text += " (\(label))"
        }
        return text
    }

    private func summary(for reason: Reason, after elapsed: Duration) -> String {
        let allMet = pending >= labels.count
        switch reason {
        case .timedOut:
            if allMet {
                return "\(helper) timed out after \(timeout.shortSecondsText): "
                    + "all \(labels.count) conditions were met, but the action had not returned."
            }
            return "\(helper) timed out after \(timeout.shortSecondsText): "
                + "\(pendingCondition) was never met."
        case .ended(.finished):
            return "\(helper) failed after \(elapsed.secondsText(decimals: 3)): "
                + "the publisher finished before \(pendingCondition) was met."
        case .ended(.failure(let error)):
            return "\(helper) failed after \(elapsed.secondsText(decimals: 3)): "
                + "the publisher failed with \(ValueDescription.of(error)) "
                + "before \(pendingCondition) was met."
        case .conditionThrew(let error):
            let index = max(timeline.count - 1, 0)
            return "\(helper) failed: \(pendingCondition) threw \(ValueDescription.of(error)) "
                + "on value [\(index)]."
        case .actionThrew(let error):
            let state =
                allMet ? "after all conditions were met" : "while \(pendingCondition) was pending"
            return "\(helper) failed: the action threw \(ValueDescription.of(error)) \(state)."
        }
    }

    private func hint(for reason: Reason) -> String {
        switch reason {
        case .timedOut:
            if pending >= labels.count {
                return
                    "The action passed to perform: must return within the timeout. If it sleeps, "
                    + "inject a TestClock and advance it; if it is slow, raise the timeout."
            }
            guard let last = timeline.last else {
                return "Check that the test observes the publisher the code under test changes, "
                    + "and that the change happens. If the code sleeps, inject a TestClock and "
                    + "advance it; if it is slow, raise the timeout."
            }
            let quiet = max(timeout - last.elapsed, .zero).secondsText(decimals: 3)
            return "The publisher went quiet after value [\(last.index)]: nothing more arrived in "
                + "the last \(quiet) of the wait. If the code under test is still working, raise "
                + "the timeout; if it sleeps, inject a TestClock and advance it."
        case .ended:
            return "A publisher that has ended sends no more values, so the remaining conditions "
                + "can never be met. Check what ended it, or wait on a publisher that stays alive."
        case .conditionThrew:
            return "An error thrown by a condition fails the wait at once."
        case .actionThrew:
            return "An error thrown by the action passed to perform: fails the wait at once."
        }
    }
}
