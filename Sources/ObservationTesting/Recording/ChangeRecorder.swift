import Observation
import Publishing

/// Records every change of a view model's observable state, for tests that assert each one.
///
/// The idea of TCA's `TestStore`, for plain view models: each state after a change must be
/// asserted, described as a mutation of the state before it, and a step that differs fails with
/// only the differing properties.
///
/// ```swift
/// let changes = viewModel.recordChanges()
/// await viewModel.load()
/// await changes.next { $0.isLoading = true }
/// await changes.next {
///     $0.isLoading = false
///     $0.items = [1, 2, 3]
/// }
/// changes.finish()
/// ```
///
/// The state is a snapshot of the model's observable stored properties (its `@Published`
/// properties, or the observed properties of an `@Observable` class), taken on the caller's actor
/// after each change. Several changes made with no suspension point between them make one state,
/// as the view sees them. Values compare with `==` where their type is `Equatable`, by identity
/// where it is a class that is not, and otherwise by their dumped descriptions (and a failure
/// says so).
///
/// Exhaustive (the default), every change must be asserted in turn: ``finish(isolation:fileID:filePath:line:column:)`` fails naming
/// those that were not, as does releasing the recorder without calling it. Not exhaustive,
/// ``next(timeout:isolation:fileID:filePath:line:column:_:)`` skips the states before the first
/// one in which the properties the step sets have those values, and nothing is left to assert.
///
/// An invariant (`recordChanges(invariant: { !($0.isLoading && $0.error != nil) })`) is checked
/// on the model each time a state is recorded, asserted or not, and fails once, where recording
/// began, naming the first state that breaks it (or makes it throw).
///
/// Recording stops at ``finish(isolation:fileID:filePath:line:column:)``, or when the model is released.
/// While recorded states wait for a step, the recorder holds the model: a step's read of a
/// property the state does not hold (a computed one) reads the model.
public final class ChangeRecorder<Model: AnyObject> {
    let storage = RecordingStorage<StateSnapshot, Never>()
    /// Where recording is: the subscription that records, until `finish()`.
    private enum Stage {
        case recording(AnyCancellable)
        case finished
    }
    private var stage: Stage
    /// The last state asserted (or, for the first step, the state when recording began).
    private var expected: StateSnapshot
    /// How many states the steps so far have taken, the first included.
    private var position = 1 {
        didSet {
            storage.markSeen(position)
            unpin()
        }
    }
    /// The model, held from the recording of a state until a step has taken every state.
    private let pin = Locked<Model?>(nil)
    private let isExhaustive: Bool
    private let start: CallSite
    private weak var model: Model?
    /// Whether properties were named to wake the recorder (an `@Observable` model): a failure
    /// then says that every observed property is compared all the same.
    private let wakesOnNamedProperties: Bool
    private let invariant: ((Model) throws -> Bool)?
    private var isInvariantReported = false
    /// The properties whose changes make a new state (an `@Observable` model's); none for an
    /// `ObservableObject`, where every `@Published` change does.
    private let keyPaths: [PartialKeyPath<Model>]
    /// The property each other key path of the steps so far was found to be.
    private let resolutions = KeyPathResolutions()

    init(
        of model: Model,
        reading keyPaths: [PartialKeyPath<Model>],
        isExhaustive: Bool,
        invariant: ((Model) throws -> Bool)?,
        isolation: isolated (any Actor)?,
        at callSite: CallSite
    ) {
        self.isExhaustive = isExhaustive
        self.model = model
        self.invariant = invariant
        wakesOnNamedProperties = !keyPaths.isEmpty
        self.keyPaths = keyPaths
        start = callSite
        let storage = storage
        let pin = pin
        let snapshots = ObservedState(watching: [model], isolation: isolation) {
            [weak model] () -> StateSnapshot? in
            guard let model else { return nil }
            // Reading the properties through their key paths is what Observation tracks; the
            // snapshot reads storage through reflection, which it does not.
            return Self.snapshot(of: model, naming: keyPaths)
        }
        let reads = snapshots.sink(
            handingReadsTo: nil,
            receiveCompletion: { storage.receive(.completion($0, arrived: .now)) },
            receiveValue: { [weak model] snapshot in
                // A read can come without a change of a property named: a confirming read after
                // a change (Observation may tell of one before the value is stored), or one
                // that the invariant's reads woke. Only a change of a named one makes a state.
                let last = storage.state.withLock { $0.values.last }
                guard Self.makesState(snapshot, after: last, naming: keyPaths) else { return }
                // Checked after the read, on the same actor, not inside it: Observation would
                // track what the invariant reads, and wake the recorder for its changes too.
                var snapshot = snapshot
                if let model { Self.check(&snapshot, of: model, against: invariant) }
                // The end-of-test checks may have recorded this state already (see
                // `readPendingState()`), on another thread for a recorder on no actor.
                storage.receive(.value(snapshot, arrived: .now)) { $0 == snapshot }
                if let model { pin.withLock { $0 = model } }
            }
        )
        // Waits on the model let this recorder catch up before they return.
        StateRecorders.register(reads, observing: [model])
        stage = .recording(AnyCancellable { reads.cancel() })
        // The first read is made on subscribing: the state the steps start from.
        expected =
            storage.state.withLock { state in
                state.seen = 1
                return state.values.first
            } ?? StateSnapshot(properties: [])
        unpin()
        if isExhaustive {
            // Safe: the checks run on the main actor, and this reads the model only for a
            // recorder made there, whose model is read there as a queued read would be, or made
            // on no actor, whose queued reads run on any thread. Without it a change whose read
            // is still queued when the test ends would pass unasserted.
            nonisolated(unsafe) let readPendingState: (() -> Void)? =
                isolation == nil || isMainActor(isolation)
                ? { [weak self] in self?.readPendingState() } : nil
            storage.enrollWhenMade { storage in
                EndOfTestScope.enroll(
                    storage,
                    check: { _ in
                        if !storage.state.withLock({ $0.isSettled }) { readPendingState?() }
                        return Self.unassertedWork(in: storage, madeAt: callSite)
                    })
            }
        }
    }

