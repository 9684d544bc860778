import Foundation
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
        let message = message + (SerialScope.current?.seedNote ?? "")
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

    /// Keeps `text` beside the failure about to be recorded at `callSite`, and says where: a
    /// Swift Testing test gets it as an attachment; XCTest (which has no attachments on Linux)
    /// and a task outside any test get a file in the temporary directory.
    static func attach(_ text: String, named name: String, at callSite: CallSite) -> String {
        if let capture {
            capture.attachments.withLock { $0.append((name, text)) }
            return "The full timeline is attached to the test as \"\(name)\"."
        }
        #if compiler(>=6.2)
            // Attachments are Swift Testing API from Swift 6.2; before it, a file, as in XCTest.
            if Test.current != nil {
                Attachment.record(text, named: name, sourceLocation: sourceLocation(of: callSite))
                return "The full timeline is attached to the test as \"\(name)\" "
                    + "(`swift test --attachments-path <directory>` saves it)."
            }
        #endif
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ObservationTesting", isDirectory: true)
        let file = directory.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return "The full timeline is in \(file.path)."
        } catch {
            return "The full timeline could not be written to \(file.path): \(error)."
        }
    }

    static func sourceLocation(of callSite: CallSite) -> SourceLocation {
        SourceLocation(
            fileID: callSite.fileID,
            filePath: callSite.swiftTestingFilePath ?? String(describing: callSite.filePath),
            line: Int(callSite.line),
            column: Int(callSite.column)
        )
    }

    private static func recordIssue(_ message: String, at callSite: CallSite) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation(of: callSite))
    }
}

/// Failures kept instead of recorded, for the package's tests: see ``FailureReporter/capture``.
final class FailureCapture: Sendable {
    let failures = Locked<[(message: String, callSite: CallSite)]>([])
    let attachments = Locked<[(name: String, text: String)]>([])
}
