import Publishing

/// One check of a condition over state, as a wait receives it: which condition, what it
/// returned, and how the watched view models stood.
///
/// A class: a check goes from the read into the wait's mailbox as an `Any`, and is kept as the
/// last value sent; a reference is boxed and copied without copying its fields.
final class StateCheck: Equatable, CustomDebugStringConvertible {
    enum Outcome {
        case returned(Bool)
        case threw(any Error)
        /// The condition read no observable state, and no `ObservableObject` is watched.
        case readNothing
    }

    let step: Int
    let stepCount: Int
    let outcome: Outcome
    /// The watched view models' properties, if any are watched.
    let state: StateSnapshot?
    /// The properties that changed since the state before, for the timeline.
    let changes: [StateSnapshot.Property]

    init(
        step: Int, stepCount: Int, outcome: Outcome, state: StateSnapshot?,
        changes: [StateSnapshot.Property]
    ) {
        self.step = step
        self.stepCount = stepCount
        self.outcome = outcome
        self.state = state
        self.changes = changes
    }

    static func == (lhs: StateCheck, rhs: StateCheck) -> Bool {
        lhs.step == rhs.step && lhs.outcome.isSame(as: rhs.outcome) && lhs.state == rhs.state
    }

    var debugDescription: String {
        var text = stepCount > 1 ? "condition \(step + 1): " : ""
        text += outcome.description
        if state != nil {
            text += changes.isEmpty ? "" : " (\(StateSnapshot.describe(changes)))"
        }
        return text
    }
}

extension StateCheck.Outcome {
    /// Whether two checks came out the same: errors, which need not be `Equatable`, by their
    /// descriptions. Asked after every check, so a returned `Bool` is not written out to compare.
    func isSame(as other: Self) -> Bool {
        switch (self, other) {
        case (.returned(let lhs), .returned(let rhs)): lhs == rhs
        case (.readNothing, .readNothing): true
        case (.threw, .threw): description == other.description
        default: false
        }
    }

    var description: String {
        switch self {
        case .returned(let isMet): "\(isMet)"
        case .threw(let error): "threw \(ValueDescription.of(error))"
        case .readNothing: "read no observable state"
        }
    }
}

/// A condition that read no observable state: no change could ever wake it.
struct UnobservableCondition: Error, ExplainedFailure {
    var summary: String { "reads no observable state, so no change could wake it" }
    var hint: String {
        "Read an @Observable model's properties in the condition, or pass the ObservableObject it "
            + "reads: until(viewModel) { $0.items.count == 3 }. Plain properties, globals and "
            + "values captured by the closure are not observed."
    }
}

/// The conditions of one `until(_:_:)` wait and what they need between checks: the pending
/// step, and the snapshot the timeline compares with.
///
/// Read on the caller's actor by the source, and by the engine's steps; the lock keeps a
/// wait from a caller with no actor, whose reads and steps run on different threads, sound.
final class StateChecks {
    private struct Progress {
        var pending = 0
        /// The last step checked for reading observable state: steps are checked in order, each
        /// first when it becomes pending.
        var checkedThrough = -1
        var unobservableStep: Int?
        var last: (state: StateSnapshot, changes: [StateSnapshot.Property])?
    }

    private let conditions: [() throws -> Bool]
    private let objects: [AnyObject]
    private let watchesWholeObjects: Bool
    /// Whether a wait can still fail once its last condition is met (it has an action to wait
    /// for), so that the check meeting it needs the state for the timeline too.
    private let mayFailAfterLastCondition: Bool
    private let progress = Locked(Progress())
    private let trigger = ReadTrigger()
    private let source: ObservedState<StateCheck>

    init(
        _ conditions: [() throws -> Bool],
        watching objects: [AnyObject],
        mayFailAfterLastCondition: Bool,
        isolation: isolated (any Actor)?
    ) {
        self.conditions = conditions
        self.objects = objects
        self.mayFailAfterLastCondition = mayFailAfterLastCondition
        watchesWholeObjects = objects.contains { ModelState.isWatchable($0) }
        // The source's read reaches this object weakly, through a box filled once it exists.
        let owner = Owner()
        source = ObservedState(watching: objects, trigger: trigger, isolation: isolation) {
            owner.checks?.check()
        }
        owner.checks = self
    }

    /// Where the source's read finds the checks, without keeping them.
    private final class Owner {
        weak var checks: StateChecks?
    }

    var waitSource: WaitSource<StateCheck, Never> { source.observedWaitSource(noun: "state") }

    /// One step per condition: met by a check of that condition that returned `true`.
    var steps: [Condition<StateCheck>] {
        conditions.indices.map { index in
            Condition(nil) { [self] check in
                guard check.step == index else { return false }
                switch check.outcome {
                case .readNothing: throw UnobservableCondition()
                case .threw(let error): throw error
                case .returned(let isMet):
                    if isMet, index + 1 < conditions.count {
                        progress.withLock { $0.pending = index + 1 }
                        // The next condition may read other state: a read tracks it.
                        trigger.fire()
                    }
                    return isMet
                }
            }
        }
    }

    private static func evaluate(_ condition: () throws -> Bool) -> StateCheck.Outcome {
        do { return .returned(try condition()) } catch { return .threw(error) }
    }

    /// Runs the pending condition on the current state.
    private func check() -> StateCheck {
        // One lock for what a check needs to know before it runs: this is every change's path.
        let (step, isFirstCheck, isUnobservable) = progress.withLock { progress in
            let step = progress.pending
            defer { progress.checkedThrough = max(progress.checkedThrough, step) }
            return (step, step > progress.checkedThrough, progress.unobservableStep == step)
        }
        let condition = conditions[step]
        var outcome: StateCheck.Outcome
        var readsNothing = isUnobservable
        if isFirstCheck, !watchesWholeObjects {
            // Only Observation can wake this condition: it must read something Observation sees.
            outcome = .returned(false)
            if !readsObservableState({ outcome = Self.evaluate(condition) }) {
                progress.withLock { $0.unobservableStep = step }
                readsNothing = true
            }
        } else {
            // Called directly, not through a closure kept in a local, which a debug build
            // allocates, with the outcome it writes, on every change's path.
            outcome = Self.evaluate(condition)
        }
        if readsNothing { outcome = .readNothing }
        var state: StateSnapshot?
        var changes: [StateSnapshot.Property] = []
        // The state is read for the failure timeline. A check that meets the last condition of
        // a wait that cannot fail after it ends the wait: its state would never be shown, and
        // reading every property of the watched models is the largest cost between the change
        // and the test's next line.
        let endsTheWait =
            !mayFailAfterLastCondition && step == conditions.count - 1
            && { if case .returned(true) = outcome { true } else { false } }()
        if !objects.isEmpty, !endsTheWait {
            let snapshot = StateSnapshot(of: objects)
            (state, changes) = progress.withLock { progress in
                if let last = progress.last, last.state == snapshot {
                    return (snapshot, last.changes)
                }
                let changes = snapshot.changes(from: progress.last?.state)
                progress.last = (snapshot, changes)
                return (snapshot, changes)
            }
        }
        return StateCheck(
            step: step, stepCount: conditions.count, outcome: outcome, state: state,
            changes: changes)
    }
}

/// An error whose failure message explains itself, instead of "threw" and its description.
protocol ExplainedFailure: Error {
    /// What went wrong, after "condition N of M".
    var summary: String { get }
    /// What to try.
    var hint: String { get }
}
