import Publishing

// Conditions over any observable state: closures read `@Observable` properties (and the view
// models passed in), and are re-checked on the caller's actor after each change they read, or
// after each change of a passed `ObservableObject`. Both forms are disfavoured: a class that is
// also a publisher (a subject, a recorder) is waited on as a publisher, even with an untyped
// empty list (`satisfies: []`), which both forms would take.

/// Suspends until `condition` holds: a condition over any observable state, re-checked after
/// each change of what it reads.
///
/// ```swift
/// await until { model.items.count == 3 && !model.isLoading }
/// await until(viewModel) {
///     $0.items.count == 3 && !$0.isLoading
/// } perform: {
///     await viewModel.load()
/// }
/// ```
///
/// The condition runs on the caller's actor, at once and then after each change: of an
/// `@Observable` property it read (through Observation tracking, so several models at once
/// work), and of each `ObservableObject` passed in (after its `objectWillChange`, once the
/// change has landed). Several changes made with no suspension point between them are checked
/// once, as they stand after the last. A condition that reads no observable state, with no
/// `ObservableObject` passed, could never be woken: the wait fails at once and says so.
///
/// - Parameters:
///   - models: View models to pass to `condition`: `ObservableObject`s are watched whole, and
///     the failure message shows how their properties changed. Pass none when the closure
///     reads `@Observable` models it captures.
///   - timeout: How long to wait; `nil` uses the default.
///   - idleTimeout: Fail when no change arrives for this long.
///   - isolation: The caller's actor, inferred: the condition runs on it.
///   - fileID: Inferred, with the next three: where a failure is recorded; see
///     <doc:CallSitesAndIsolation>.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
///   - condition: The condition, over the state it reads.
///   - action: Work to run once the wait is watching, such as the call under test.
/// - Returns: Whether the condition was met within the timeout.
@_disfavoredOverload
@discardableResult
public func until<each Model: AnyObject>(
    _ models: repeat each Model,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ condition: @escaping (repeat each Model) throws -> Bool,
    perform action: (() async throws -> Void)? = nil
) async -> Bool {
    let checks = StateChecks(
        [bind(condition, to: repeat each models)], watching: objects(repeat each models),
        mayFailAfterLastCondition: action != nil, isolation: isolation)
    return await Waiter.until(
        checks.waitSource,
        satisfies: checks.steps,
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:_:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    ) != nil
}

/// `until(_:_:)` with ordered conditions: the state must meet each in turn.
///
/// ```swift
/// await until(viewModel, satisfies: [{ viewModel.isLoading }, { !viewModel.isLoading }]) {
///     await viewModel.load()
/// }
/// ```
///
/// The closures read the state they capture; pass the `ObservableObject`s they read, so that
/// their changes wake the wait (`@Observable` models are tracked without being passed). After
/// one condition is met, the next is checked at once on the same state, then after each change:
/// only the pending condition runs, so a later one may assume the earlier ones held.
@_disfavoredOverload
@discardableResult
public func until(
    _ models: AnyObject...,
    satisfies conditions: [() throws -> Bool],
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> Bool {
    await until(
        models, satisfies: conditions, timeout: timeout, idleTimeout: idleTimeout,
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action)
}

/// The ordered form's wait, for the models as an array: a variadic list cannot be passed on, and
/// the form whose action does not escape waits here too.
func until(
    _ models: [AnyObject],
    satisfies conditions: [() throws -> Bool],
    timeout: (any TimeoutConvertible)?,
    idleTimeout: (any TimeoutConvertible)?,
    isolation: isolated (any Actor)?,
    at callSite: CallSite,
    performing action: (() async throws -> Void)?
) async -> Bool {
    let checks = StateChecks(
        conditions, watching: models, mayFailAfterLastCondition: action != nil,
        isolation: isolation)
    return await Waiter.until(
        checks.waitSource,
        satisfies: checks.steps,
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:satisfies:)",
        isolation: isolation,
        at: callSite,
        performing: action
    ) != nil
}

/// `condition` applied to `models`, as a closure of no arguments.
private func bind<each Model: AnyObject>(
    _ condition: @escaping (repeat each Model) throws -> Bool,
    to models: repeat each Model
) -> () throws -> Bool {
    { try condition(repeat each models) }
}

private func objects<each Model: AnyObject>(_ models: repeat each Model) -> [AnyObject] {
    var objects: [AnyObject] = []
    for model in repeat each models { objects.append(model) }
    return objects
}
