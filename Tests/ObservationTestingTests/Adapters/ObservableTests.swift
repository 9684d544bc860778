import Foundation
import Observation
import Testing

@testable import ObservationTesting
@testable import Publishing

/// A view model in the style the Observation framework encourages.
@MainActor @Observable
final class TrackedModel {
    var count = 0
    var isLoading = false
    var error: TestError?

    func load(failing: Bool = false) async {
        isLoading = true
        await Task.yield()
        if failing { error = TestError(code: 7) } else { count += 1 }
        isLoading = false
    }
}

/// A model that other threads change: its storage is behind a lock, its changes reported
/// through Observation by hand.
@Observable
// @unchecked: `storedValue` is only touched while holding `lock`; the registrar is Sendable.
final class SharedCounter: @unchecked Sendable {
    @ObservationIgnored private let lock = NSLock()
    @ObservationIgnored private var storedValue = 0

    var value: Int {
        get {
            access(keyPath: \.value)
            return lock.withLock { storedValue }
        }
        set {
            withMutation(keyPath: \.value) { lock.withLock { storedValue = newValue } }
        }
    }
}

/// A value Observation can report but that cannot be compared.
struct Opaque {
    var number: Int
}

@MainActor @Observable
final class OpaqueModel {
    var value = Opaque(number: 0)
}

@Suite("@Observable properties", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct ObservableTests {
    @Test("until waits on a @MainActor model's property, its current value counting")
    @MainActor
    func untilOnMainActorModel() async {
        let model = TrackedModel()
        let values = await until(model, \.isLoading, satisfies: [{ !$0 }, { $0 }, { !$0 }]) {
            await model.load()
        }
        #expect(values == [false, true, false])
        #expect(model.count == 1)
    }

    @Test("Conditions and never steps work on a property")
    @MainActor
    func neverStepOnProperty() async {
        let model = TrackedModel()
        await withCapturedFailures {
            await until(
                model,
                \.error,
                satisfies: [
                    .never("an error") { $0 != nil }, Condition("never reached") { _ in false },
                ],
                timeout: .seconds(30)
            ) {
                await model.load(failing: true)
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("until(_:_:satisfies:) failed after")
                    && $0.rawValue.contains("value [1] met a never condition (an error).")
            }
        }
    }

    @Test(
        "A window as long as the timeout passes clean, whichever timer fires first",
        arguments: 1...20)
    func windowAsLongAsTheTimeout(_ round: Int) async {
        // `never(p, for: 2)` with the default second makes the timeout the window's length: the
        // timeout, due at the window's end, must not fail a wait whose window has passed clean,
        // nor cut short the reads still queued that the window's end settles.
        let subject = CurrentValueSubject<Int, Never>(0)
        #expect(
            await never(
                subject, satisfies: { $0 == 5 }, for: .milliseconds(20), timeout: .milliseconds(20)
            ))
        let counter = SharedCounter()
        #expect(
            await never(
                counter, \.value, satisfies: { $0 == 5 }, for: .milliseconds(20),
                timeout: .milliseconds(20)))
        #expect(
            await stays(
                counter, \.value, satisfying: { $0 == 0 }, for: .milliseconds(20),
                timeout: .milliseconds(20)))
    }

    @Test("A timeout names the property, not a publisher")
    @MainActor
    func timeoutNamesTheProperty() async {
        let model = TrackedModel()
        await withCapturedFailures {
            await until(model, \.count, satisfies: [{ $0 == 5 }], timeout: .milliseconds(50))
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("timed out after 0.05 s: condition 1 of 1 was never met.")
                    && $0.rawValue.contains("The property went quiet after value [0]")
            }
        }
    }

    @Test("Changes with no suspension point between them arrive as one: the last")
    @MainActor
    func synchronousChangesCoalesce() async {
        let model = TrackedModel()
        let recorder = publisher(for: \.count, on: model).record()
        model.count = 1
        model.count = 2
        model.count = 3
        await until(recorder, satisfies: [{ $0 == 3 }])
        #expect(recorder.values == [0, 3])
    }

    @Test("Changes separated by waits all arrive, each read after it was stored")
    @MainActor
    func separatedChangesAllArrive() async {
        let model = TrackedModel()
        let recorder = publisher(for: \.count, on: model).record()
        for value in 1...20 {
            model.count = value
            #expect(await until(recorder, satisfies: [{ $0 == value }]) == [value])
        }
        #expect(recorder.values == Array(0...20))
    }

    @Test("An Equatable value is sent again only when it changes")
    @MainActor
    func equalValuesAreNotRepeated() async {
        let model = TrackedModel()
        let recorder = publisher(for: \.count, on: model).record()
        model.count = 1
        await until(recorder, satisfies: [{ $0 == 1 }])
        model.count = 1
        model.count = 1
        await Task.yield()
        model.count = 2
        await until(recorder, satisfies: [{ $0 == 2 }])
        #expect(recorder.values == [0, 1, 2])
    }

    @Test("A value that cannot be compared is sent after every change")
    @MainActor
    func uncomparableValuesAreSent() async {
        let model = OpaqueModel()
        let recorder = publisher(for: \.value, on: model).record()
        model.value = Opaque(number: 1)
        await until(recorder, satisfies: [{ $0.number == 1 }])
        model.value = Opaque(number: 1)
        let again = await recorder.next()
        #expect(again?.number == 1)
        #expect(recorder.values.map(\.number) == [0, 1, 1])
    }

    @Test("Cancelling stops the observation")
    @MainActor
    func cancellingStops() async {
        let model = TrackedModel()
        let recorder = publisher(for: \.count, on: model).record()
        await recorder.next()
        recorder.cancel()
        model.count = 1
        // A later wait on the same model sees the change, so the cancelled one had its chance.
        await until(model, \.count, satisfies: [{ $0 == 1 }])
        #expect(recorder.values == [0])
    }

    @Test("An exact sequence missing a step of an @Observable property says changes coalesce")
    @MainActor
    func emitsExplainsCoalescedChanges() async {
        let model = TrackedModel()
        await withCapturedFailures {
            await until(publisher(for: \.count, on: model), emits: [0, 1, 2]) {
                model.count = 1
                model.count = 2
            }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("value [1] differs from the expected sequence.")
                    && $0.rawValue.contains("made with no suspension point between them arrive")
            }
        }
    }

    @Test("A burst of sets from another thread ends on the last value")
    func crossThreadBurstEndsOnTheLastValue() async {
        let counter = SharedCounter()
        let recorder = publisher(for: \.value, on: counter).record()
        await Task.detached {
            for value in 1...10_000 { counter.value = value }
        }.value
        await until(recorder, satisfies: [{ $0 == 10_000 }])
        let values = recorder.values
        #expect(values.last == 10_000)
        #expect(values == values.sorted())
    }
}

