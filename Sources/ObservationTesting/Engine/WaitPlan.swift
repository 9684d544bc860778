import Publishing

/// What a wait is for: its steps, and what counts as success.
struct WaitPlan<Output> {
    enum Ending {
        /// Success once every condition is met (and the action has returned).
        case conditionsMet
        /// Success once the source finishes after every condition is met.
        case finished
        /// Success once the source fails after every condition is met.
        case failed
        /// Success once the window has passed (or the source has ended) with no step broken,
        /// and the action has returned: it is waited for within the timeout, never cut short.
        case window(Duration)
    }

    /// Conditions met in order; ``Condition/never(_:_:)`` steps forbid values until the next one.
    var steps: [Condition<Output>]
    var ending = Ending.conditionsMet
    /// Fail at once on a value that does not meet the pending condition: exact sequences.
    var isStrict = false
    /// Fail when no value arrives for this long.
    var idleTimeout: Timeout?
    /// The expected values of an exact sequence, described, for the failure message's diff.
    var expectedDescriptions: [String]?
    /// What failure messages call the source; set from the ``WaitSource``.
    var sourceNoun = "publisher"
    /// Skip a value that repeats the one before, as this says: `emits(…, ignoringDuplicates:)`.
    var duplicateTest: ((Output, Output) -> Bool)?
    /// How a failure message words a value that met a `never` step, such as "satisfied the
    /// condition"; `nil` words it as a `never` step in a list.
    var violation: String?
    /// Whether the source sends changes made with no suspension point between them as one;
    /// set from the ``WaitSource``.
    var coalescesChanges = false
    /// How many values the source sent that earlier waits read; set from the ``WaitSource``.
    var valuesReadBefore = 0
    /// What to try after a timeout, in place of the general hint, for a helper that knows its
    /// source better (`advance(by:whenAsleep:)`); made when the failure is written.
    var timeoutHint: (@Sendable () -> String)?
    /// The idle timeout once resolved and scaled.
    var idleLimit: Duration? = nil
}

/// How a wait ended well: the values that met conditions, and how many values it took.
struct WaitResult<Output> {
    var matched: [Output]
    /// Values taken from the source, met or not: a recorder moves on by this many.
    var consumed: Int
    /// The error the source failed with, for a wait that expects it to fail.
    var failure: (any Error)?
}

/// How a wait ended well, as the engine knows it: the values that met conditions are kept, typed,
/// by the conditions themselves (``MatchedValues``).
struct WaitOutcome {
    /// Values taken from the source, met or not: a recorder moves on by this many.
    var consumed: Int
    /// The error the source failed with, for a wait that expects it to fail.
    var failure: (any Error)?
}

extension WaitPlan.Ending {
    var window: Duration? {
        if case .window(let window) = self { return window }
        return nil
    }
}

/// The values that met a wait's conditions, in order, as their source's type.
@usableFromInline
final class MatchedValues<Value> {
    // @exclusivity(unchecked): appended to only by the wait's conditions, on its isolation, and
    // read after the wait, so the runtime's check, a call on every met condition, is spared.
    @usableFromInline @exclusivity(unchecked) var values: [Value] = []

    @inlinable
    init(capacity: Int) {
        values.reserveCapacity(capacity)
    }
}

extension WaitPlan {
    /// The same plan over values erased to `Any`, for the engine; `met` is handed each value
    /// that meets a condition (not a `never` step).
    func erased(met: MatchedValues<Output>) -> WaitPlan<Any> {
        WaitPlan<Any>(
            steps: steps.map { $0.erased(met: met) },
            ending: ending.erased,
            isStrict: isStrict,
            idleTimeout: idleTimeout,
            expectedDescriptions: expectedDescriptions,
            sourceNoun: sourceNoun,
            duplicateTest: duplicateTest.map { duplicateTest in
                { duplicateTest($0 as! Output, $1 as! Output) }
            },
            violation: violation,
            coalescesChanges: coalescesChanges,
            valuesReadBefore: valuesReadBefore,
            timeoutHint: timeoutHint
        )
    }
}

extension WaitPlan.Ending {
    var erased: WaitPlan<Any>.Ending {
        switch self {
        case .conditionsMet: .conditionsMet
        case .finished: .finished
        case .failed: .failed
        case .window(let window): .window(window)
        }
    }
}
