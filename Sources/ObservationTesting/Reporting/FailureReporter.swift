import Publishing
import Testing
import XCTest

/// Records a failure through the test framework that is running the current test.
///
/// Neither framework sees the other's failures on Linux: `Issue.record` inside an XCTest test
/// and `XCTFail` inside a Swift Testing test are dropped, and the test passes. Swift Testing
/// marks its tests with the task-local `Test.current`, so a failure inside one goes there.
///
/// Without `Test.current`, the failure is in an XCTest test, or in a task that does not inherit
/// task-locals (`Task.detached`) in either framework. XCTest finds its running test without
/// task-locals, so `XCTFail` reaches it from any task. On Linux the failure is also recorded as
/// a Swift Testing issue: inside a Swift Testing run it then fails the run as an issue of no
/// particular test, and elsewhere it is dropped, as `XCTFail` is outside XCTest. Either way
/// exactly one of the two lands, and the failure never vanishes.
enum FailureReporter {
    /// While set, failures are kept here instead of being recorded. For the package's own tests
    /// of what failures say, so that a passing run does not print each deliberate failure; its
    /// tests of the routing itself record through the frameworks.
    @TaskLocal static var capture: FailureCapture?

    static func record(_ message: String, at callSite: CallSite) {
        if let capture {
            capture.failures.withLock { $0.append((message, callSite)) }
            return
        }
        if Test.current != nil {
            recordIssue(message, at: callSite)
        } else {
            XCTFail(message, file: callSite.filePath, line: callSite.line)
            #if !canImport(Darwin)
                // Linux only: there each framework drops the other's failures, so exactly one
                // of the two lands. On Apple platforms, where newer Xcodes forward failures
                // between the frameworks, recording both could count one failure twice.
                recordIssue(message, at: callSite)
            #endif
        }
    }

    private static func recordIssue(_ message: String, at callSite: CallSite) {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: callSite.fileID,
                filePath: String(describing: callSite.filePath),
                line: Int(callSite.line),
                column: Int(callSite.column)
            )
        )
    }
}

/// Failures kept instead of recorded, for the package's tests: see ``FailureReporter/capture``.
final class FailureCapture: Sendable {
    let failures = Locked<[(message: String, callSite: CallSite)]>([])
}
