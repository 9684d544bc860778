extension FailureMessage {
    /// After a timeout, what to say when a value that came before the last condition met would
    /// have met the pending condition: the conditions may be listed in the wrong order.
    ///
    /// Each condition is met only by a value after the one that met the condition before it, so
    /// `[{ $0 == .confirmed }, { $0 == .submitting }]` over `.submitting` then `.confirmed` waits
    /// for a second `.submitting` that never comes, and the timeline alone does not say why.
    ///
    /// It calls the pending condition again, on values it was never tested against. That happens
    /// here, as the failure is written, because the message is written where the conditions run:
    /// on the wait's isolation, so a condition bound to the caller's actor or over non-`Sendable`
    /// values is called where it always is. A wait that succeeds never comes here. A condition
    /// that meets a value also keeps it as a matched value; a failed wait's are thrown away, so
    /// the extra one is harmless.
    func conditionOrderHint() -> String? {
        guard expected == nil, pending > 0 else { return nil }
        let conditions = steps.filter { !$0.isForbidding }
        guard pending < conditions.count else { return nil }
        let condition = conditions[pending]
        let entries = timeline.entries
        guard let lastMet = entries.last(where: { $0.metCondition != nil }) else { return nil }
        // Values after the last one met were tested against this condition already, and failed.
        // Value [0] is where the wait began (a property's current value): a flag that goes back
        // to it (`false`, `true`, then a `false` still to come) is the usual case, not an order.
        for (position, entry) in entries.enumerated()
        where entry.index > 0 && entry.index < lastMet.index && entry.metCondition == nil {
            let later = entries[(position + 1)...]
            // A condition that throws now says nothing about the order.
            guard (try? condition.isMet(by: entry.value)) == true,
                let overtaking = later.first(where: { $0.metCondition != nil }),
                let overtaken = overtaking.metCondition
            else { continue }
            var named = "condition \(pending + 1)"
            if let label = condition.label { named += " (\(label))" }
            // A value like it may still be on its way: the general hint follows.
            return "Value [\(entry.index)] (\(ValueDescription.of(entry.value))) would have met "
                + "\(named), but it arrived before value [\(overtaking.index)] met condition "
                + "\(overtaken + 1): each condition is met only by a value after the one that met "
                + "the condition before it. Unless another value meeting condition \(pending + 1) "
                + "is still to come, the conditions may be in the wrong order."
        }
        return nil
    }
}