    deinit {
        guard case .recording = stage else { return }
        let isReportedAtEndOfTest = settle()
        // Not `Sendable`, the recorder is released in the isolation domain it records in, so
        // the state can be read here as a queued read would.
        readPendingState()
        reportBrokenInvariant()
        guard isExhaustive, !isReportedAtEndOfTest else { return }
        let unasserted = unassertedChanges()
        guard !unasserted.isEmpty else { return }
        FailureReporter.record(
            "ChangeRecorder was released with \(Self.count(unasserted.count)) not asserted:\n"
                + Self.lines(unasserted)
                + "\n\nAssert each with next { … }, then call finish(); or record with "
                + "recordChanges(exhaustive: false) to assert only the states you care about."
                + Self.steps(unasserted.map(\.changes)),
            at: start)
    }

    /// Suspends until the next state, and checks it against the state before with `change`
    /// applied; not exhaustive, until the first state in which the properties `change` sets have
    /// those values.
    ///
    /// ```swift
    /// await changes.next { $0.isLoading = true }
    /// ```
    ///
    /// `$0.property` is the model's own property, with its own type (`$0.phase = .loading`,
    /// `$0.count += 1`, `$0.error = nil`): a name the model does not have, or a value of another
    /// type, does not compile. A property no key path reaches from the test (a `private` one) is
    /// written by name, `$0[name: "token"] = "abc"`, checked when the step runs.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for the state; `nil` uses the default.
    ///   - isolation: The caller's actor, inferred.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    ///   - change: The change, as a mutation of the state before it.
    /// - Returns: Whether the state arrived and matched.
    @discardableResult
    public func next(
        timeout: (any TimeoutConvertible)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        _ change: (inout ExpectedState<Model>) throws -> Void
    ) async -> Bool {
        let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        defer { reportBrokenInvariant() }
        // Held while states wait for a step, the model is gone only once none is left.
        guard let model else {
            FailureReporter.record(
                "ChangeRecorder.next(_:) failed: the model was released, and the steps before "
                    + "took every state recorded: there is no state left for this step.",
                at: callSite)
            return false
        }
        var state = ExpectedState(
            expected, of: model, keyPaths: keyPaths, resolutions: resolutions)
        do {
            try change(&state)
        } catch {
            FailureReporter.record(
                "ChangeRecorder.next(_:) failed: the change threw \(ValueDescription.of(error)).",
                at: callSite)
            return false
        }
        guard state.problems.isEmpty else {
            FailureReporter.record(
                "ChangeRecorder.next(_:) failed: " + state.problems.joined(separator: " "),
                at: callSite)
            return false
        }
        let wanted = state
        let step: Condition<StateSnapshot> = isExhaustive ? .any : state.assignedValues
        let start = position
        guard
            let result = await Waiter.wait(
                on: WaitSource<StateSnapshot, Never>(
                    subscribe: { [storage] mailbox in
                        storage.tap(from: start) { mailbox.post($0.erased) }
                    },
                    noun: "view model",
                    coalescesChanges: true,
                    valuesReadBefore: start,
                    recorders: .object(ObjectIdentifier(model))
                ),
                plan: WaitPlan(steps: [step]),
                timeout: TimeoutRequest(timeout),
                helper: "ChangeRecorder.next(_:)",
                isolation: isolation,
                at: callSite
            ), let actual = result.matched.first
        else { return false }
        position = start + result.consumed
        let before = expected
        expected = actual
        let history = storage.state.withLock { Array($0.values.prefix(position)) }
        guard isExhaustive, !wanted.isMatched(by: actual, history: history) else { return true }
        var differences = wanted.differences(from: actual, history: history)
        if differences.isEmpty { differences = ["  (no property differs by name)"] }
        FailureReporter.record(
            "ChangeRecorder.next(_:) failed: state [\(position - 1)] differs from the expected "
                + "state:\n" + differences.joined(separator: "\n")
                + "\n\nThe next step starts from the actual state."
                + (wakesOnNamedProperties
                    ? " Every observed property of the model is compared, not only those named "
                        + "in recordChanges(…): they say which changes make a new state." : "")
                + Self.steps([actual.changes(from: before)]),
            at: callSite)
        return false
    }