// Heavy under ThreadSanitizer on a 2-core machine: its own suite, one test at a time so that they
// do not starve each other's writer threads.
@Suite(
    "@Observable properties over many rounds", .serialized, .untilTimeout(.seconds(30)),
    .timeLimit(.minutes(5)))
struct ManyRoundObservableTests {
    @Test("Bursts of random length from another thread: the final value is never lost")
    func crossThreadBurstsNeverLoseTheFinalValue() async {
        let lost = await lostFinalValues(rounds: isRunningUnderThreadSanitizer ? 1_000 : 10_000) {
            counter, final in
            await until(publisher(for: \.value, on: counter), satisfies: [{ $0 == final }])
        }
        #expect(lost == 0)
    }

    @Test("The fallback for platforms told of changes before the store loses no final value")
    func beforeStoreFallbackNeverLosesTheFinalValue() async {
        let lost = await lostFinalValues(rounds: isRunningUnderThreadSanitizer ? 200 : 1_000) {
            counter, final in
            var values = publisher(for: \.value, on: counter)
            values.signal = .beforeStore
            return await until(values, satisfies: [{ $0 == final }])
        }
        #expect(lost == 0)
    }

    @Test("Bursts from another thread, waited on the main actor: the final value is never lost")
    @MainActor
    func crossThreadBurstsWaitedOnTheMainActorNeverLoseTheFinalValue() async {
        // On the main actor the wait runs each read itself, untracked first: a store landing
        // before the tracked read that follows must still be sent.
        let lost = await lostFinalValues(rounds: isRunningUnderThreadSanitizer ? 1_000 : 10_000) {
            counter, final in
            await until(counter, \.value, satisfies: [{ $0 == final }])
        }
        #expect(lost == 0)
    }

