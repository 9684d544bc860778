public import Observation
import Publishing
public import XCTest

// Twins of the free `until` functions for the other sources (see XCTestCase+Until.swift for why).
// `never` and `stays` need none: no XCTestCase method shares their names.
extension XCTestCase {
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

    /// Suspends until an async sequence's elements satisfy each condition, in order.
    ///
    /// The sequence is iterated on the caller's actor from the moment the wait begins. If it throws
    /// or ends before every condition is met, the wait fails at once, naming the error. Iteration is
    /// cancelled when the wait returns; a sequence that ignores cancellation is left to end alone.
    ///
    /// - Parameters:
    ///   - sequence: The sequence to iterate, such as an `AsyncStream` of view-model states.
    ///   - conditions: Conditions met one after another, each by a later element than the last.
    ///   - timeout: How long to wait in all, the action included; `nil` uses the default.
    ///   - idleTimeout: Fails when no new element arrives for this long; `nil` for no limit.
    ///   - isolation: The caller's actor, inferred: the sequence is iterated, and conditions and
    ///     the action run, on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once iteration has begun.
    /// - Returns: The elements that met the conditions, in order, or `nil` if they were not all met.
    ///
    /// ```swift
    /// await until(viewModel.states, satisfies: [{ $0 == .loading }, { $0 == .loaded }])
    /// ```
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @discardableResult
    public func until<S: AsyncSequence>(
        _ sequence: S,
        satisfies conditions: [(S.Element) throws -> Bool],
        timeout: Duration? = nil,
        idleTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> [S.Element]? {
        await Waiter.wait(
            subscribing: sequence.eventSubscription(isolation: isolation),
            plan: WaitPlan(
                steps: conditions.map { Condition(nil, $0) },
                idleTimeout: idleTimeout,
                source: "sequence"
            ),
            timeout: TimeoutRequest(timeout),
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )?.matched
    }

    /// Suspends until an async sequence's elements satisfy each condition, in order.
    ///
    /// The sequence is iterated on the caller's actor from the moment the wait begins. If it throws
    /// or ends before every condition is met, the wait fails at once, naming the error.
    ///
    /// - Parameters:
    ///   - sequence: The sequence to iterate, such as an `AsyncStream` of view-model states.
    ///   - conditions: Conditions met one after another, each by a later element than the last;
    ///     may include ``Condition/never(_:_:)`` steps.
    ///   - timeout: How long to wait in all, the action included; `nil` uses the default.
    ///   - idleTimeout: Fails when no new element arrives for this long; `nil` for no limit.
    ///   - isolation: The caller's actor, inferred: the sequence is iterated, and conditions and
    ///     the action run, on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once iteration has begun.
    /// - Returns: The elements that met the conditions, in order, or `nil` if they were not all met.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @_disfavoredOverload
    @discardableResult
    public func until<S: AsyncSequence>(
        _ sequence: S,
        satisfies conditions: [Condition<S.Element>],
        timeout: Duration? = nil,
        idleTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> [S.Element]? {
        await Waiter.wait(
            subscribing: sequence.eventSubscription(isolation: isolation),
            plan: WaitPlan(steps: conditions, idleTimeout: idleTimeout, source: "sequence"),
            timeout: TimeoutRequest(timeout),
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )?.matched
    }
}
