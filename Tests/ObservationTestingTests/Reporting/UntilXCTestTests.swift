import ObservationTesting
import Publishing
import XCTest

/// Every failing outcome of `until`, reported through XCTest at the caller's file and line.
final class UntilXCTestTests: FailureCapturingTestCase {
    func testTimeoutWithNoValuesIsReportedAtTheCallersLine() async {
        let subject = PassthroughSubject<Int, Never>()
        var result: [Int]? = [0]
        let line = #line + 2
        let failures = await captureFailures {
            result = await until(subject, satisfies: [{ $0 == 1 }], timeout: 0.05)
        }
        XCTAssertNil(result)
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.filePath, #filePath)
        XCTAssertEqual(failures.first?.line, line)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(
            text.contains(
                "until(_:satisfies:) timed out after 0.05 s: condition 1 of 1 was never met."),
            text
        )
        XCTAssertTrue(text.contains("The publisher sent no values."), text)
    }

    func testTimeoutMessageShowsTheTimelineAndWhichValueMetWhichCondition() async {
        let failures = await captureFailures {
            await until(
                Replay([false, true, true]),
                satisfies: [
                    Condition("loading started") { $0 }, Condition("loading finished") { !$0 },
                ],
                timeout: .milliseconds(50)
            )
        }
        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(
            text.contains(
                "until(_:satisfies:) timed out after 0.05 s: condition 2 of 2 (loading finished) was never met."
            ),
            text
        )
        XCTAssertTrue(text.contains("Values received (3), oldest first:"), text)
        // A time to the millisecond, whatever it reads on a loaded machine.
        XCTAssertTrue(text.contains(/\n  \[0\] \+\d+\.\d{3} s  false\n/), text)
        XCTAssertTrue(text.contains("true  ← met condition 1\n"), text)
        // The false it started from would meet condition 2 too, but a flag going back to where
        // it began is no sign of conditions in the wrong order.
        XCTAssertFalse(text.contains("would have met"), text)
        XCTAssertTrue(text.contains("The publisher went quiet after value [2]"), text)
    }

    func testATimeoutNamesAnEarlierValueThatMetThePendingCondition() async {
        let failures = await captureFailures {
            await until(
                Replay([CheckoutState.idle, .submitting, .confirmed]),
                satisfies: [{ $0 == .confirmed }, { $0 == .submitting }],
                timeout: .milliseconds(50))
        }
        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        let hint = """

            Value [1] (ObservationTestingTests.CheckoutState.submitting) would have met condition \
            2, but it arrived before value [2] met condition 1: each condition is met only by a \
            value after the one that met the condition before it. Unless another value meeting \
            condition 2 is still to come, the conditions may be in the wrong order.

            The publisher went quiet after value [2]
            """
        XCTAssertTrue(text.contains(hint), text)
    }

    func testNoOrderHintWhenNoEarlierValueMeetsThePendingCondition() async {
        let failures = await captureFailures {
            await until(
                Replay([CheckoutState.idle, .submitting]),
                satisfies: [{ $0 == .submitting }, { $0 == .confirmed }],
                timeout: .milliseconds(50))
        }
        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(text.contains("condition 2 of 2 was never met."), text)
        XCTAssertTrue(text.contains("The publisher went quiet after value [1]"), text)
        XCTAssertFalse(text.contains("would have met"), text)
        XCTAssertFalse(text.contains("wrong order"), text)
    }

    func testKeyPathConditionAndLongCollectionReadWell() async {
        let posts = (1...12).map { LongPost(title: "Post number \($0), with a long title") }
        let failures = await captureFailures {
            await until(
                CurrentValueSubject<[LongPost], Never>(posts), satisfies: [.matches(\.count, 5)],
                timeout: .milliseconds(50))
        }
        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(
            text.contains("(a key path of Array<LongPost> (Int) == 5)")
                || text.contains("(\\Array<LongPost>.count == 5)"), text)
        XCTAssertFalse(text.contains("<computed"), text)
        XCTAssertTrue(text.contains("… 12 elements]"), text)
    }

