import ObservationTesting
import Publishing
import Testing

@Suite("Recorder", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct RecorderTests {
    private func hasComment(_ issue: CapturedIssue, containing text: String) -> Bool {
        issue.comments.contains { $0.rawValue.contains(text) }
    }

    @Test("Recording starts at once and keeps every value and the completion")
    func keepsEverything() {
        let subject = CurrentValueSubject<Int, TestError>(0)
        let recorder = subject.record()
        subject.send(1)
        subject.send(2)
        #expect(recorder.values == [0, 1, 2])
        #expect(recorder.completion == nil)
        subject.send(completion: .failure(TestError(code: 3)))
        subject.send(4)
        #expect(recorder.values == [0, 1, 2])
        guard case .failure(let error) = recorder.completion else {
            Issue.record("expected a failure, got \(String(describing: recorder.completion))")
            return
        }
        #expect(error == TestError(code: 3))
    }

    @Test("next, next(_:) and prefix(until:) read on from where the last wait stopped")
    func readsInSequence() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        for value in 1...8 { subject.send(value) }
        #expect(await recorder.next() == 1)
        #expect(await recorder.next(3) == [2, 3, 4])
        #expect(await recorder.next(0) == [])
        #expect(await recorder.prefix(until: { $0 >= 6 }) == [5, 6])
        #expect(await until(recorder, satisfies: [{ $0 == 8 }]) == [8])
        #expect(recorder.values == Array(1...8))
    }

    @Test("A wait suspends for values that have not arrived yet")
    func waitsForLaterValues() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        async let later = recorder.next(2)
        subject.send(1)
        subject.send(2)
        #expect(await later == [1, 2])
    }

    @Test("until continues phase by phase without subscribing again")
    @MainActor
    func phases() async {
        let loading = CurrentValueSubject<Bool, Never>(false)
        let recorder = loading.record()
        loading.send(true)
        loading.send(false)
        #expect(await until(recorder, satisfies: [{ $0 }, { !$0 }]) == [true, false])
        loading.send(true)
        // The first phase's values are behind it: `false` must come after the new `true`.
        #expect(await until(recorder, satisfies: [.equals(true)]) == [true])
        #expect(recorder.values == [false, true, false, true])
    }

    @Test("finished returns the values not read yet; last returns the final value")
    func finishedAndLast() async {
        let subject = PassthroughSubject<String, TestError>()
        let recorder = subject.record()
        subject.send("a")
        #expect(await recorder.next() == "a")
        subject.send("b")
        subject.send("c")
        subject.send(completion: .finished)
        #expect(await recorder.finished() == ["b", "c"])
        #expect(await recorder.last() == "c")
    }

    @Test("until(emits:) compares the next values exactly")
    func emits() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        for value in [1, 1, 2, 3, 3] { subject.send(value) }
        #expect(await until(recorder, emits: [1, 1, 2]))
        #expect(await until(recorder, emits: [3], ignoringDuplicates: true))
    }

    @Test("next fails at its caller's line when nothing arrives")
    func nextTimesOut() async {
        let recorder = PassthroughSubject<Int, Never>().record()
        let line = #line + 3
        var value: Int? = 0
        await withCapturedFailures {
            value = await recorder.next(timeout: .milliseconds(50))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && hasComment(issue, containing: "Recorder.next() timed out after 0.05 s")
        }
        #expect(value == nil)
    }

    @Test("A wait that times out after earlier waits read every value says nothing new came")
    func nothingNewAfterEarlierWaits() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        subject.send(2)
        #expect(await recorder.next(2) == [1, 2])
        await withCapturedFailures {
            await recorder.next(timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(
                issue,
                containing: "The publisher sent nothing new: earlier waits had read the 2 values "
                    + "it sent, and none came after.")
                && !hasComment(issue, containing: "sent no values")
        }
    }

    @Test("A failed wait leaves the recorder where it was")
    func failureDoesNotMoveOn() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        await withCapturedFailures {
            await recorder.next(2, timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(issue, containing: "Recorder.next(2) timed out")
        }
        #expect(await recorder.next() == 1)
    }

    @Test("finished fails when the source fails instead, naming the error")
    func finishedFailsOnFailure() async {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = subject.record()
        subject.send(completion: .failure(TestError(code: 9)))
        await withCapturedFailures {
            await recorder.finished()
        } matching: { issue in
            hasComment(issue, containing: "TestError(code: 9) instead of finishing.")
        }
    }

    @Test("finished fails when the source never finishes")
    func finishedTimesOut() async {
        let recorder = CurrentValueSubject<Int, Never>(1).record()
        await withCapturedFailures {
            await recorder.finished(timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(
                issue,
                containing:
                    "Recorder.finished() timed out after 0.05 s: the publisher never finished.")
        }
    }

    @Test("failure returns the error the source failed with, passing over the values before it")
    func failureReturnsTheError() async {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = subject.record()
        subject.send(1)
        subject.send(completion: .failure(TestError(code: 4)))
        #expect(await recorder.failure() == TestError(code: 4))
        #expect(recorder.values == [1])
    }

    @Test("failure fails when the source finishes instead, or never fails")
    func failureFailsOnFinishOrTimeout() async {
        let line = #line + 3
        var error: TestError? = TestError()
        await withCapturedFailures {
            error = await Empty<Int, TestError>().record().failure()
        } matching: { issue in
            issue.sourceLocation?.line == line
                && hasComment(issue, containing: "Recorder.failure() failed after")
                && hasComment(issue, containing: "the publisher finished instead of failing.")
                && hasComment(issue, containing: "The publisher was expected to fail.")
        }
        #expect(error == nil)
        await withCapturedFailures {
            error = await PassthroughSubject<Int, TestError>().record()
                .failure(timeout: .milliseconds(50))
        } matching: { issue in
            hasComment(
                issue,
                containing: "Recorder.failure() timed out after 0.05 s: the publisher never failed."
            )
        }
        #expect(error == nil)
    }

    @Test("last fails when the source finished without a value")
    func lastWithoutValues() async {
        let recorder = Empty<Int, Never>().record()
        var last: Int? = 0
        await withCapturedFailures {
            last = await recorder.last()
        } matching: { issue in
            hasComment(issue, containing: "finished without sending a value")
        }
        #expect(last == nil)
    }

    @Test("A negative count is a clear failure, not a crash")
    func negativeCount() async {
        let recorder = Just(1).record()
        await withCapturedFailures {
            #expect(await recorder.next(-1) == nil)
        } matching: { issue in
            hasComment(issue, containing: "was asked for -1 values")
        }
    }

    @Test("Values recorded before the wait began show negative times, labelled as such")
    func earlierValuesInMessage() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(5)
        await withCapturedFailures {
            // Fails at once on 7, with the whole timeline, however loaded the machine.
            await never(recorder, satisfies: { $0 == 7 }, for: 30) { subject.send(7) }
        } matching: { issue in
            // Even a time that rounds to zero keeps its sign; later values count forward.
            hasComment(issue, containing: "[0] -")
                && hasComment(issue, containing: "  5  (before this wait began)\n")
                && hasComment(issue, containing: "[1] +")
                && !hasComment(issue, containing: "7  (before")
                && !hasComment(issue, containing: "+-") && !hasComment(issue, containing: "] 0.")
        }
    }
}

