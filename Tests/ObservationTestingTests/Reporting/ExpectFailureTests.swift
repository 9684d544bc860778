import ObservationTesting
import Publishing
import Testing
import XCTest

/// What `expectFailure` keeps inside a Swift Testing test, and how it fails when nothing does.
/// Its own failures are checked with `withKnownIssue`: they must go through Swift Testing.
@Suite("expectFailure, in Swift Testing", .untilTimeout(.seconds(30)))
@MainActor
struct ExpectFailureSwiftTestingTests {
    @Test("A wait that fails inside passes, and its message is returned")
    func failingWait() async {
        let failures = await expectFailure(containing: "timed out after 0.05 s") {
            await until(
                PassthroughSubject<Int, Never>(), satisfies: [{ $0 == 1 }],
                timeout: .milliseconds(50))
        }
        #expect(failures.count == 1)
        #expect(failures.first?.contains("condition 1 of 1") == true)
    }

    @Test("The README's sample")
    func readmeSample() async {
        let viewModel = ListViewModel()
        await expectFailure(containing: "timed out") {
            await until(viewModel.$isLoading, satisfies: [.equals(true)], timeout: 0.05)
        }
    }

    @Test("A step that differs fails inside it")
    func failingStep() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        viewModel.isLoading = true
        await expectFailure(containing: "isLoading: expected false, got true") {
            await changes.next { $0.isLoading = false }
        }
        changes.finish()
    }

    @Test("What the body made is checked when it returns, as at the end of a test")
    func endOfTestCheck() async {
        var task: Task<Void, Never>?
        await expectFailure(containing: "End of test: TestClock") {
            let clock = TestClock()
            task = Task { try? await clock.sleep(for: .seconds(5)) }
            await until(clock.sleeperCounts) { $0 == 1 }
        }
        task?.cancel()
    }

    @Test("An object expected to be deallocated and still alive fails inside it")
    func objectStillAlive() async {
        let viewModel = ListViewModel()
        await expectFailure(containing: "ListViewModel is still alive") {
            expectDeallocated(viewModel)
        }
    }

    @Test("Nothing failing inside fails the test at the caller's line")
    func nothingFails() async {
        let line = #line + 2
        await withKnownIssue {
            await expectFailure {}
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue).joined().contains(
                    "expectFailure() failed: no failure was recorded inside it.")
        }
    }

    @Test("A failure without the text fails at the caller's line, quoting it")
    func noFailureMatches() async {
        let line = #line + 2
        await withKnownIssue {
            await expectFailure(containing: "no such text") {
                await until(Just(1), satisfies: [{ $0 == 1 }, { $0 == 2 }])
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return issue.sourceLocation?.line == line
                && text.contains(
                    #"expectFailure(containing: "no such text") failed: 1 failure was recorded "#
                        + "inside it, and none contains the text:\n\n    until(_:satisfies:)")
        }
    }

    @Test("Beside a failure with the text, one without it fails the test as it would have")
    func otherFailureStillFails() async {
        let line = #line + 6
        await withKnownIssue {
            await expectFailure(containing: "timed out") {
                await until(
                    PassthroughSubject<Int, Never>(), satisfies: [{ $0 == 2 }],
                    timeout: .milliseconds(50))
                await until(Just(1), emits: [2])
            }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue).joined().contains("until(_:emits:)")
        }
    }
}

/// The same inside XCTest, whose failures a `FailureCapturingTestCase` captures.
@MainActor
final class ExpectFailureXCTestTests: FailureCapturingTestCase {
    func testAFailingWaitInsideDoesNotFailTheTest() async {
        var messages: [String] = []
        let failures = await captureFailures {
            messages = await expectFailure(containing: "timed out after 0.05 s") {
                await until(
                    PassthroughSubject<Int, Never>(), satisfies: [{ $0 == 1 }],
                    timeout: .milliseconds(50))
            }
        }
        XCTAssertEqual(failures.count, 0)
        XCTAssertEqual(messages.count, 1)
    }

    func testAnObjectStillAliveInsideDoesNotFailTheTest() async {
        let viewModel = ListViewModel()
        let failures = await captureFailures {
            await expectFailure(containing: "ListViewModel is still alive") {
                expectDeallocated(viewModel)
            }
        }
        XCTAssertEqual(failures.count, 0)
    }

    func testNothingFailingInsideFailsTheTestAtTheCallersLine() async {
        let line = #line + 2
        let failures = await captureFailures {
            await expectFailure(containing: "timed out") {}
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.filePath, "\(#filePath)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.contains(
                #"expectFailure(containing: "timed out") failed: no failure was recorded"#)
                == true)
    }

    func testAFailureWithoutTheTextFailsTheTest() async {
        let line = #line + 2
        let failures = await captureFailures {
            await expectFailure(containing: "no such text") {
                await until(Just(1), satisfies: [{ $0 == 1 }, { $0 == 2 }])
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("none contains the text") == true)
    }
}
