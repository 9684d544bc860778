import ObservationTesting
import Publishing
import Testing

@Suite("Exact sequences, never, stays, idle timeouts", .untilTimeout(.seconds(30)))
struct AssertionTests {
    private func hasComment(_ issue: CapturedIssue, containing text: String) -> Bool {
        issue.comments.contains { $0.rawValue.contains(text) }
    }

    @Test("emits succeeds when the next values are exactly the expected ones")
    @MainActor
    func emitsMatches() async {
        let loading = CurrentValueSubject<Bool, Never>(false)
        let matched = await until(loading, emits: [false, true, false]) {
            loading.send(true)
            loading.send(false)
        }
        #expect(matched)
    }

    @Test("emits fails at once on the first difference, with a marked diff")
    func emitsMismatch() async {
        let line = #line + 3
        var matched = true
        await withCapturedFailures {
            matched = await until(Replay([false, true, true, false]), emits: [false, true, false])
        } matching: { issue in
            issue.sourceLocation?.line == line
                && hasComment(
                    issue,
                    containing:
                        "until(_:emits:) failed: value [2] differs from the expected sequence.")
                && hasComment(issue, containing: "  [0]    false     false\n")
                && hasComment(issue, containing: "→ [2]    false     true  ← first difference")
        }
        #expect(!matched)
    }

    @Test("emits fails on a timeout, showing what is missing")
    func emitsTimeout() async {
        await withCapturedFailures {
            await until(Replay([1, 2]), emits: [1, 2, 3], timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(
                issue, containing: "timed out after 0.05 s: received 2 of the 3 expected values.")
                && hasComment(
                    issue, containing: "→ [2]    3         (nothing yet)  ← first difference")
        }
    }

    @Test("emits can ignore consecutive duplicates")
    func emitsIgnoringDuplicates() async {
        #expect(
            await until(Replay([1, 1, 2, 2, 2, 1]), emits: [1, 2, 1], ignoringDuplicates: true))
        await withCapturedFailures {
            await until(Replay([1, 1, 2]), emits: [1, 2], timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(issue, containing: "value [1] differs")
        }
    }

    @Test("never succeeds when no value satisfies the condition within the window")
    func neverHolds() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        let held = await never(
            subject,
            satisfies: { $0 < 0 },
            for: .milliseconds(50),
            perform: {
                subject.send(1)
                subject.send(2)
            }
        )
        #expect(held)
    }

