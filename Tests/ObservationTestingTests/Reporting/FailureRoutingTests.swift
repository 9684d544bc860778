import Foundation
import ObservationTesting
import Publishing
import Testing
import XCTest

/// A failure in a detached task, which carries no `Test.current`, must still reach a test.

/// Inside an XCTest test, XCTest finds the running test from any task.
final class DetachedFailureXCTestTests: FailureCapturingTestCase {
    func testFailureInADetachedTaskFailsTheRunningTest() async {
        let line = #line + 4
        let failures = await captureFailures {
            _ = await Task.detached {
                // Qualified: inside an XCTestCase, the twin method would capture the test case.
                _ = await ObservationTesting.until(
                    PassthroughSubject<Int, Never>(),
                    satisfies: [{ $0 == 1 }],
                    timeout: .milliseconds(50)
                )
            }.value
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("timed out after 0.05 s") ?? false)
    }
}

#if os(Linux)
    /// Inside a Swift Testing run, the failure is an issue of no particular test, which fails the
    /// run. `withKnownIssue` cannot catch that (it is not the test's), so a child process runs
    /// the failing wait alone, and this checks that the child's run failed, saying why.
    @Suite("Failures in detached tasks, in Swift Testing")
    struct DetachedFailureSwiftTestingTests {
        static let probeVariable = "OBSERVATION_TESTING_DETACHED_PROBE"
        static var isProbe: Bool { ProcessInfo.processInfo.environment[probeVariable] != nil }

        @Test("Probe: a wait fails in a detached task", .enabled(if: isProbe))
        func detachedFailureProbe() async {
            _ = await Task.detached {
                await until(
                    PassthroughSubject<Int, Never>(),
                    satisfies: [{ $0 == 1 }],
                    timeout: .milliseconds(50)
                )
            }.value
        }

        @Test("A failing wait in a detached task fails the run instead of vanishing")
        func detachedFailureFailsTheRun() throws {
            guard !Self.isProbe else { return }
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = [
                "--testing-library", "swift-testing", "--filter", "detachedFailureProbe",
            ]
            child.environment = ProcessInfo.processInfo.environment.merging(
                [Self.probeVariable: "1"]
            ) { _, probe in probe }
            let output = Pipe()
            child.standardOutput = output
            child.standardError = output
            try child.run()
            let text = String(
                decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            #expect(child.terminationStatus != 0, "the child's run passed:\n\(text)")
            #expect(text.contains("recorded an issue"), "\(text)")
            #expect(text.contains("until(_:satisfies:) timed out after 0.05 s"), "\(text)")
            #expect(text.contains("with 1 issue"), "\(text)")
        }
    }
#endif

/// The helper the package's message tests use must fail them when the failure they expect does
/// not come, or another does: otherwise those tests could not fail.
@Suite("withCapturedFailures")
struct CapturedFailuresTests {
    @Test("No failure, or one the test did not expect, is an issue of the test")
    func capturedFailuresJudge() async {
        let subject = PassthroughSubject<Int, Never>()
        withKnownIssue {
            withCapturedFailures {}
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("none was recorded")
        }
        await withKnownIssue {
            await withCapturedFailures {
                await until(subject, satisfies: [{ $0 == 1 }], timeout: .milliseconds(10))
            } matching: { _ in
                false
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("did not expect")
        }
        // And a failure that is expected is kept from the test.
        await withCapturedFailures {
            await until(subject, satisfies: [{ $0 == 1 }], timeout: .milliseconds(10))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("timed out after 0.01 s")
        }
    }
}
