import Publishing
import Testing

@testable import ObservationTesting

/// Every failing outcome of `until`: what it says, and where.
///
/// The failures are captured (`withCapturedFailures`, which fails the test if none comes), so a
/// passing run does not print each one; that every outcome reaches Swift Testing itself, once,
/// at the call site, the verdict matrix proves through `withKnownIssue`.
// Waits meant to succeed get a generous default: a loaded 2-core machine may not schedule an
// action for a while. Waits meant to time out pass their own short timeout.
@Suite("until: failures in Swift Testing", .untilTimeout(.seconds(30)))
struct UntilSwiftTestingTests {
    private func hasComment(_ issue: CapturedIssue, containing text: String) -> Bool {
        issue.comments.contains { $0.rawValue.contains(text) }
    }

    @Test("A timeout is recorded once, at the caller's file and line")
    func timeoutAtCallersLocation() async {
        let subject = PassthroughSubject<Int, Never>()
        let line = #line + 3
        var result: [Int]? = [0]
        await withCapturedFailures {
            result = await until(subject, satisfies: [{ $0 == 1 }], timeout: .milliseconds(50))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == #fileID
                && hasComment(
                    issue, containing: "timed out after 0.05 s: condition 1 of 1 was never met")
                && hasComment(issue, containing: "The publisher sent no values.")
        }
        #expect(result == nil)
    }

    @Test("A timeout message lists the values, oldest first, with the elided middle counted")
    func timelineIsBounded() async {
        await withCapturedFailures {
            await until(Replay(Array(0..<100)), satisfies: [{ $0 < 0 }], timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(issue, containing: "Values received (100), oldest first:")
                && hasComment(issue, containing: "[4] +")
                && hasComment(issue, containing: "… 85 more …")
                && hasComment(issue, containing: "[90] +")
                && hasComment(issue, containing: "[99] +")
                && !hasComment(issue, containing: "[5] +")
        }
    }

    @Test("Long values are shortened in the message")
    func longValuesAreTruncated() async {
        let subject = CurrentValueSubject<String, Never>(String(repeating: "x", count: 500))
        await withCapturedFailures {
            await until(subject, satisfies: { $0.isEmpty }, timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(issue, containing: "xxx…")
                && !hasComment(issue, containing: String(repeating: "x", count: 200))
        }
    }

    @Test("A key-path condition names itself readably; a long collection keeps its count")
    func keyPathConditionAndLongCollection() async {
        let posts = (1...12).map { LongPost(title: "Post number \($0), with a long title") }
        await withCapturedFailures {
            await until(
                CurrentValueSubject<[LongPost], Never>(posts), satisfies: [.matches(\.count, 5)],
                timeout: .milliseconds(50))
        } matching: { issue in
            (hasComment(issue, containing: "(a key path of Array<LongPost> (Int) == 5)")
                || hasComment(issue, containing: "(\\Array<LongPost>.count == 5)"))
                && !hasComment(issue, containing: "<computed")
                && hasComment(issue, containing: "… 12 elements]")
        }
    }

    @Test("A key path through a stored property to a computed one keeps the names it has")
    func keyPathThroughStoredProperty() {
        let name = ValueDescription.of(keyPath: \Shelf.posts.count)
        #expect(
            name == "\\Shelf.posts, then a computed property (Int)"
                || name == "\\Shelf.posts.count")
        #expect(ValueDescription.of(keyPath: \Shelf.posts) == "\\Shelf.posts")
    }

    @Test("A publisher that finishes first fails at once, naming the completion")
    func finishedEarly() async {
        let subject = PassthroughSubject<Int, Never>()
        let elapsed = await elapsedTime {
            await withCapturedFailures {
                await until(subject, satisfies: [{ $0 == 1 }, { $0 == 2 }], timeout: .seconds(60)) {
                    subject.send(1)
                    subject.send(completion: .finished)
                }
            } matching: { issue in
                hasComment(
                    issue, containing: "the publisher finished before condition 2 of 2 was met")
                    && hasComment(issue, containing: "← met condition 1")
            }
        }
        #expect(elapsed < .seconds(30))
    }

    @Test("A publisher that fails first fails at once, naming the error")
    func failedEarly() async {
        let elapsed = await elapsedTime {
            await withCapturedFailures {
                await until(
                    Fail<Int, TestError>(error: TestError(code: 3)), satisfies: { _ in true },
                    timeout: .seconds(60))
            } matching: { issue in
                hasComment(
                    issue,
                    containing:
                        "the publisher failed with ObservationTestingTests.TestError(code: 3) before"
                )
            }
        }
        #expect(elapsed < .seconds(30))
    }

    @Test("A condition that throws fails the wait, naming the error")
    func conditionThrows() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        await withCapturedFailures {
            let result = await until(
                subject, satisfies: [Condition("decodes") { _ in throw TestError(code: 1) }])
            #expect(result == nil)
        } matching: { issue in
            hasComment(
                issue,
                containing:
                    "condition 1 of 1 (decodes) threw ObservationTestingTests.TestError(code: 1) on value [0]"
            )
        }
    }

