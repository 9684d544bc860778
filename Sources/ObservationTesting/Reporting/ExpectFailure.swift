import Publishing
import Testing

/// Expects the code inside to fail through this package, and fails if it does not.
///
/// ```swift
/// await expectFailure(containing: "timed out") {
///     await until(viewModel.$isLoading, satisfies: [.equals(true)], timeout: 0.05)
/// }
/// ```
///
/// The failures this package records inside `body` (a wait, a ``ChangeRecorder`` step or
/// `finish()`, an invariant) are kept instead of failing the test. What `body` makes is checked
/// when it returns, as at the end of a test (see ``EndOfTestChecksTrait``), so a ``TestClock``
/// left with sleepers or an object given to ``expectDeallocated(_:fileID:filePath:line:column:)``
/// that is still alive fails inside it too. It works the same in XCTest and Swift Testing; in
/// Swift Testing each failure kept is shown as a known issue, as `withKnownIssue` shows one.
///
/// `expectFailure` itself fails, at its caller's line and through the framework running the
/// test, if nothing failed inside it, or if nothing that failed contains `text`. A failure
/// that does not contain `text`, beside one that does, fails the test as it would have outside.
///
/// > Important: Only this package's failures are kept. An `XCTAssert…`, `#expect` or
/// > `#require` inside `body` fails the test as usual; a task that does not inherit task-locals
/// > (`Task.detached`) reports its failures to the test directly.
///
/// - Parameters:
///   - text: Text the failure message must contain; `nil` accepts any failure.
///   - isolation: The caller's actor, inferred: `body` runs on it.
///   - fileID: Inferred, with the next three: where a missing failure is recorded; see
///     <doc:CallSitesAndIsolation>.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
///   - body: The code expected to fail. If it throws, the error is rethrown once the failures
///     are judged, and what it made is not checked.
/// - Returns: The messages of the failures recorded inside `body`, oldest first.
@discardableResult
public func expectFailure(
    containing text: String? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: () async throws -> Void
) async rethrows -> [String] {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let capture = FailureCapture()
    // Its own scope, so the checks of what `body` made run while the failures are captured.
    let scope = EndOfTestScope(isStrict: EndOfTestScope.active?.isStrict ?? false, site: site)
    do {
        try await FailureReporter.$capture.withValue(capture) {
            try await scope.run { try await body() }
        }
    } catch {
        ExpectedFailures.judge(capture, containing: text, at: site)
        throw error
    }
    return ExpectedFailures.judge(capture, containing: text, at: site)
}

/// How ``expectFailure(containing:isolation:fileID:filePath:line:column:_:)`` judges what it
/// captured.
enum ExpectedFailures {
    @discardableResult
    static func judge(_ capture: FailureCapture, containing text: String?, at site: CallSite)
        -> [String]
    {
        let failures = capture.failures.withLock { $0 }
        let helper =
            text.map { "expectFailure(containing: \(ValueDescription.of($0)))" }
            ?? "expectFailure()"
        guard !failures.isEmpty else {
            FailureReporter.record(
                "\(helper) failed: no failure was recorded inside it.\n\n"
                    + "Only this package's failures count (a wait, a step, an end-of-test "
                    + "check); XCTAssert… and #expect fail the test as usual.",
                at: site)
            return []
        }
        let isMatching = failures.map { failure in
            text.map { failure.message.contains($0) } ?? true
        }
        guard isMatching.contains(true) else {
            FailureReporter.record(
                "\(helper) failed: "
                    + ValueDescription.count(failures.count, "failure was", "failures were")
                    + " recorded inside it, and none contains the text:\n\n"
                    + failures.map { $0.message.indented() }.joined(separator: "\n\n"),
                at: site)
            return failures.map(\.message)
        }
        for (failure, matches) in zip(failures, isMatching) where !matches {
            FailureReporter.record(failure.message, at: failure.callSite)
        }
        showAsKnownIssues(
            zip(failures, isMatching).filter(\.1).map(\.0),
            expectedBy: "\(helper) at \(site.fileName):\(site.line)")
        return failures.map(\.message)
    }

    /// In a Swift Testing test (and not inside another capture), records each expected failure
    /// as a known issue: the run shows it without failing.
    private static func showAsKnownIssues(
        _ failures: [(message: String, callSite: CallSite)], expectedBy expectation: String
    ) {
        guard FailureReporter.capture == nil, Test.current != nil else { return }
        withKnownIssue(Comment(rawValue: "Expected by \(expectation)")) {
            for failure in failures {
                Issue.record(
                    Comment(rawValue: failure.message),
                    sourceLocation: FailureReporter.sourceLocation(of: failure.callSite))
            }
        }
    }
}

extension String {
    /// Each line indented by four spaces, to set a message apart inside another.
    fileprivate func indented() -> String {
        split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }
}
