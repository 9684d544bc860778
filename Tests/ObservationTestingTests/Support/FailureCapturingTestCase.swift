import XCTest

/// An XCTest case that captures the failures recorded inside ``captureFailures(_:)``.
///
/// There is no `XCTExpectFailure` on Linux; overriding `recordFailure` is how a test proves that
/// a helper reported through XCTest, with which message, at which file and line. Failures
/// outside `captureFailures` still fail the test as usual.
class FailureCapturingTestCase: XCTestCase {
    struct Failure {
        var description: String
        var filePath: String
        var line: Int
    }

    private var captured: [Failure]?

    func captureFailures(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async -> Void
    ) async -> [Failure] {
        captured = []
        await body()
        defer { captured = nil }
        return captured ?? []
    }

    override func recordFailure(
        withDescription description: String,
        inFile filePath: String,
        atLine lineNumber: Int,
        expected: Bool
    ) {
        if captured != nil {
            captured?.append(
                Failure(description: description, filePath: filePath, line: lineNumber))
        } else {
            super.recordFailure(
                withDescription: description,
                inFile: filePath,
                atLine: lineNumber,
                expected: expected
            )
        }
    }
}
