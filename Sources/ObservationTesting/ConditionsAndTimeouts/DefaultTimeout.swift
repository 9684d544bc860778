/// Runs `operation` with a different default timeout for every `until` inside it.
///
/// The default applies to the calls that pass no `timeout:` of their own, in this task and in
/// the tasks it creates. The `OBSERVATION_TESTING_TIMEOUT_SCALE` environment variable still
/// multiplies it.
///
/// - Parameters:
///   - timeout: The default timeout inside `operation`, such as `5` or `.seconds(5)`. Must be
///     positive.
///   - isolation: The caller's actor, inferred: `operation` runs on it.
///   - operation: The code to run.
/// - Returns: What `operation` returns.
///
/// ```swift
/// await withDefaultTimeout(.seconds(5)) {
///     await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }])
/// }
/// ```
@discardableResult
public func withDefaultTimeout<Result>(
    _ timeout: any TimeoutConvertible,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
) async rethrows -> Result {
    try await TimeoutPolicy.$taskDefault.withValue(timeout.timeoutValue, operation: operation)
}
