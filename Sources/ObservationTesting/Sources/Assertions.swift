public import Publishing

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
        plan: .exactly(expected, ignoringDuplicates: ignoringDuplicates, from: publisher),
        timeout: TimeoutRequest(timeout),
        helper: "until(_:emits:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    ) != nil
}

/// Watches the publisher for a window of real time, failing at once if a value satisfies the
/// condition.
///
/// The current value counts. Succeeds when the window has passed, or earlier if the publisher
/// finishes, since it can send nothing more; either way only once `action` has returned, which
/// is watched too and never cut short. A publisher that fails fails the wait. The window is real
/// time even when the code under test runs on a `TestClock`: advance the clock in `action`.
///
/// - Parameters:
///   - publisher: The publisher to observe.
///   - condition: Returns `true` for a value that must not arrive.
///   - window: How long to watch. It is not scaled by `OBSERVATION_TESTING_TIMEOUT_SCALE`.
///   - timeout: How long `action` may take, if it outlasts the window; `nil` uses the default.
///   - isolation: The caller's actor, inferred: the condition and the action run on it.
///   - fileID: The caller's file ID, inferred: failures are recorded there.
///   - filePath: The caller's file path, inferred: failures are recorded there.
///   - line: The caller's line, inferred: failures are recorded there.
///   - column: The caller's column, inferred: failures are recorded there.
///   - action: Work to run while watching, such as `await viewModel.load()`.
/// - Returns: Whether no value satisfied the condition.
///
/// ```swift
/// await never(viewModel.$error, satisfies: { $0 != nil }, for: .milliseconds(200)) {
///     await viewModel.load()
/// }
/// ```
@discardableResult
public func never<P: Publisher>(
    _ publisher: P,
    satisfies condition: @escaping (P.Output) throws -> Bool,
    for window: Duration,
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> Bool {
    await Waiter.wait(
        subscribing: publisher.eventSubscription,
        plan: WaitPlan(
            steps: [.never(nil, condition)],
            ending: .window(window),
            violation: "satisfied the condition"
        ),
        timeout: TimeoutRequest(timeout),
        helper: "never(_:satisfies:for:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    ) != nil
}

/// Watches the publisher for a window of real time, failing at once if a value does not
/// satisfy the condition.
///
/// The current value counts. Succeeds when the window has passed, or earlier if the publisher
/// finishes; either way only once `action` has returned, which is watched too and never cut
/// short. A publisher that fails fails the wait. The window is real time even when the code under
/// test runs on a `TestClock`.
///
/// - Parameters:
///   - publisher: The publisher to observe.
///   - condition: Returns `true` for every value allowed.
///   - window: How long to watch. It is not scaled by `OBSERVATION_TESTING_TIMEOUT_SCALE`.
///   - timeout: How long `action` may take, if it outlasts the window; `nil` uses the default.
///   - isolation: The caller's actor, inferred: the condition and the action run on it.
///   - fileID: The caller's file ID, inferred: failures are recorded there.
///   - filePath: The caller's file path, inferred: failures are recorded there.
///   - line: The caller's line, inferred: failures are recorded there.
///   - column: The caller's column, inferred: failures are recorded there.
///   - action: Work to run while watching.
/// - Returns: Whether every value satisfied the condition.
///
/// ```swift
/// await stays(viewModel.$items, satisfying: { $0.count <= 10 }, for: .milliseconds(200))
/// ```
@discardableResult
public func stays<P: Publisher>(
    _ publisher: P,
    satisfying condition: @escaping (P.Output) throws -> Bool,
    for window: Duration,
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> Bool {
    await Waiter.wait(
        subscribing: publisher.eventSubscription,
        plan: WaitPlan(
            steps: [.never(nil) { try !condition($0) }],
            ending: .window(window),
            violation: "did not satisfy the condition"
        ),
        timeout: TimeoutRequest(timeout),
        helper: "stays(_:satisfying:for:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    ) != nil
}
