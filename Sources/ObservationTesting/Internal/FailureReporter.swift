import Testing
import XCTest

/// Records a failure through the test framework that is running the current test.
///
/// Neither framework sees the other's failures on Linux: `Issue.record` inside an XCTest test
/// and `XCTFail` inside a Swift Testing test are dropped, and the test passes. Swift Testing
/// marks its tests with the task-local `Test.current`; anything else is treated as XCTest.
enum FailureReporter {
    static func record(_ message: String, at callSite: CallSite) {
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: callSite.fileID,
                    filePath: String(describing: callSite.filePath),
                    line: Int(callSite.line),
                    column: Int(callSite.column)
                )
            )
        } else {
            XCTFail(message, file: callSite.filePath, line: callSite.line)
        }
    }
}
