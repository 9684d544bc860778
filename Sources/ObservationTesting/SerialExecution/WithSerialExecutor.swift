public import Testing

/// Runs `body` with every task it starts on one line: one job at a time, in one order, the same
/// on every run.
///
/// ```swift
/// await withSerialExecutor {
///     let viewModel = FeedViewModel(service: MockFeedService())
///     viewModel.refresh()          // starts a Task
///     await settle()               // ... which has now run to its end
///     #expect(viewModel.items.count == 3)
/// }
/// ```
///
/// Inside, the jobs of `body` and of every task it starts (`Task { }`, `Task.detached`, task
/// groups, `async let`, nonisolated async functions, default actors, main-actor work) run one at
/// a time, first in first out, or in an order drawn from `seed`: main-actor work on the main
/// queue, the rest on a global queue. Call ``settle(fileID:filePath:line:column:)``
/// to run everything that can run; a ``TestClock`` advanced inside the scope settles after each
/// deadline it reaches, so the work it wakes has run to its next suspension when `advance`
/// returns.
///
/// When `body` returns with work of its tasks still able to run, the test fails here, naming
/// how much: await those tasks, call `settle()` before the end, or cancel them.
///
/// Jobs on an executor of your own (a custom actor executor, a task executor preference) are
/// outside the line, and a blocking wait (a semaphore) inside the scope stops the whole scope. Needs Swift 6.3's runtime (Linux, or macOS 26.4, iOS 26.4 and
/// their peers); with an older one the test fails, saying so, and `body` runs as usual. See
/// <doc:DeterministicTests>.
///
/// - Parameters:
///   - seed: `nil` to run jobs first in, first out; a number to pick each next job among those
///     that can run in an order drawn from it, the same for the same seed. The environment
///     variable `OBSERVATION_TESTING_SEED` overrides it for a whole run: a number replays that
///     seed in every scope, `random` draws a new one for each scope. A failure inside a seeded
///     scope names its seed.
///   - isolation: The caller's actor, inferred: `body` runs on it.
///   - fileID: Inferred, with the next three: where a failure is recorded; see
///     <doc:CallSitesAndIsolation>.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
///   - body: The code whose tasks to run one at a time.
/// - Returns: What `body` returns.
public func withSerialExecutor<Result, Failure: Error>(
    seed: UInt64? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: () async throws(Failure) -> Result
) async throws(Failure) -> Result {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return try await SerialScope.run(seed: seed, at: site, isolation: isolation, body)
}

/// Returns once nothing the current serial-executor scope started can run: every task it
/// started has finished or is suspended on something outside the scope, such as a
/// ``TestClock`` sleep not yet due, a continuation not yet resumed, a stream with nothing in it,
/// or real I/O.
///
/// ```swift
/// @Test(.serialExecutor) func refreshLoadsItems() async {
///     let viewModel = FeedViewModel(service: MockFeedService())
///     viewModel.refresh()
///     await settle()
///     #expect(viewModel.items.count == 3)
/// }
/// ```
///
/// It counts the jobs on the scope's line, with no yields guessed and no real time. Outside a
/// scope (``withSerialExecutor(seed:isolation:fileID:filePath:line:column:_:)`` or the
/// `.serialExecutor` trait) there is nothing to count: the test fails here, saying how to get
/// one.
///
/// - Parameters:
///   - fileID: Inferred, with the next three: where a failure is recorded; see
///     <doc:CallSitesAndIsolation>.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
public func settle(
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) async {
    guard let scope = SerialScope.current else {
        FailureReporter.record(
            """
            settle() was called outside a serial-executor scope, where what the test started \
            cannot be counted.

            Mark the test or its suite @Test(.serialExecutor), or wrap the code in \
            withSerialExecutor { … }.
            """,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return
    }
    await scope.settle(
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A Swift Testing trait that runs each test inside
/// ``withSerialExecutor(seed:isolation:fileID:filePath:line:column:_:)``: the test's tasks run
/// one at a time, in one order, and ``settle(fileID:filePath:line:column:)`` can tell when they
/// are done.
///
/// ```swift
/// @Suite(.serialExecutor)
/// struct FeedViewModelTests { … }
/// ```
public struct SerialExecutorTrait: TestTrait, SuiteTrait, TestScoping {
    /// The seed of the order, or `nil` for first in, first out.
    public let seed: UInt64?

    /// Applies to every test in a suite, including nested suites.
    public var isRecursive: Bool { true }

    /// Runs the test inside a serial-executor scope.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await SerialScope.run(
            seed: seed, at: CallSite(test.sourceLocation), isolation: nil, function)
    }
}

extension Trait where Self == SerialExecutorTrait {
    /// Runs each test's tasks one at a time, first in, first out.
    public static var serialExecutor: Self { SerialExecutorTrait(seed: nil) }

    /// Runs each test's tasks one at a time, in an order drawn from `seed`: the same seed gives
    /// the same order.
    ///
    /// - Parameter seed: The seed of the order.
    /// - Returns: The trait.
    public static func serialExecutor(seed: UInt64) -> Self { SerialExecutorTrait(seed: seed) }
}