    /// Stops recording; exhaustive, fails if changes remain that no step asserted.
    ///
    /// The state is read once more first, so a change made just before is not missed.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, inferred: the state is read on it.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    public func finish(
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        guard case .recording(let subscription) = stage else { return }
        stage = .finished
        _ = settle()
        readPendingState()
        subscription.cancel()
        unpin(evenIfStatesWait: true)
        reportBrokenInvariant()
        guard isExhaustive else { return }
        let unasserted = unassertedChanges()
        guard !unasserted.isEmpty else { return }
        FailureReporter.record(
            "ChangeRecorder.finish() failed: \(Self.count(unasserted.count)) not asserted:\n"
                + Self.lines(unasserted)
                + "\n\nAssert each with next { … } before finish(), or record with "
                + "recordChanges(exhaustive: false) to assert only the states you care about."
                + Self.steps(unasserted.map(\.changes)),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Records the model's state now, if it differs from the last one recorded: a change whose
    /// read is still queued on this actor has landed all the same. With properties named, only
    /// a change of one of them makes a state, here as when the recorder is woken.
    private func readPendingState() {
        guard let model else { return }
        var now = Self.snapshot(of: model, naming: keyPaths)
        let last = storage.state.withLock { $0.values.last }
        guard last != now, Self.makesState(now, after: last, naming: keyPaths) else { return }
        Self.check(&now, of: model, against: invariant)
        // A queued read of the same change may be recording it meanwhile, on another thread for
        // a recorder on no actor: the state is recorded once.
        storage.receive(.value(now, arrived: .now)) { [keyPaths] last in
            last == now || !Self.makesState(now, after: last, naming: keyPaths)
        }
        pin.withLock { $0 = model }
        unpin()
    }

    /// Lets the model go once the steps have taken every state recorded; it is released outside
    /// the lock, as its `deinit` may do anything.
    private func unpin(evenIfStatesWait: Bool = false) {
        let position = position
        let released = pin.withLock { pinned -> Model? in
            guard evenIfStatesWait || storage.state.withLock({ $0.values.count }) <= position
            else { return nil }
            defer { pinned = nil }
            return pinned
        }
        _ = released
    }

    /// Notes in `snapshot` how `model` fails `invariant`, if it does.
    private static func check(
        _ snapshot: inout StateSnapshot, of model: Model,
        against invariant: ((Model) throws -> Bool)?
    ) {
        guard let invariant else { return }
        do {
            if try !invariant(model) { snapshot.brokenInvariant = "breaks the invariant" }
        } catch {
            snapshot.brokenInvariant = "makes the invariant throw \(ValueDescription.of(error))"
        }
    }

    /// Whether `snapshot` is a new state after `last`: with properties named, only if one of
    /// them has a new value, so a change of another property alone makes none.
    private static func makesState(
        _ snapshot: StateSnapshot, after last: StateSnapshot?,
        naming keyPaths: [PartialKeyPath<Model>]
    ) -> Bool {
        guard let last, !keyPaths.isEmpty else { return true }
        return !zip(last.wakingValues, snapshot.wakingValues).allSatisfy {
            StateValue.areEqual($0, $1)
        }
    }

    /// Fails, once, naming the first recorded state that broke the invariant.
    private func reportBrokenInvariant() {
        guard invariant != nil, !isInvariantReported else { return }
        let states = storage.state.withLock { $0.values }
        guard let index = states.firstIndex(where: { $0.brokenInvariant != nil }) else { return }
        isInvariantReported = true
        let state = states[index]
        let origin =
            index == 0
            ? "It is the state recording began with."
            : "It came after state [\(index - 1)], changing "
                + StateSnapshot.describe(state.changes(from: states[index - 1])) + "."
        FailureReporter.record(
            "recordChanges(invariant:) failed: state [\(index)] \(state.brokenInvariant ?? ""):\n  "
                + StateSnapshot.describe(state.properties) + "\n" + origin
                + "\n\nThe invariant is checked on every state recorded, asserted or not; "
                + "only the first that fails it is reported.",
            at: start)
    }

    /// Marks what is left as dealt with by this recorder, not by the end-of-test checks;
    /// returns whether they had already reported it.
    private func settle() -> Bool {
        storage.state.withLock { state in
            defer { state.isSettled = true }
            return state.isSettled
        }
    }

    /// Each state no step took, with what changed from the state before it.
    private func unassertedChanges() -> [(index: Int, changes: [StateSnapshot.Property])] {
        Self.unassertedChanges(in: storage.state.withLock { $0.values }, from: position)
    }
}

extension ChangeRecorder: EndOfTestFixture {
    func claimForEndOfTestChecks() {
        storage.claimForEndOfTestChecks()
    }
}
