import ObservationTesting
import Publishing
import XCTest

/// The new sources and assertions report through XCTest, at the caller's file and line, when
/// XCTest runs the test; and the `until` twins resolve inside an `XCTestCase`.
final class SourcesXCTestTests: FailureCapturingTestCase {
    private func assertOneFailure(
        _ failures: [Failure],
        at line: Int,
        containing texts: [String],
        file: StaticString = #filePath,
        testLine: UInt = #line
    ) {
        XCTAssertEqual(failures.count, 1, file: file, line: testLine)
        XCTAssertEqual(failures.first?.filePath, "\(#filePath)", file: file, line: testLine)
        XCTAssertEqual(failures.first?.line, line, file: file, line: testLine)
        let text = failures.first?.description ?? ""
        for expected in texts {
            XCTAssertTrue(text.contains(expected), text, file: file, line: testLine)
        }
    }

    @MainActor
    func testObservablePropertyWaitSucceedsAndFails() async {
        let model = TrackedModel()
        let values = await until(
            model, \.isLoading, satisfies: [{ !$0 }, { $0 }, { !$0 }], timeout: .seconds(30)
        ) {
            await model.load()
        }
        XCTAssertEqual(values, [false, true, false])
        let line = #line + 2
        let failures = await captureFailures {
            await until(
                model, \.count, satisfies: [Condition.equals(9)], timeout: .milliseconds(50))
        }
        assertOneFailure(
            failures,
            at: line,
            containing: ["until(_:_:satisfies:) timed out after 0.05 s: condition 1 of 1 (== 9)"]
        )
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func testAsyncSequenceWaitFailsWhenTheSequenceEnds() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.yield(1)
        continuation.finish()
        let line = #line + 2
        let failures = await captureFailures {
            await until(stream, satisfies: [{ $0 == 2 }], timeout: .seconds(30))
        }
        assertOneFailure(
            failures,
            at: line,
            containing: ["the sequence finished before condition 1 of 1 was met."]
        )
    }

    func testEmitsReportsADiff() async {
        let line = #line + 2
        let failures = await captureFailures {
            await until(Replay([1, 2, 4]), emits: [1, 2, 3])
        }
        assertOneFailure(failures, at: line, containing: ["→ [2]", "← first difference"])
    }

    func testNeverAndStaysReportAtTheCallersLine() async {
        let neverLine = #line + 2
        let neverFailures = await captureFailures {
            await never(Replay([1, 2]), satisfies: { $0 == 2 }, for: .seconds(30))
        }
        assertOneFailure(
            neverFailures, at: neverLine, containing: ["value [1] satisfied the condition"])
        let staysLine = #line + 2
        let staysFailures = await captureFailures {
            await stays(Replay([1, 2]), satisfying: { $0 == 1 }, for: .seconds(30))
        }
        assertOneFailure(staysFailures, at: staysLine, containing: ["value [1] did not satisfy"])
    }

    func testRecorderReportsAtTheCallersLine() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        let first = await recorder.next(timeout: .seconds(30))
        XCTAssertEqual(first, 1)
        let line = #line + 2
        let failures = await captureFailures {
            await recorder.next(timeout: .milliseconds(50))
        }
        assertOneFailure(failures, at: line, containing: ["Recorder.next() timed out after 0.05 s"])
    }
}