    @Test("The before-the-store fallback, waited on the main actor, loses no final value")
    @MainActor
    func beforeStoreFallbackOnTheMainActorNeverLosesTheFinalValue() async {
        // Apple platforms' path for `until(model, \.x)` on the main actor: the wait runs the
        // reads, untracked first, and each read may come before a store on another thread lands.
        let lost = await lostFinalValues(rounds: isRunningUnderThreadSanitizer ? 500 : 5_000) {
            counter, final in
            var values = publisher(for: \.value, on: counter)
            values.signal = .beforeStore
            // The property's own wait source, as `until(model, \.value)` makes it.
            return await Waiter.until(
                values.waitSource,
                satisfies: [Condition(nil) { $0 == final }],
                timeout: nil,
                idleTimeout: nil,
                helper: "until(_:_:satisfies:)",
                isolation: #isolation,
                at: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column),
                performing: nil
            )
        }
        #expect(lost == 0)
    }

    @Test("Bursts from another thread, waited on with until { }: the final value is never lost")
    func crossThreadBurstsNeverLoseTheFinalValueOfACondition() async {
        let lost = await lostFinalValues(rounds: isRunningUnderThreadSanitizer ? 1_000 : 10_000) {
            counter, final in
            await until { counter.value == final } ? [final] : nil
        }
        #expect(lost == 0)
    }

    @Test("Bursts from another thread, until { } on the main actor: the final value is never lost")
    @MainActor
    func crossThreadBurstsNeverLoseTheFinalValueOfAConditionOnTheMainActor() async {
        let lost = await lostFinalValues(rounds: isRunningUnderThreadSanitizer ? 1_000 : 10_000) {
            counter, final in
            await until { counter.value == final } ? [final] : nil
        }
        #expect(lost == 0)
    }

    /// Sets bursts of random length from another thread and waits, on the caller's actor, for
    /// each burst's final value with `wait`, which returns the values that met its condition.
    ///
    /// The writer starts before the wait subscribes, so a burst may land before, during or after
    /// subscribing; its final value must be seen however its stores interleave with the reads. A
    /// lost value times out (and records that), so this stops at the first.
    private func lostFinalValues(
        rounds: Int,
        isolation: isolated (any Actor)? = #isolation,
        waitingWith wait: (_ counter: SharedCounter, _ final: Int) async -> [Int]?
    ) async -> Int {
        let counter = SharedCounter()
        var last = 0
        for _ in 1...rounds {
            let first = last + 1
            let final = last + Int.random(in: 1...50)
            last = final
            let writer = Task.detached {
                for value in first...final { counter.value = value }
            }
            let seen = await wait(counter, final)
            await writer.value
            if seen != [final] { return 1 }
        }
        return 0
    }

    @Test("A change on the model's actor is read before the changing code resumes from a yield")
    @MainActor
    func changeThenYieldIsReadAtOnce() async {
        // `load()` sets, yields once and sets again: each set must be read within that one
        // yield, or the first value is lost. Many rounds, so a race would show.
        let model = TrackedModel()
        let recorder = publisher(for: \.count, on: model).record()
        var lateReads = 0
        for value in 1...500 {
            model.count = value
            await Task.yield()
            if recorder.values.last != value { lateReads += 1 }
        }
        #expect(lateReads == 0)
        #expect(recorder.values.count == 501)
    }

    @Test("A wait on a property reads each change made on its actor before the next yield ends")
    @MainActor
    func waitReadsEachChangeBeforeTheChangerResumes() async {
        // The wait itself reads after a change (no task of its own), woken before the changing
        // code's yield can end: every value set between two yields must meet its condition.
        let model = TrackedModel()
        let values = Array(1...300)
        let conditions: [(Int) -> Bool] = values.map { value in { $0 == value } }
        // Each value takes turns on the main actor, behind every other main-actor test's work:
        // the timeout is there for a hang only, within the suite's time limit.
        let seen = await until(model, \.count, satisfies: conditions, timeout: 240) {
            for value in values {
                model.count = value
                await Task.yield()
            }
        }
        #expect(seen == values)
    }

    @Test("10,000 sets from another thread: the waiter sees every final value")
    func crossThreadSetsAreNeverLost() async {
        let counter = SharedCounter()
        var missed = 0
        for value in 1...10_000 {
            let seen = await until(counter, \.value, satisfies: [{ $0 == value }]) {
                await Task.detached { counter.value = value }.value
            }
            if seen != [value] { missed += 1 }
        }
        #expect(missed == 0)
    }
}
