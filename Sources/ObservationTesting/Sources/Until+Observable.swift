public import Observation
import Publishing

/// Suspends until an `@Observable` object's property satisfies each condition, in order.
///
/// The property's current value counts, then each new value, read after it is stored. Several
/// changes made without a suspension point in between arrive as one, the last; see
/// `ObservedProperty` (in `Publishing`) for exactly what can be seen. Failures and timeouts work as
/// in `until(_:satisfies:)`.
///
/// - Parameters:
///   - model: The object to observe, such as a `@MainActor @Observable` view model.
///   - keyPath: The property to observe.
///   - conditions: Conditions met one after another, each by a later value than the last.
///   - timeout: How long to wait in all, the action included; `nil` uses the default.
///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
///   - isolation: The caller's actor, inferred: the property is read, and conditions and the
///     action run, on it.
///   - fileID: The caller's file ID, inferred: failures are recorded there.
///   - filePath: The caller's file path, inferred: failures are recorded there.
///   - line: The caller's line, inferred: failures are recorded there.
///   - column: The caller's column, inferred: failures are recorded there.
///   - action: Work to run once observing has begun, such as `await model.load()`.
/// - Returns: The values that met the conditions, in order, or `nil` if they were not all met.
///
/// ```swift
/// await until(model, \.isLoading, satisfies: [{ $0 }, { !$0 }]) {
///     await model.load()
/// }
/// ```
@discardableResult
public func until<Model: AnyObject & Observable, Value>(
    _ model: Model,
    _ keyPath: KeyPath<Model, Value>,
    satisfies conditions: [(Value) throws -> Bool],
    timeout: Duration? = nil,
    idleTimeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> [Value]? {
    await Waiter.wait(
        subscribing: publisher(for: keyPath, on: model).eventSubscription,
        plan: WaitPlan(
            steps: conditions.map { Condition(nil, $0) },
            idleTimeout: idleTimeout,
            source: "property"
        ),
        timeout: TimeoutRequest(timeout),
        helper: "until(_:_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )?.matched
}

/// Suspends until an `@Observable` object's property satisfies each condition, in order.
///
/// The property's current value counts, then each new value, read after it is stored. Several
/// changes made without a suspension point in between arrive as one, the last; see
/// `ObservedProperty` (in `Publishing`) for exactly what can be seen.
///
/// - Parameters:
///   - model: The object to observe, such as a `@MainActor @Observable` view model.
///   - keyPath: The property to observe.
///   - conditions: Conditions met one after another, each by a later value than the last; may
///     include ``Condition/never(_:_:)`` steps.
///   - timeout: How long to wait in all, the action included; `nil` uses the default.
///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
///   - isolation: The caller's actor, inferred: the property is read, and conditions and the
///     action run, on it.
///   - fileID: The caller's file ID, inferred: failures are recorded there.
///   - filePath: The caller's file path, inferred: failures are recorded there.
///   - line: The caller's line, inferred: failures are recorded there.
///   - column: The caller's column, inferred: failures are recorded there.
///   - action: Work to run once observing has begun, such as `await model.load()`.
/// - Returns: The values that met the conditions, in order, or `nil` if they were not all met.
@_disfavoredOverload
@discardableResult
public func until<Model: AnyObject & Observable, Value>(
    _ model: Model,
    _ keyPath: KeyPath<Model, Value>,
    satisfies conditions: [Condition<Value>],
    timeout: Duration? = nil,
    idleTimeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> [Value]? {
    await Waiter.wait(
        subscribing: publisher(for: keyPath, on: model).eventSubscription,
        plan: WaitPlan(steps: conditions, idleTimeout: idleTimeout, source: "property"),
        timeout: TimeoutRequest(timeout),
        helper: "until(_:_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )?.matched
}