    @Test("An action that throws fails the wait, naming the error")
    func actionThrows() async {
        let subject = PassthroughSubject<Int, Never>()
        await withCapturedFailures {
            await until(subject, satisfies: [{ $0 == 1 }]) {
                subject.send(1)
                throw TestError(code: 2)
            }
        } matching: { issue in
            hasComment(
                issue,
                containing:
                    "the action threw ObservationTestingTests.TestError(code: 2) after all conditions were met"
            )
        }
    }

    @Test("An action that never returns times out instead of hanging")
    func actionNeverReturns() async {
        let subject = PassthroughSubject<Int, Never>()
        await withCapturedFailures {
            await until(subject, satisfies: [{ $0 == 1 }], timeout: .milliseconds(50)) {
                await suspendUntilCancelled()
            }
        } matching: { issue in
            hasComment(issue, containing: "condition 1 of 1 was never met")
        }
    }

    @Test(
        "An invalid timeout fails clearly, naming the value",
        arguments: [0, -1, Double.infinity, .nan])
    func invalidTimeout(timeout: Double) async {
        let subject = CurrentValueSubject<Int, Never>(1)
        await withCapturedFailures {
            #expect(await until(subject, satisfies: { $0 == 1 }, timeout: Timeout(timeout)) == nil)
        } matching: { issue in
            hasComment(
                issue, containing: "was given a timeout of \(timeout) s, which cannot be waited for"
            )
        }
    }

    @Test("A cancelled wait returns nil promptly and records nothing")
    func cancellationReturnsPromptly() async {
        let subject = PassthroughSubject<Int, Never>()
        let elapsed = await elapsedTime {
            let waiting = Task {
                await until(subject, satisfies: [{ $0 == 1 }], timeout: .seconds(60))
            }
            waiting.cancel()
            #expect(await waiting.value == nil)
        }
        #expect(elapsed < .seconds(30))
    }

    @Test(
        "Cancelling a parked wait wakes it, and its action is cancelled too",
        .timeLimit(.minutes(5)))
    func cancellationWhileParked() async {
        let subject = PassthroughSubject<Int, Never>()
        let counted = SubscriptionCounter(subject)
        let actionStarted = PassthroughSubject<Void, Never>()
        var waiting: Task<[Int]?, Never>?
        // Wait, with the package's own tool, until the inner wait has subscribed and its action runs.
        await until(actionStarted, satisfies: [.any]) {
            waiting = Task {
                await until(counted, satisfies: [{ $0 == 1 }], timeout: .seconds(60)) {
                    actionStarted.send()
                    await suspendUntilCancelled()
                }
            }
        }
        #expect(counted.live == 1)
        waiting?.cancel()
        #expect(await waiting?.value == nil)
        #expect(counted.live == 0)
    }

    @MainActor
    @Test("A @MainActor model is observed without Sendable, and reads the matched value after")
    func mainActorModel() async {
        @MainActor final class Model {
            @Published var phase = "idle"
            func run() async {
                phase = "loading"
                await Task.yield()
                phase = "done"
            }
        }
        let model = Model()
        let matched = await until(model.$phase, satisfies: [{ $0 == "loading" }, { $0 == "done" }])
        {
            await model.run()
        }
        #expect(matched == ["loading", "done"])
        #expect(model.phase == "done")
    }