    func testEarlyFinishFailsAtOnceNotAfterTheTimeout() async {
        let subject = PassthroughSubject<Int, Never>()
        var failures: [Failure] = []
        let elapsed = await elapsedTime {
            failures = await captureFailures {
                await until(subject, satisfies: [{ $0 == 2 }], timeout: 60) {
                    subject.send(1)
                    subject.send(completion: .finished)
                }
            }
        }
        XCTAssertLessThan(elapsed, .seconds(30))
        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(
            text.contains("the publisher finished before condition 1 of 1 was met."), text)
        XCTAssertTrue(text.contains("[0] +"), text)
    }

    func testEarlyFailureNamesTheError() async {
        let subject = PassthroughSubject<Int, TestError>()
        let failures = await captureFailures {
            await until(subject, satisfies: { $0 == 2 }, timeout: 60) {
                subject.send(completion: .failure(TestError(code: 42)))
            }
        }
        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(text.contains("the publisher failed with"), text)
        XCTAssertTrue(text.contains("TestError(code: 42)"), text)
    }

    func testThrowingConditionIsReported() async {
        let subject = CurrentValueSubject<Int, Never>(3)
        let failures = await captureFailures {
            await until(subject, satisfies: { _ in throw TestError(code: 7) })
        }
        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(text.contains("condition 1 of 1 threw"), text)
        XCTAssertTrue(text.contains("TestError(code: 7)"), text)
        XCTAssertTrue(text.contains("on value [0]"), text)
    }

    func testThrowingActionIsReported() async {
        let subject = PassthroughSubject<Int, Never>()
        let failures = await captureFailures {
            await until(subject, satisfies: [{ $0 == 1 }], timeout: 60) {
                throw TestError(code: 5)
            }
        }
        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(text.contains("the action threw"), text)
        XCTAssertTrue(text.contains("while condition 1 of 1 was pending"), text)
    }

    func testAnActionThatNeverReturnsTimesOut() async {
        // The current value meets the condition at once, whenever the action gets to run.
        let subject = CurrentValueSubject<Int, Never>(1)
        let failures = await captureFailures {
            await until(subject, satisfies: [{ $0 == 1 }], timeout: .milliseconds(50)) {
                await suspendUntilCancelled()
            }
        }
        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(
            text.contains("all 1 conditions were met, but the action had not returned"), text)
    }

    func testInvalidTimeoutsFailClearlyWithoutWaiting() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        for timeout in [0, -1, .infinity, .nan] as [TimeInterval] {
            let failures = await captureFailures {
                let result = await until(
                    subject, satisfies: [{ $0 == 1 }], timeout: Timeout(timeout))
                XCTAssertNil(result)
            }
            XCTAssertEqual(failures.count, 1, "timeout \(timeout)")
            let text = failures.first?.description ?? ""
            XCTAssertTrue(text.contains("was given a timeout of \(timeout) s"), text)
        }
        let failures = await captureFailures {
            await until(subject, satisfies: { $0 == 1 }, timeout: 0)
        }
        XCTAssertTrue(failures.first?.description.contains("timeout of 0.0 s") ?? false)
    }

    func testSuccessRecordsNothing() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let failures = await captureFailures {
            let result = await until(subject, satisfies: [{ $0 == 1 }, { $0 == 2 }], timeout: 30) {
                subject.send(2)
            }
            XCTAssertEqual(result, [1, 2])
        }
        XCTAssertEqual(failures.count, 0)
    }

    func testCancelledWaitReturnsNilAndRecordsNothing() async {
        let subject = PassthroughSubject<Int, Never>()
        let failures = await captureFailures {
            let waiting = Task {
                // The free function: the method would capture the non-Sendable test case.
                await ObservationTesting.until(subject, satisfies: [{ $0 == 1 }], timeout: 60)
            }
            waiting.cancel()
            let result = await waiting.value
            XCTAssertNil(result)
        }
        XCTAssertEqual(failures.count, 0)
    }
}