    @Test("never fails at once, at the caller's line, when a value satisfies the condition")
    func neverBroken() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        let line = #line + 4
        var held = true
        let elapsed = await elapsedTime {
            await withCapturedFailures {
                held = await never(subject, satisfies: { $0 == 2 }, for: .seconds(30)) {
                    subject.send(1)
                    subject.send(2)
                }
            } matching: { issue in
                issue.sourceLocation?.line == line
                    && hasComment(
                        issue,
                        containing: "never(_:satisfies:for:) failed after")
                    && hasComment(
                        issue,
                        containing: "value [2] satisfied the condition within the 30.0 s window.")
            }
        }
        #expect(!held)
        #expect(elapsed < .seconds(20))
    }

    @Test("never and stays wait for an action that outlives the window, and watch it meanwhile")
    func windowWaitsForTheAction() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        let returned = Locked(0)
        // Returns well after the 10 ms window, after a real delay the test does not sleep
        // through, and then sends a value the condition forbids, which must still count.
        let action = {
            await afterRealDelay(.milliseconds(200))
            subject.send(-1)
            subject.send(0)
            if !Task.isCancelled { returned.withLock { $0 += 1 } }
        }
        let neverLine = #line + 2
        await withCapturedFailures {
            let held = await never(subject, satisfies: { $0 < 0 }, for: .milliseconds(10)) {
                await action()
            }
            #expect(!held)
        } matching: { issue in
            issue.sourceLocation?.line == neverLine
                && hasComment(
                    issue,
                    containing:
                        "value [1] satisfied the condition after the 0.01 s window, while the action ran."
                )
        }
        let staysLine = #line + 2
        await withCapturedFailures {
            let held = await stays(subject, satisfying: { $0 >= 0 }, for: .milliseconds(10)) {
                await action()
            }
            #expect(!held)
        } matching: { issue in
            issue.sourceLocation?.line == staysLine
                && hasComment(issue, containing: "value [1] did not satisfy the condition")
        }
        #expect(returned.withLock { $0 } == 2, "an action was cut short")
        // With nothing forbidden, the wait succeeds, but only once the action has returned.
        #expect(
            await never(subject, satisfies: { $0 > 5 }, for: .milliseconds(10), perform: action))
        #expect(returned.withLock { $0 } == 3)
    }

    @Test("never and stays fail, naming the action, when it outlives the timeout")
    func windowFailsWhenTheActionDoesNotReturn() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        let line = #line + 3
        var held = true
        await withCapturedFailures {
            held = await never(
                subject, satisfies: { $0 < 0 }, for: .milliseconds(10), timeout: .milliseconds(100)
            ) {
                await suspendUntilCancelled()
            }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && hasComment(
                    issue,
                    containing: "never(_:satisfies:for:) timed out after 0.1 s: the 0.01 s window "
                        + "passed, but the action had not returned.")
        }
        #expect(!held)
    }

    @Test("A window that is zero, negative or not finite is a clear failure, not a pass")
    func invalidWindow() async {
        for window: Timeout in [0, -1, .seconds(-0.5), Timeout(Double.nan), Timeout(.infinity)] {
            var held = true
            await withCapturedFailures {
                held = await never(Just(1), satisfies: { $0 == 2 }, for: window)
            } matching: { issue in
                hasComment(issue, containing: "never(_:satisfies:for:) was given a window of")
            }
            #expect(!held)
        }
    }

    @Test("never succeeds early when the publisher finishes")
    func neverEndsWithThePublisher() async {
        let elapsed = await elapsedTime {
            #expect(await never(Just(1), satisfies: { $0 == 2 }, for: .seconds(30)))
        }
        #expect(elapsed < .seconds(20))
    }

    @Test("stays fails at once on a value that does not satisfy the condition")
    func staysBroken() async {
        await withCapturedFailures {
            await stays(Replay([1, 2, 30]), satisfying: { $0 < 10 }, for: .seconds(30))
        } matching: { issue in
            hasComment(issue, containing: "stays(_:satisfying:for:) failed after")
                && hasComment(
                    issue,
                    containing: "value [2] did not satisfy the condition within the 30.0 s window.")
        }
        #expect(await stays(Replay([1, 2, 3]), satisfying: { $0 < 10 }, for: .milliseconds(50)))
    }

    @Test("A never step forbids values until the next condition is met")
    func neverStep() async {
        struct State: Equatable {
            var isLoading = false
            var error: Int?
        }
        let conditions: [Condition<State>] = [
            .matches(\.isLoading, true),
            .never("an error") { $0.error != nil },
            .matches(\.isLoading, false),
        ]
        let good = [State(), State(isLoading: true), State(isLoading: false)]
        #expect(await until(Replay(good), satisfies: conditions) == [good[1], good[2]])
        // An error before loading starts, or after it ends, is outside the never step.
        let outside = [State(error: 1), State(isLoading: true), State(), State(error: 2)]
        #expect(await until(Replay(outside), satisfies: conditions) != nil)
        let bad = [State(isLoading: true), State(isLoading: true, error: 5), State()]
        await withCapturedFailures {
            await until(Replay(bad), satisfies: conditions)
        } matching: { issue in
            hasComment(issue, containing: "value [1] met a never condition (an error).")
        }
    }

    @Test("An idle timeout fails a wait whose publisher goes quiet, long before the timeout")
    func idleTimeout() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        let elapsed = await elapsedTime {
            await withCapturedFailures {
                await until(
                    subject,
                    satisfies: [{ $0 == 3 }],
                    timeout: .seconds(30),
                    idleTimeout: .milliseconds(50)
                ) {
                    subject.send(1)
                }
            } matching: { issue in
                hasComment(
                    issue,
                    containing: "no value arrived for 0.05 s while condition 1 of 1 was pending.")
            }
        }
        #expect(elapsed < .seconds(20))
    }

    @Test("An idle timeout does not fire while values keep arriving")
    func idleTimeoutHolds() async {
        let subject = PassthroughSubject<Int, Never>()
        let values = await until(subject, satisfies: [{ $0 == 3 }], idleTimeout: .seconds(20)) {
            for value in 1...3 { subject.send(value) }
        }
        #expect(values == [3])
    }

    @Test("An invalid idle timeout is a clear failure")
    func invalidIdleTimeout() async {
        await withCapturedFailures {
            await until(Just(1), satisfies: [{ $0 == 1 }], idleTimeout: 0)
        } matching: { issue in
            hasComment(issue, containing: "was given a timeout of 0.0 s")
        }
    }
}

// The async-sequence entry points need the typed-throws `AsyncSequence` of these releases.
@Suite("until over async sequences", .untilTimeout(.seconds(30)))
struct AsyncSequenceTests {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("until waits on an async sequence's elements, in order")
    func matches() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let values = await until(stream, satisfies: [{ $0 == 1 }, { $0 == 3 }]) {
            for value in 1...3 { continuation.yield(value) }
        }
        #expect(values == [1, 3])
        continuation.finish()
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("A sequence that ends first fails at once, naming the end")
    func endsEarly() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.yield(1)
        continuation.finish()
        let elapsed = await elapsedTime {
            await withCapturedFailures {
                await until(
                    stream, satisfies: [Condition("two") { $0 == 2 }], timeout: .seconds(30))
            } matching: { issue in
                issue.comments.contains {
                    $0.rawValue.contains(
                        "the sequence finished before condition 1 of 1 (two) was met.")
                }
            }
        }
        #expect(elapsed < .seconds(20))
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("A sequence that throws fails at once, naming the error")
    func throwsEarly() async {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        continuation.finish(throwing: TestError(code: 2))
        await withCapturedFailures {
            await until(stream, satisfies: [{ $0 == 2 }], timeout: .seconds(30))
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("TestError(code: 2) before condition 1 of 1 was met.")
            }
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("A timeout on a sequence says so")
    func timesOut() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.yield(1)
        await withCapturedFailures {
            await until(stream, satisfies: [{ $0 == 2 }], timeout: .milliseconds(50))
        } matching: { issue in
            issue.comments.contains {
                // Whether the element arrived in time depends on scheduling; the wording doesn't.
                $0.rawValue.contains("timed out after 0.05 s: condition 1 of 1 was never met.")
                    && $0.rawValue.contains("The sequence ")
            }
        }
        continuation.finish()
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("The sequence's iteration is cancelled when the wait ends")
    func iterationIsCancelled() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let ended = AsyncStream<Void>.makeStream()
        continuation.onTermination = { _ in ended.continuation.yield() }
        continuation.yield(1)
        await until(stream, satisfies: [{ $0 == 1 }])
        var iterator = ended.stream.makeAsyncIterator()
        await iterator.next()
    }
}