    @Test("A timeout after the action returned says when it returned")
    @MainActor
    func timeoutSaysWhenTheActionReturned() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        await withCapturedFailures {
            // On the main actor the action is scheduled on the main thread, which a busy
            // cooperative pool (the rest of the suite, under ThreadSanitizer) does not hold up.
            await until(subject, satisfies: [{ $0 == 2 }], timeout: .seconds(2)) {
                subject.send(1)
            }
        } matching: { issue in
            // When it returned depends on the machine's load; that it is said does not.
            hasComment(issue, containing: "The action returned at +")
                && hasComment(issue, containing: "; nothing after it met the condition.")
        }
    }

    @Test("A timeout while a TestClock of this test has a sleeper says to advance it")
    func timeoutPointsAtTheSleepingClock() async {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await until(clock.sleeperCounts) { $0 == 1 }
        // A task asleep outside this test (a detached task does not inherit the test) is not
        // counted, as those of the tests running beside it under --parallel are not.
        let elsewhere = TestClock()
        let otherSleeper = Task.detached { try await elsewhere.sleep(for: .seconds(1)) }
        await until(elsewhere.sleeperCounts) { $0 == 1 }
        await withCapturedFailures {
            await until(
                PassthroughSubject<Int, Never>(), satisfies: [{ $0 == 1 }],
                timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(issue, containing: "has 1 task asleep until +1.0 s (its time is +0.0 s)")
                && !hasComment(issue, containing: "2 tasks")
                && hasComment(issue, containing: "advance(by:whenAsleep:)")
                && !hasComment(issue, containing: "inject a TestClock")
        }
        sleeper.cancel()
        otherSleeper.cancel()
    }

    @Test("A timeout names an earlier value that met the pending condition: a sign of the order")
    func conditionsInTheWrongOrder() async {
        let hint = """

            Value [1] (ObservationTestingTests.CheckoutState.submitting) would have met condition \
            2, but it arrived before value [2] met condition 1: each condition is met only by a \
            value after the one that met the condition before it. Unless another value meeting \
            condition 2 is still to come, the conditions may be in the wrong order.

            The publisher went quiet after value [2]
            """
        await withCapturedFailures {
            await until(
                Replay([CheckoutState.idle, .submitting, .confirmed]),
                satisfies: [{ $0 == .confirmed }, { $0 == .submitting }],
                timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(issue, containing: "condition 2 of 2 was never met.")
                && hasComment(issue, containing: hint)
        }
    }

    @Test("The order hint names the pending condition's label and the value that overtook")
    func conditionsInTheWrongOrderLabelled() async {
        await withCapturedFailures {
            await until(
                Replay([1, 3, 2]), satisfies: [.equals(1), .equals(2), .equals(3)],
                timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(
                issue,
                containing: "Value [1] (3) would have met condition 3 (== 3), but it arrived "
                    + "before value [2] met condition 2:")
        }
    }

    @Test(
        "No order hint when no value before the last one met meets the pending condition",
        arguments: [
            // The value before the one that met condition 1 does not meet condition 2.
            [CheckoutState.idle, .submitting],
            // The value that met condition 1 would meet condition 2, but it was used.
            [.submitting],
        ])
    func noOrderHint(values: [CheckoutState]) async {
        await withCapturedFailures {
            await until(
                Replay(values),
                satisfies: [{ $0 == .submitting }, { $0 == .submitting || $0 == .confirmed }],
                timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(issue, containing: "condition 2 of 2 was never met.")
                && hasComment(issue, containing: "The publisher went quiet after value [")
                && !hasComment(issue, containing: "would have met")
                && !hasComment(issue, containing: "wrong order")
        }
    }

    @Test("The order hint tries the pending condition on the caller's actor")
    @QueueActor
    func orderHintOnTheCallersActor() async {
        // Whether each call of condition 2 ran on the actor. No value reaches it while the wait
        // runs: every call is the hint's, on value [1] (value [0], where the wait began, is not
        // tried).
        var calls: [Bool] = []
        await withCapturedFailures {
            await until(
                Replay([CheckoutState.idle, .submitting, .confirmed]),
                satisfies: [
                    { $0 == .confirmed },
                    {
                        calls.append(QueueActor.shared.executor.isCurrent)
                        return $0 == .submitting
                    },
                ],
                timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(issue, containing: "Value [1] (ObservationTestingTests.CheckoutState.")
        }
        #expect(calls == [true])
    }

    @Test("An error of a type declared in a function is named as the test wrote it")
    func localErrorTypeReadsPlainly() async {
        struct Boom: Error {}
        await withCapturedFailures {
            await until(PassthroughSubject<Int, Never>(), satisfies: [{ _ in false }]) {
                throw Boom()
            }
        } matching: { issue in
            hasComment(issue, containing: "the action threw Boom() while condition 1 of 1")
                && !hasComment(issue, containing: "unknown context")
        }
    }
}

/// The states of a checkout, for conditions written in the order the states do not come in.
enum CheckoutState {
    case idle, submitting, confirmed
}

/// A value holding a collection in a stored property.
struct Shelf {
    var posts: [LongPost]
}

/// A value whose description is long, so that a collection of them is cut in messages.
struct LongPost {
    var title: String
}
