public import Testing
public import XCTest

/// A Swift Testing trait that checks, when each test ends, what it left unfinished.
///
/// ```swift
/// @Suite(.endOfTestChecks)
/// struct SearchViewModelTests { … }
/// ```
///
/// Each of these fails the test, where it was made, naming what is pending and what to do:
/// - a ``TestClock`` with tasks still asleep on it, or actions of a ``TestScheduler`` still due;
/// - a ``ChangeRecorder`` still alive with changes not asserted (one released reports itself);
/// - strict (`.endOfTestChecks(strict: true)`), a ``Recorder`` with values no wait or
///   ``Recorder/values`` read, and a scheduled action cancelled before its first run at a time
///   its scheduler never reached (a debounce cut off as its view model went).
///
/// Each clock, scheduler and recorder is checked wherever it was made: in the test, in a helper,
/// as a stored property of the suite (made inside the test's checks), or outside any test (checked
/// by each test that uses it). A test whose clocks hold work that has stood still for 5 seconds
/// (scaled by `OBSERVATION_TESTING_TIMEOUT_SCALE`), with none of its waits running, fails while
/// it hangs, naming what sleeps, with the message written to standard error too; then its tasks
/// asleep on those clocks are resumed with `CancellationError`, so the test returns. Actions due
/// on a ``TestScheduler`` are not run or dropped (what awaits them is out of reach, and running
/// them would run the code under test at a time the test never chose): a test hung on one is
/// reported and left to its time limit.
///
/// Objects passed to ``expectDeallocated(_:fileID:filePath:line:column:)`` must be gone by then.
/// A `perform:` action never outlives its wait (the wait ends only once the action has
/// returned), so there is nothing of it to check. A test that makes none of these passes as it
/// would without the trait.
public struct EndOfTestChecksTrait: TestTrait, SuiteTrait, TestScoping {
    /// Whether a ``Recorder``'s values never read fail the test.
    public let isStrict: Bool

    /// Applies to every test in a suite, including nested suites.
    public var isRecursive: Bool { true }

    /// Runs the test, then checks what it left.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        let scope = EndOfTestScope(isStrict: isStrict, site: CallSite(test.sourceLocation))
        try await scope.run { try await function() }
    }
}

extension Trait where Self == EndOfTestChecksTrait {
    /// Checks, when each test ends, for clocks with sleepers, schedulers with work due, change
    /// recorders with changes not asserted, and objects expected to be deallocated.
    public static var endOfTestChecks: Self { EndOfTestChecksTrait(isStrict: false) }

    /// ``endOfTestChecks``; strict, a ``Recorder`` with values never read fails too.
    ///
    /// - Parameter strict: Whether a recorder's values never read fail the test.
    /// - Returns: The trait.
    public static func endOfTestChecks(strict: Bool) -> Self {
        EndOfTestChecksTrait(isStrict: strict)
    }
}

extension XCTestCase {
    /// Checks, when the running test ends, what it left unfinished: XCTest's form of the
    /// `.endOfTestChecks` trait. Call it in `setUp`.
    ///
    /// ```swift
    /// override func setUp() {
    ///     super.setUp()
    ///     addEndOfTestChecks()
    /// }
    /// ```
    ///
    /// > Important: In a `@MainActor` test case, override the synchronous `setUp()`: an `async`
    /// > one does not compile there ("sending value of non-Sendable type 'XCTestCase'").
    ///
    /// The checks run in a teardown block, before `tearDown()`; see ``EndOfTestChecksTrait``.
    /// The clocks, schedulers and recorders in the test case's stored properties (made when
    /// XCTest builds the case, before `setUp`) are claimed here and checked with the rest; a
    /// main-actor view model beside them is best made `lazy`, on first use, on the main actor.
    /// An object the test case keeps in a property is still alive when the checks run: pass
    /// ``expectDeallocated(_:fileID:filePath:line:column:)`` objects the test itself makes.
    ///
    /// - Parameters:
    ///   - strict: Whether a ``Recorder``'s values never read fail the test.
    ///   - fileID: Inferred, with the next three: where a failure of work with no place of its
    ///     own (a scheduler from `DispatchQueue.test`) is recorded.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    public func addEndOfTestChecks(
        strict: Bool = false,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let scope = EndOfTestScope(
            isStrict: strict,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        EndOfTestScope.openForXCTest(scope)
        claimStoredFixtures()
        addTeardownBlock {
            await scope.finish()
            EndOfTestScope.closeForXCTest(scope)
        }
    }
}

/// Runs `body`, then checks what it left unfinished, as the `.endOfTestChecks` trait does at the
/// end of a test: for a part of a test, or a test of either framework without the trait.
///
/// ```swift
/// await withEndOfTestChecks {
///     let viewModel = SearchViewModel(clock: clock)
///     expectDeallocated(viewModel)
///     await until(viewModel.$results) { !$0.isEmpty } perform: { viewModel.search("swift") }
/// }
/// ```
///
/// - Parameters:
///   - strict: Whether a ``Recorder``'s values never read fail the test.
///   - isolation: The caller's actor, inferred: `body` runs on it.
///   - fileID: Inferred, with the next three: where a failure of work with no place of its own
///     (a scheduler from `DispatchQueue.test`) is recorded.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
///   - body: The code to check.
/// - Returns: What `body` returns.
public func withEndOfTestChecks<Result>(
    strict: Bool = false,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: () async throws -> Result
) async rethrows -> Result {
    let scope = EndOfTestScope(
        isStrict: strict,
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return try await scope.run { try await body() }
}

/// Expects `object` to be deallocated by the end of the test (or of the enclosing
/// `withEndOfTestChecks`): if it is still alive then, the test fails here.
///
/// ```swift
/// let viewModel = SearchViewModel(service: MockSearchService())
/// expectDeallocated(viewModel)
/// ```
///
/// The check runs with the test's end-of-test checks: the `.endOfTestChecks` trait,
/// `addEndOfTestChecks()` in XCTest's `setUp`, or ``withEndOfTestChecks(strict:isolation:fileID:filePath:line:column:_:)``.
/// Without them it fails at once, saying so. The object is held weakly; the failure lists the
/// work still pending that may hold it (a sleeper on a ``TestClock``, an action due on a
/// ``TestScheduler``).
///
/// - Parameters:
///   - object: The object, usually a view model the test made.
///   - fileID: Inferred, with the next three: where a failure is recorded; see
///     <doc:CallSitesAndIsolation>.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
public func expectDeallocated<Object: AnyObject>(
    _ object: Object,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard let scope = EndOfTestScope.active else {
        FailureReporter.record(
            "expectDeallocated(_:) checks when the test ends, and this test has no end-of-test "
                + "checks: add the .endOfTestChecks trait to the test or its suite, call "
                + "addEndOfTestChecks() in setUp (XCTest), or put the code in "
                + "withEndOfTestChecks { … }.",
            at: site)
        return
    }
    scope.expectDeallocation(
        ExpectedDeallocation(
            reference: .init(object), typeName: "\(type(of: object))", site: site))
}

/// A value has no lifetime to check: only a class instance can be expected to be deallocated.
@available(
    *, unavailable,
    message:
        "expectDeallocated(_:) checks that an object is released; a value type (a struct, an enum) has no lifetime to check. Pass a class instance, such as the view model."
)
public func expectDeallocated<Value>(
    _ value: Value,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {}
