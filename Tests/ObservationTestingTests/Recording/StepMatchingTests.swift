// How a change step finds the property a key path reads: by identity for the key paths the
// recorder reads, naming none on a step that passes; and what a step does once its model is gone.
import Observation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

/// Two properties of one type, and a computed one of a class type no value stands in for.
@MainActor @Observable
final class LapCounter {
    var ticks = 0
    var laps = 0
    var label = ""

    var total: Int { ticks + laps }
    var owner: LapOwner { LapOwner() }
}

final class LapOwner {}

/// Whether this build keeps the names of key path getters: an optimized one may not, and then a
/// failure names the key path by its types.
#if DEBUG
    let namesAreKept = true
#else
    let namesAreKept = false
#endif

/// Whether `text` names `property` as no observable property of `LapCounter`, or, in a build
/// that keeps no name for it, says so.
private func saysNoProperty(_ property: String, in text: String) -> Bool {
    text.contains("LapCounter has no observable property '\(property)'")
        || (!namesAreKept && text.contains("is not one property of LapCounter"))
}

@Suite("Change steps match key paths", .untilTimeout(.seconds(30)))
@MainActor
struct StepMatchingTests {
    @Test("A passing step on the key paths the recorder reads names none")
    func passingStepsNameNothing() async {
        let counter = LapCounter()
        let changes = counter.recordChanges(\.ticks, \.laps)
        let named = await countingNamings {
            counter.ticks = 1
            #expect(await changes.next { $0.ticks = 1 })
            counter.laps = 1
            #expect(await changes.next { $0.laps += 1 })
            counter.ticks = 2
            #expect(await changes.next { $0.ticks = $0.laps + 1 })
            changes.finish()
        }
        #expect(named == 0)
    }

    @Test("Not exhaustive, a passing step names none either")
    func notExhaustiveNamesNothing() async {
        let counter = LapCounter()
        let changes = counter.recordChanges(\.ticks, exhaustive: false)
        let named = await countingNamings {
            counter.ticks = 1
            counter.ticks = 2
            #expect(await changes.next { $0.ticks = 2 })
            changes.finish()
        }
        #expect(named == 0)
    }

    @Test("A failing step says which property differs, by the states alone where they tell")
    func failingStepSaysWhichProperty() async {
        let counter = LapCounter()
        let changes = counter.recordChanges(\.ticks, \.laps)
        counter.ticks = 1
        // Only ticks was 0 then 1 in the states: the message needs no name, in any build.
        await withCapturedFailures {
            await changes.next { $0.ticks = 2 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("ticks: expected 2, got 1")
        }
        changes.finish()
    }

    @Test("A change of another property of the same type is not taken for the one assigned")
    func sameTypeChangeFails() async {
        let counter = LapCounter()
        let changes = counter.recordChanges(\.ticks, \.laps)
        counter.ticks = 1
        counter.laps = 1
        await withCapturedFailures {
            await changes.next { $0.ticks = 1 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("laps: expected 0, got 1")
        }
        changes.finish()
    }

    @Test("Two properties that never differed, both assigned, pass")
    func twinPropertiesPass() async {
        let counter = LapCounter()
        let changes = counter.recordChanges(\.ticks, \.laps)
        counter.ticks = 1
        counter.laps = 1
        #expect(
            await changes.next {
                $0.ticks = 1
                $0.laps = 1
            })
        changes.finish()
    }

    @Test("A computed key path the recorder reads is no property of the state")
    func computedKeyPathFails() async {
        let counter = LapCounter()
        let changes = counter.recordChanges(\.ticks, \.total)
        counter.ticks = 1
        counter.laps = 1
        await withCapturedFailures {
            await changes.next {
                $0.laps = 1
                $0.total = 2
            }
        } matching: { issue in
            saysNoProperty("total", in: issue.comments.map(\.rawValue).joined())
        }
        changes.finish()
    }

    @Test("A model released after every state was taken fails the next step, which does not run")
    func releasedModelFailsTheStep() async {
        var counter: LapCounter? = LapCounter()
        let changes = counter!.recordChanges(\.ticks)
        counter = nil
        var ran = false
        await withCapturedFailures {
            #expect(
                !(await changes.next {
                    ran = true
                    _ = $0.owner
                }))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "the model was released, and the steps before took every state recorded")
        }
        #expect(!ran)
        changes.finish()
    }

    @Test("A model is held while states wait, so a step's read of it runs to the step's end")
    func modelHeldWhileStatesWait() async {
        var counter: LapCounter? = LapCounter()
        weak let released = counter
        let changes = counter!.recordChanges(\.ticks)
        counter?.ticks = 1
        // A change made on the main actor is read before the test resumes from its yield.
        await Task.yield()
        counter = nil
        #expect(released != nil)
        var owner: LapOwner?
        await withCapturedFailures {
            await changes.next {
                $0.ticks = 1
                owner = $0.owner
            }
        } matching: { issue in
            saysNoProperty("owner", in: issue.comments.map(\.rawValue).joined())
        }
        #expect(owner != nil)
        #expect(await changes.next { $0.ticks = 1 })
        #expect(released == nil)
        changes.finish()
    }
}

/// XCTest's side: a step after the model is gone fails through XCTest, at the step's line.
final class StepMatchingXCTests: FailureCapturingTestCase {
    @MainActor
    func testAStepAfterTheModelIsGoneFailsAtItsLine() async {
        var counter: LapCounter? = LapCounter()
        let changes = counter!.recordChanges(\.ticks)
        counter = nil
        let failures = await captureFailures {
            await changes.next { _ = $0.owner }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, #line - 3)
        XCTAssertTrue(
            failures.first?.description.contains("the model was released") == true,
            failures.first?.description ?? "no failure")
        changes.finish()
    }

    @MainActor
    func testAPassingStepNamesNoKeyPath() async {
        let counter = LapCounter()
        let changes = counter.recordChanges(\.ticks, \.laps)
        let lookups = Locked(0)
        await KeyPathNames.$lookups.withValue(lookups) {
            counter.laps = 3
            let passed = await changes.next { $0.laps = 3 }
            XCTAssertTrue(passed)
        }
        XCTAssertEqual(lookups.withLock { $0 }, 0)
        changes.finish()
    }
}
