public import Foundation
public import Publishing
public import XCTest

// Inside an XCTestCase subclass, the name `until` finds only these methods, never the free
// functions, so every overload of the free `until` has its twin here.
extension XCTestCase {
    /// Suspends until the publisher's values satisfy each condition, in order.
    ///
    /// Condition 1 is met by some value, condition 2 by a later value, and so on; one value meets at
    /// most one condition, and an empty list succeeds at once. The publisher's current value (of a
    /// `@Published` property or a `CurrentValueSubject`) counts.
    ///
    /// Fails, at the caller's file and line, through whichever framework runs the test (Swift
    /// Testing or XCTest) when the timeout passes, when the publisher finishes or fails first, or
    /// when a condition or the action throws. A cancelled task returns `nil` and records nothing.
    ///
    /// - Parameters:
    ///   - publisher: The publisher to observe. It is subscribed before `action` runs.
    ///   - conditions: Conditions met one after another, each by a later value than the last.
    ///   - timeout: How long to wait in all, the action included. `nil` uses the default: one
    ///     second, or what `withDefaultTimeout` or an `.untilTimeout` trait set.
    ///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
    ///   - isolation: The caller's actor, inferred: conditions and the action run on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once the subscription is in place, such as `await vm.load()`; it
    ///     runs concurrently with the wait, and must return within the timeout.
    /// - Returns: The values that met the conditions, in order, or `nil` if they were not all met.
    ///
    /// ```swift
    /// await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }]) {
    ///     await viewModel.load()
    /// }
    /// ```
    @discardableResult
    public func until<P: Publisher>(
        _ publisher: P,
        satisfies conditions: [(P.Output) throws -> Bool],
        timeout: Duration? = nil,
        idleTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> [P.Output]? {
        await Waiter.wait(
            for: publisher,
            toSatisfy: conditions.map { Condition(nil, $0) },
            timeout: TimeoutRequest(timeout),
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )
    }

    /// Suspends until the publisher's values satisfy each condition, in order.
    ///
    /// Condition 1 is met by some value, condition 2 by a later value, and so on; one value meets at
    /// most one condition, and an empty list succeeds at once. The publisher's current value (of a
    /// `@Published` property or a `CurrentValueSubject`) counts.
    ///
    /// Fails, at the caller's file and line, through whichever framework runs the test (Swift
    /// Testing or XCTest) when the timeout passes, when the publisher finishes or fails first, or
    /// when a condition or the action throws. A cancelled task returns `nil` and records nothing.
    ///
    /// - Parameters:
    ///   - publisher: The publisher to observe. It is subscribed before `action` runs.
    ///   - conditions: Conditions met one after another, each by a later value than the last.
    ///   - timeout: How long to wait in all, the action included. `nil` uses the default: one
    ///     second, or what `withDefaultTimeout` or an `.untilTimeout` trait set.
    ///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
    ///   - isolation: The caller's actor, inferred: conditions and the action run on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once the subscription is in place, such as `await vm.load()`; it
    ///     runs concurrently with the wait, and must return within the timeout.
    /// - Returns: The values that met the conditions, in order, or `nil` if they were not all met.
    ///
    /// ```swift
    /// await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }]) {
    ///     await viewModel.load()
    /// }
    /// ```
    @discardableResult
    public func until<P: Publisher>(
        _ publisher: P,
        satisfies conditions: [(P.Output) throws -> Bool],
        timeout: TimeInterval,
        idleTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> [P.Output]? {
        await Waiter.wait(
            for: publisher,
            toSatisfy: conditions.map { Condition(nil, $0) },
            timeout: .seconds(timeout),
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )
    }

    /// Suspends until the publisher's values satisfy each condition, in order.
    ///
    /// Condition 1 is met by some value, condition 2 by a later value, and so on; one value meets at
    /// most one condition, and an empty list succeeds at once. The publisher's current value (of a
    /// `@Published` property or a `CurrentValueSubject`) counts.
    ///
    /// Fails, at the caller's file and line, through whichever framework runs the test (Swift
    /// Testing or XCTest) when the timeout passes, when the publisher finishes or fails first, or
    /// when a condition or the action throws. A cancelled task returns `nil` and records nothing.
    ///
    /// - Parameters:
    ///   - publisher: The publisher to observe. It is subscribed before `action` runs.
    ///   - conditions: Conditions met one after another, each by a later value than the last.
    ///   - timeout: How long to wait in all, the action included. `nil` uses the default: one
    ///     second, or what `withDefaultTimeout` or an `.untilTimeout` trait set.
    ///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
    ///   - isolation: The caller's actor, inferred: conditions and the action run on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once the subscription is in place, such as `await vm.load()`; it
    ///     runs concurrently with the wait, and must return within the timeout.
    /// - Returns: The values that met the conditions, in order, or `nil` if they were not all met.
    ///
    /// ```swift
    /// await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }]) {
    ///     await viewModel.load()
    /// }
    /// ```
    @_disfavoredOverload
    @discardableResult
    public func until<P: Publisher>(
        _ publisher: P,
        satisfies conditions: [Condition<P.Output>],
        timeout: Duration? = nil,
        idleTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> [P.Output]? {
        await Waiter.wait(
            for: publisher,
            toSatisfy: conditions,
            timeout: TimeoutRequest(timeout),
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )
    }

    /// Suspends until the publisher's values satisfy each condition, in order.
    ///
    /// Condition 1 is met by some value, condition 2 by a later value, and so on; one value meets at
    /// most one condition, and an empty list succeeds at once. The publisher's current value (of a
    /// `@Published` property or a `CurrentValueSubject`) counts.
    ///
    /// Fails, at the caller's file and line, through whichever framework runs the test (Swift
    /// Testing or XCTest) when the timeout passes, when the publisher finishes or fails first, or
    /// when a condition or the action throws. A cancelled task returns `nil` and records nothing.
    ///
    /// - Parameters:
    ///   - publisher: The publisher to observe. It is subscribed before `action` runs.
    ///   - conditions: Conditions met one after another, each by a later value than the last.
    ///   - timeout: How long to wait in all, the action included. `nil` uses the default: one
    ///     second, or what `withDefaultTimeout` or an `.untilTimeout` trait set.
    ///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
    ///   - isolation: The caller's actor, inferred: conditions and the action run on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once the subscription is in place, such as `await vm.load()`; it
    ///     runs concurrently with the wait, and must return within the timeout.
    /// - Returns: The values that met the conditions, in order, or `nil` if they were not all met.
    ///
    /// ```swift
    /// await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }]) {
    ///     await viewModel.load()
    /// }
    /// ```
    @_disfavoredOverload
    @discardableResult
    public func until<P: Publisher>(
        _ publisher: P,
        satisfies conditions: [Condition<P.Output>],
        timeout: TimeInterval,
        idleTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> [P.Output]? {
        await Waiter.wait(
            for: publisher,
            toSatisfy: conditions,
            timeout: .seconds(timeout),
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )
    }

    /// Suspends until a value of the publisher satisfies the condition.
    ///
    /// The publisher's current value counts. Fails like the list form of `until` when the timeout
    /// passes, the publisher ends first, or the condition or the action throws.
    ///
    /// - Parameters:
    ///   - publisher: The publisher to observe. It is subscribed before `action` runs.
    ///   - condition: The condition a value must meet.
    ///   - timeout: How long to wait in all, the action included. `nil` uses the default.
    ///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
    ///   - isolation: The caller's actor, inferred: conditions and the action run on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once the subscription is in place; it must return within the timeout.
    /// - Returns: The value that met the condition, or `nil` if none did.
    ///
    /// ```swift
    /// await until(viewModel.$isLoading) { $0 == false }
    /// ```
    @discardableResult
    public func until<P: Publisher>(
        _ publisher: P,
        satisfies condition: @escaping (P.Output) throws -> Bool,
        timeout: Duration? = nil,
        idleTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> P.Output? {
        await Waiter.wait(
            for: publisher,
            toSatisfy: [Condition(nil, condition)],
            timeout: TimeoutRequest(timeout),
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )?.first
    }

    /// Suspends until a value of the publisher satisfies the condition.
    ///
    /// The publisher's current value counts. Fails like the list form of `until` when the timeout
    /// passes, the publisher ends first, or the condition or the action throws.
    ///
    /// - Parameters:
    ///   - publisher: The publisher to observe. It is subscribed before `action` runs.
    ///   - condition: The condition a value must meet.
    ///   - timeout: How long to wait in all, the action included. `nil` uses the default.
    ///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
    ///   - isolation: The caller's actor, inferred: conditions and the action run on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once the subscription is in place; it must return within the timeout.
    /// - Returns: The value that met the condition, or `nil` if none did.
    ///
    /// ```swift
    /// await until(viewModel.$isLoading) { $0 == false }
    /// ```
    @discardableResult
    public func until<P: Publisher>(
        _ publisher: P,
        satisfies condition: @escaping (P.Output) throws -> Bool,
        timeout: TimeInterval,
        idleTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> P.Output? {
        await Waiter.wait(
            for: publisher,
            toSatisfy: [Condition(nil, condition)],
            timeout: .seconds(timeout),
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )?.first
    }

    /// Suspends until a value of the publisher satisfies the condition.
    ///
    /// The publisher's current value counts. Fails like the list form of `until` when the timeout
    /// passes, the publisher ends first, or the condition or the action throws.
    ///
    /// - Parameters:
    ///   - publisher: The publisher to observe. It is subscribed before `action` runs.
    ///   - condition: The condition a value must meet.
    ///   - timeout: How long to wait in all, the action included. `nil` uses the default.
    ///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
    ///   - isolation: The caller's actor, inferred: conditions and the action run on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once the subscription is in place; it must return within the timeout.
    /// - Returns: The value that met the condition, or `nil` if none did.
    ///
    /// ```swift
    /// await until(viewModel.$isLoading) { $0 == false }
    /// ```
    @discardableResult
    public func until<P: Publisher>(
        _ publisher: P,
        satisfies condition: Condition<P.Output>,
        timeout: Duration? = nil,
        idleTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> P.Output? {
        await Waiter.wait(
            for: publisher,
            toSatisfy: [condition],
            timeout: TimeoutRequest(timeout),
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )?.first
    }

    /// Suspends until a value of the publisher satisfies the condition.
    ///
    /// The publisher's current value counts. Fails like the list form of `until` when the timeout
    /// passes, the publisher ends first, or the condition or the action throws.
    ///
    /// - Parameters:
    ///   - publisher: The publisher to observe. It is subscribed before `action` runs.
    ///   - condition: The condition a value must meet.
    ///   - timeout: How long to wait in all, the action included. `nil` uses the default.
    ///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
    ///   - isolation: The caller's actor, inferred: conditions and the action run on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once the subscription is in place; it must return within the timeout.
    /// - Returns: The value that met the condition, or `nil` if none did.
    ///
    /// ```swift
    /// await until(viewModel.$isLoading) { $0 == false }
    /// ```
    @discardableResult
    public func until<P: Publisher>(
        _ publisher: P,
        satisfies condition: Condition<P.Output>,
        timeout: TimeInterval,
        idleTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> P.Output? {
        await Waiter.wait(
            for: publisher,
            toSatisfy: [condition],
            timeout: .seconds(timeout),
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )?.first
    }

    /// Suspends until the publisher's next values equal `expected`, in order.
    ///
    /// The publisher's current value counts as the first. A value that differs fails at once with
    /// a line-by-line diff of expected and received values, the first difference marked; so does a
    /// timeout, showing what is missing.
    ///
    /// - Parameters:
    ///   - publisher: The publisher to observe.
    ///   - expected: The values to receive, in order.
    ///   - ignoringDuplicates: Skip a value equal to the one just before it, as
    ///     `removeDuplicates()` would.
    ///   - timeout: How long to wait in all, the action included; `nil` uses the default.
    ///   - isolation: The caller's actor, inferred: the action runs on it.
    ///   - fileID: The caller's file ID, inferred: failures are recorded there.
    ///   - filePath: The caller's file path, inferred: failures are recorded there.
    ///   - line: The caller's line, inferred: failures are recorded there.
    ///   - column: The caller's column, inferred: failures are recorded there.
    ///   - action: Work to run once the subscription is in place.
    /// - Returns: Whether the values matched.
    ///
    /// ```swift
    /// await until(viewModel.$isLoading, emits: [false, true, false]) {
    ///     await viewModel.load()
    /// }
    /// ```
    @discardableResult
    public func until<P: Publisher>(
        _ publisher: P,
        emits expected: [P.Output],
        ignoringDuplicates: Bool = false,
        timeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> Bool where P.Output: Equatable {
        await Waiter.wait(
            subscribing: publisher.eventSubscription,
            plan: .exactly(expected, ignoringDuplicates: ignoringDuplicates),
            timeout: TimeoutRequest(timeout),
            helper: "until(_:emits:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        ) != nil
    }
}
