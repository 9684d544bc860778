public import Testing

/// A Swift Testing trait that sets the default timeout of every `until` in a test or suite.
///
/// ```swift
/// @Suite(.untilTimeout(.seconds(5)))
/// struct SlowNetworkTests { … }
/// ```
///
/// A timeout passed to a call still wins; `OBSERVATION_TESTING_TIMEOUT_SCALE` still scales it.
public struct UntilTimeoutTrait: TestTrait, SuiteTrait, TestScoping {
    /// The default timeout inside the test or suite.
    public let timeout: Timeout

    /// Applies to every test in a suite, including nested suites.
    public var isRecursive: Bool { true }

    /// Runs the test with ``timeout`` as the default timeout.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await TimeoutPolicy.$taskDefault.withValue(timeout, operation: function)
    }
}

extension Trait where Self == UntilTimeoutTrait {
    /// Sets the default timeout of every `until` in the test or suite.
    ///
    /// - Parameter timeout: The default timeout, such as `5` or `.seconds(5)`. Must be positive.
    /// - Returns: The trait.
    public static func untilTimeout(_ timeout: any TimeoutConvertible) -> Self {
        UntilTimeoutTrait(timeout: timeout.timeoutValue)
    }
}
