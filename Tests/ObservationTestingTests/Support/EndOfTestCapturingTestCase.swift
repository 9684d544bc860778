import XCTest

@testable import ObservationTesting

/// An XCTest case with `addEndOfTestChecks()` in `setUp`, that judges what its checks report in
/// `tearDown`, which runs after the teardown blocks: a test says what it expects with
/// ``expectEndOfTestFailures(_:containing:at:)``; with no expectation, any failure fails it.
class EndOfTestCapturingTestCase: XCTestCase {
    /// What the test expects its end-of-test checks to report, if anything.
    private var expected: (count: Int, contains: String, line: UInt)?
    private var captured: [(description: String, line: Int)] = []
    private var isCapturing = false

    /// Whether the checks are strict.
    class var isStrict: Bool { false }

    /// The line that turned the checks on: where work with no place of its own fails.
    private(set) var checksLine: UInt = 0

    override func setUp() {
        super.setUp()
        checksLine = #line + 1
        addEndOfTestChecks(strict: Self.isStrict)
    }

    /// Captures what the checks record from here on, to judge it in `tearDown`, which runs after
    /// the teardown blocks.
    func expectEndOfTestFailures(_ count: Int, containing text: String, at line: UInt) {
        expected = (count, text, line)
        isCapturing = true
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
        expected: Bool
    ) {
        if isCapturing {
            captured.append((description, lineNumber))
        } else {
            super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber,
                expected: expected)
        }
    }

    private func judgeCapturedFailures() {
        isCapturing = false
        if let expected {
            XCTAssertEqual(captured.count, expected.count, "\(captured)")
            XCTAssertEqual(captured.first?.line, Int(expected.line))
            XCTAssertTrue(
                captured.first?.description.contains(expected.contains) == true, "\(captured)")
        } else {
            XCTAssertTrue(captured.isEmpty)
        }
    }

    /// Objects the tests keep past their end, and work to stop after the checks have run.
    @MainActor static var kept: [AnyObject] = []
    var afterChecks: [@MainActor @Sendable () -> Void] = []

    override func tearDown() {
        let afterChecks = afterChecks
        MainActor.assumeIsolated {
            for work in afterChecks { work() }
            Self.kept = []
        }
        judgeCapturedFailures()
        super.tearDown()
    }
}
