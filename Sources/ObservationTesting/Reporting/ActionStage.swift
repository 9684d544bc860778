/// Where the action passed to a wait's `perform:` stood as the wait ended, for the hint of a
/// wait that timed out.
enum ActionStage: Equatable {
    /// The wait timed out before the action began: what it runs on (its actor, or the shared
    /// threads) did not get to it.
    case notBegun
    /// The action began, `since` after the wait began, and had not returned.
    case running(since: Duration)
    /// The action returned `at` after the wait began, having run for `ranFor` (less than `at` by
    /// the time a busy actor took to begin it).
    case returned(at: Duration, ranFor: Duration)

    /// How long an action must run before the message suspects the code under test of spending
    /// real time (sleeping on a real clock, or slow): less is the time a busy machine takes to run
    /// a quick one.
    static var realTimeOfNote: Duration { .milliseconds(250) }

    /// Whether the action returned having taken no real time to speak of.
    var returnedQuickly: Bool {
        guard case .returned(_, let ranFor) = self else { return false }
        return ranFor < Self.realTimeOfNote
    }

    /// What the hint says of the action.
    var sentence: String {
        switch self {
        case .notBegun:
            "The action passed to perform: had not begun when the wait timed out: what it runs on "
                + "(its actor, or the shared threads) did not get to it in that time."
        case .running(let since):
            "The action passed to perform: had not returned when the wait timed out; it began at "
                + "+\(since.secondsText(decimals: 3))."
        case .returned(let at, let ranFor) where ranFor >= Self.realTimeOfNote:
            "The action ran for \(ranFor.secondsText(decimals: 3)) and returned at "
                + "+\(at.secondsText(decimals: 3)); nothing after it met the condition."
        case .returned(let at, _):
            "The action returned at +\(at.secondsText(decimals: 3)); nothing after it met the "
                + "condition."
        }
    }
}
