public import Observation
public import Publishing

extension ObservableObject {
    /// Starts recording every change of this view model's `@Published` properties.
    ///
    /// ```swift
    /// let changes = viewModel.recordChanges()
    /// ```
    ///
    /// - Parameters:
    ///   - exhaustive: Whether every change must be asserted; see ``ChangeRecorder``.
    ///   - invariant: What must hold in every state recorded, asserted or not; the first state
    ///     that breaks it (or makes it throw) fails the test where recording began.
    ///   - isolation: The caller's actor, inferred: the state is read on it.
    ///   - fileID: The caller's file ID, inferred: a recorder released with changes unasserted
    ///     fails here.
    ///   - filePath: The caller's file path, inferred.
    ///   - line: The caller's line, inferred.
    ///   - column: The caller's column, inferred.
    /// - Returns: The recorder.
    public func recordChanges(
        exhaustive: Bool = true,
        invariant: ((Self) throws -> Bool)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ChangeRecorder<Self> {
        ChangeRecorder(
            of: self, reading: [], isExhaustive: exhaustive, invariant: invariant,
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension Observable where Self: AnyObject {
    /// Starts recording every change of this `@Observable` model's observed properties, woken by
    /// changes of the properties named.
    ///
    /// ```swift
    /// let changes = model.recordChanges(\.isLoading, \.items)
    /// ```
    ///
    /// Observation tells of a change only to those who read the property, so name the properties
    /// whose changes make a state: only theirs do, and a change of another property alone makes
    /// none (what `invariant` reads does not count). Each state still holds, and each exhaustive
    /// step compares, every observed property: one that changed with a named one must be
    /// asserted too.
    ///
    /// - Parameters:
    ///   - keyPath: A property whose changes make a new state.
    ///   - keyPaths: More such properties.
    ///   - exhaustive: Whether every change must be asserted; see ``ChangeRecorder``.
    ///   - invariant: What must hold in every state recorded, asserted or not; the first state
    ///     that breaks it (or makes it throw) fails the test where recording began.
    ///   - isolation: The caller's actor, inferred: the state is read on it.
    ///   - fileID: The caller's file ID, inferred: a recorder released with changes unasserted
    ///     fails here.
    ///   - filePath: The caller's file path, inferred.
    ///   - line: The caller's line, inferred.
    ///   - column: The caller's column, inferred.
    /// - Returns: The recorder.
    public func recordChanges(
        _ keyPath: PartialKeyPath<Self>,
        _ keyPaths: PartialKeyPath<Self>...,
        exhaustive: Bool = true,
        invariant: ((Self) throws -> Bool)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ChangeRecorder<Self> {
        ChangeRecorder(
            of: self, reading: [keyPath] + keyPaths, isExhaustive: exhaustive,
            invariant: invariant, isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