// Heavy under ThreadSanitizer on a 2-core machine (70 s beside the other suites): its own suite.
@Suite("Recorder at scale", .timeLimit(.minutes(5)))
struct RecorderScaleTests {
    @Test("1,000,000 values from 4 tasks are each kept exactly once, in each task's order")
    func concurrentRecording() async {
        let subject = PassthroughSubject<(task: Int, index: Int), Never>()
        let recorder = subject.record()
        let perTask = 250_000
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<perTask {
                        subject.send((task, index))
                        if index % 100 == 0 { await Task.yield() }
                    }
                }
            }
        }
        var next = [Int](repeating: 0, count: 4)
        var outOfOrder = 0
        for value in recorder.values {
            if value.index != next[value.task] { outOfOrder += 1 }
            next[value.task] = value.index + 1
        }
        #expect(recorder.values.count == 4 * perTask)
        #expect(next == [Int](repeating: perTask, count: 4))
        #expect(outOfOrder == 0)
    }
}

// The async-sequence entry points need the typed-throws `AsyncSequence` of these releases.
@Suite("Recorder over an async sequence", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct SequenceRecorderTests {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("An async sequence's elements and its end are recorded")
    func recordsASequence() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = stream.record()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
        #expect(await recorder.finished() == [1, 2])
        #expect(await recorder.last() == 2)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("A thrown error is recorded as the completion")
    func recordsAnError() async {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let recorder = stream.record()
        continuation.yield(1)
        continuation.finish(throwing: TestError(code: 4))
        await withCapturedFailures {
            await recorder.finished()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("TestError(code: 4) instead of finishing.")
            }
        }
        #expect(recorder.values == [1])
    }
}
