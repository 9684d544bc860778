import Foundation
import Observation
import ObservationTesting
import Publishing
import Testing
import XCTest

/// A nested value, for diffs inside a property.
struct Profile: Equatable {
    var name: String
    var tags: [String]
}

/// A plain value of a model's own.
struct Size {
    var width: Int
    var height: Int
}

/// A value that cannot be compared with `==`.
struct Unequatable {
    var number: Int
}

/// A dependency held by reference, not `Equatable`.
final class Service {}

@MainActor
final class ServiceViewModel: ObservableObject {
    @Published var service = Service()
    @Published var log = ""
}

@MainActor @Observable
final class QueryModel {
    var query = ""
    var isSearching = false
    var results: [String] = []
}

/// A model recorded by one property, `ticks`, with another, `isRunning`, that changes alone.
@MainActor @Observable
final class Stopwatch {
    var ticks = 0
    var isRunning = false
}

@MainActor
final class SelectionViewModel: ObservableObject {
    @Published var selected: Profile?
}

@MainActor
final class ProfileViewModel: ObservableObject {
    @Published var profile = Profile(name: "Ann", tags: ["a"])
    @Published var note = Unequatable(number: 0)
    @Published var count = 0

    /// Not stored: a step cannot take it from the state.
    var size: Size { Size(width: count, height: count) }
}

enum Phase: Equatable {
    case idle
    case loading
    case failed(Profile)
}

@MainActor
final class PhaseViewModel: ObservableObject {
    @Published var phase = Phase.idle
}

@Suite("Exhaustive change checks", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct ChangeRecorderTests {
    @Test("Every change of an ObservableObject, asserted as a mutation of the state before")
    @MainActor
    func objectChanges() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        await viewModel.load()
        #expect(await changes.next { $0.isLoading = true })
        #expect(
            await changes.next {
                $0.isLoading = false
                $0.items = [1, 2, 3]
            })
        changes.finish()
    }

    @Test("Every change of an @Observable model, woken by the properties named")
    @MainActor
    func observableChanges() async {
        let model = TrackedModel()
        let changes = model.recordChanges(\.isLoading, \.count)
        await model.load()
        #expect(await changes.next { $0.isLoading = true })
        #expect(
            await changes.next {
                $0.isLoading = false
                // Assigned, not `+= 1`: with Combine imported, `+=` also matches
                // `Subscribers.Demand`'s, and a step's property has no type until it is used.
                $0.count = 1
            })
        changes.finish()
    }

    @Test("An @Observable model's steps compare every observed property, and a failure says so")
    @MainActor
    func everyObservedPropertyIsCompared() async {
        let model = QueryModel()
        let changes = model.recordChanges(\.isSearching, \.results)
        model.query = "sw"
        model.isSearching = true
        await withCapturedFailures {
            await changes.next { $0.isSearching = true }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains(#"query: expected "", got "sw""#)
                && text.contains(
                    "Every observed property of the model is compared, not only those named in "
                        + "recordChanges(…): they say which changes make a new state.")
        }
        model.isSearching = false
        #expect(await changes.next { $0.isSearching = false })
        changes.finish()
    }

    @Test("A change of only a property not named makes no state, even just before finish()")
    @MainActor
    func unnamedChangeBeforeFinish() async {
        let stopwatch = Stopwatch()
        let changes = stopwatch.recordChanges(\.ticks)
        stopwatch.isRunning = true
        stopwatch.ticks = 1
        #expect(
            await changes.next {
                $0.isRunning = true
                $0.ticks = 1
            })
        stopwatch.isRunning = false
        changes.finish()
    }

    @Test("A change of only a property not named makes no state when the recorder is released")
    @MainActor
    func unnamedChangeBeforeRelease() async {
        let stopwatch = Stopwatch()
        var changes: ChangeRecorder<Stopwatch>? = stopwatch.recordChanges(\.ticks)
        stopwatch.ticks = 1
        #expect(await changes?.next { $0.ticks = 1 } == true)
        stopwatch.isRunning = true
        changes = nil
    }

    @Test("A change of only a property not named makes no state at the end of the test")
    @MainActor
    func unnamedChangeAtEndOfTest() async {
        let stopwatch = Stopwatch()
        var kept: ChangeRecorder<Stopwatch>?
        await withEndOfTestChecks {
            let changes = stopwatch.recordChanges(\.ticks)
            kept = changes
            stopwatch.ticks = 1
            #expect(await changes.next { $0.ticks = 1 })
            stopwatch.isRunning = true
        }
        kept?.finish()
    }

    @Test("What an invariant reads does not make states: only the properties named do")
    @MainActor
    func invariantReadsMakeNoStates() async {
        let stopwatch = Stopwatch()
        let changes = stopwatch.recordChanges(\.ticks) { $0.ticks == 0 || $0.isRunning }
        stopwatch.isRunning = true
        // A turn of the main actor, where a read woken by the change would be queued.
        await Task.yield()
        stopwatch.ticks = 1
        #expect(
            await changes.next {
                $0.isRunning = true
                $0.ticks = 1
            })
        changes.finish()
    }

    @Test("An optional set to nil, and back")
    @MainActor
    func nilAssignment() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        viewModel.errorMessage = "offline"
        await changes.next { $0.errorMessage = "offline" }
        viewModel.errorMessage = nil
        await changes.next { $0.errorMessage = nil }
        changes.finish()
    }

    @Test("A step that differs names only the differing properties, nested parts included")
    @MainActor
    func differingStep() async {
        let viewModel = ProfileViewModel()
        let changes = viewModel.recordChanges()
        viewModel.profile.tags = ["a", "b"]
        var matched = true
        await withCapturedFailures {
            matched = await changes.next { $0.profile = Profile(name: "Ann", tags: ["a", "c"]) }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            let parts = text.components(separatedBy: "to paste after review:")
            // The diff names only what differs; the step to paste sets the whole value.
            return text.contains("state [1] differs from the expected state")
                && text.contains(#"profile.tags[1]: expected "c", got "b""#)
                && !parts[0].contains("name") && !parts[0].contains("count")
                && parts.count == 2
                && parts[1].contains(
                    #"$0.profile = Profile(name: "Ann", tags: ["a", "b"])"#)
        }
        #expect(!matched)
        changes.finish()
    }

    @Test("An optional property diffs by what it holds; a missing value reads as plain nil")
    @MainActor
    func optionalStep() async {
        let viewModel = SelectionViewModel()
        let changes = viewModel.recordChanges()
        let messages = Locked<[String]>([])
        await withCapturedFailures {
            viewModel.selected = Profile(name: "Alice", tags: ["a"])
            await changes.next { $0.selected = Profile(name: "Alicia", tags: ["a"]) }
            viewModel.selected = Profile(name: "Bob", tags: [])
            await changes.next { $0.selected = nil }
        } matching: { issue in
            messages.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        let recorded = messages.withLock { $0 }
        #expect(recorded.count == 2)
        #expect(recorded.first?.contains(#"selected.name: expected "Alicia", got "Alice""#) == true)
        #expect(
            recorded.last?.contains(
                #"selected: expected nil, got ObservationTestingTests.Profile(name: "Bob""#)
                == true, "\(recorded.last ?? "")")
        #expect(!recorded.joined().contains("Optional("))
        viewModel.selected = nil
        #expect(await changes.next { $0.selected = nil })
        changes.finish()
    }

    @Test("A value that is not Equatable compares by its dumped description, and says so")
    @MainActor
    func unequatableValue() async {
        let viewModel = ProfileViewModel()
        let changes = viewModel.recordChanges()
        viewModel.note = Unequatable(number: 1)
        await changes.next { $0.note = Unequatable(number: 1) }
        viewModel.note = Unequatable(number: 2)
        await withCapturedFailures {
            await changes.next { $0.note = Unequatable(number: 3) }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("note.number: expected 3, got 2")
                && text.contains(
                    "(note: compared by dumped description: Unequatable is not Equatable)")
        }
        changes.finish()
    }

    @Test("A class that is not Equatable compares by identity, and says so")
    @MainActor
    func referenceIdentity() async {
        let viewModel = ServiceViewModel()
        let changes = viewModel.recordChanges()
        let replacement = Service()
        viewModel.service = replacement
        await withCapturedFailures {
            await changes.next { $0.service = Service() }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "(compared by identity: Service is a class that is not Equatable)")
        }
        viewModel.service = replacement
        viewModel.log = "same service"
        await changes.next { $0.log = "same service" }
        changes.finish()
    }

    @Test("A huge value is shortened in the message")
    @MainActor
    func hugeValue() async {
        let viewModel = ServiceViewModel()
        let changes = viewModel.recordChanges()
        viewModel.log = String(repeating: "x", count: 10_000)
        await withCapturedFailures {
            await changes.next { $0.log = "y" }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("…") && text.count < 1_000
                && text.contains("$0.log = <#String, too long to show#>")
        }
        changes.finish()
    }

    @Test("finish() names the changes nobody asserted")
    @MainActor
    func unassertedChanges() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        await viewModel.load()
        await changes.next { $0.isLoading = true }
        withCapturedFailures {
            changes.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("ChangeRecorder.finish() failed: 1 change not asserted")
                && text.contains("[2] items: [1, 2, 3], isLoading: false")
                && text.contains(
                    "The step that would take it, to paste after review:\n"
                        + "    await changes.next {\n        $0.items = [1, 2, 3]\n"
                        + "        $0.isLoading = false\n    }")
        }
    }

    @Test("Paste-ready steps write enum cases with a leading dot, as a typed step takes them")
    @MainActor
    func pasteReadyStepsDropTheModule() async {
        let viewModel = PhaseViewModel()
        let changes = viewModel.recordChanges()
        viewModel.phase = .loading
        await changes.next { $0.phase = Phase.loading }
        viewModel.phase = .failed(Profile(name: "ObservationTestingTests.x", tags: []))
        withCapturedFailures {
            changes.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains(
                "        $0.phase = .failed(Profile(name: \"ObservationTestingTests.x\", "
                    + "tags: []))\n")
                && !text.contains("= ObservationTestingTests.")
        }
    }

    @Test("The step pasteReadyStepsDropTheModule checks, pasted as it is, passes")
    @MainActor
    func pastedEnumStepPasses() async {
        let viewModel = PhaseViewModel()
        let changes = viewModel.recordChanges()
        viewModel.phase = .failed(Profile(name: "ObservationTestingTests.x", tags: []))
        await changes.next {
            $0.phase = .failed(Profile(name: "ObservationTestingTests.x", tags: []))
        }
        changes.finish()
    }

    @Test("An @Observable model's unasserted changes come with the steps that would take them")
    @MainActor
    func pasteReadyStepsForAnObservableModel() async {
        let model = TrackedModel()
        let changes = model.recordChanges(\.isLoading, \.count)
        await model.load()
        withCapturedFailures {
            changes.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "The steps that would take them, to paste after review:\n"
                    + "    await changes.next {\n        $0.isLoading = true\n    }\n"
                    + "    await changes.next {\n        $0.count = 1\n"
                    + "        $0.isLoading = false\n    }")
        }
    }

    @Test("Releasing a recorder with changes unasserted fails where it was made")
    @MainActor
    func releasedUnasserted() async {
        let viewModel = ListViewModel()
        await withCapturedFailures {
            let changes = viewModel.recordChanges()
            viewModel.isLoading = true
            await until(viewModel) { $0.isLoading }
            _ = changes
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "ChangeRecorder was released with 1 change not asserted")
        }
    }

    @Test("A test that forgets finish() fails naming the last change, whose read was still due")
    @MainActor
    func forgetsTheLastChange() async {
        let viewModel = ListViewModel()
        let line = #line + 2
        await withCapturedFailures {
            let changes = viewModel.recordChanges()
            await viewModel.load()
            await changes.next { $0.isLoading = true }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("ChangeRecorder was released with 1 change not asserted")
                && text.contains("[2] items: [1, 2, 3], isLoading: false")
                && issue.sourceLocation?.line == line
        }
    }

    @Test("Not exhaustive, a step skips to the first state that has what it sets")
    @MainActor
    func nonExhaustive() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges(exhaustive: false)
        await viewModel.load()
        #expect(await changes.next { $0.items = [1, 2, 3] })
        changes.finish()
    }

    @Test("Not exhaustive, a state that never comes times out naming what was set")
    @MainActor
    func nonExhaustiveTimeout() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges(exhaustive: false)
        await viewModel.load()
        await withCapturedFailures {
            await changes.next(timeout: .milliseconds(200)) { $0.items = [9] }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("(items: [9]) was never met")
        }
        changes.finish()
    }

    @Test("A name the model does not have fails the step, listing the names it has")
    @MainActor
    func unknownName() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        viewModel.isLoading = true
        await withCapturedFailures {
            await changes.next { $0[name: "isLoadin"] = true }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "ListViewModel has no observable property 'isLoadin'; it has: items, isLoading, "
                    + "errorMessage.")
        }
        await changes.next { $0.isLoading = true }
        changes.finish()
    }

    @Test("A step that reads or assigns with the wrong type fails naming both; the test goes on")
    @MainActor
    func wrongTypes() async {
        let viewModel = ProfileViewModel()
        let list = ListViewModel()
        let changes = viewModel.recordChanges()
        let listChanges = list.recordChanges()
        viewModel.count = 1
        list.isLoading = true
        var results: [Bool] = []
        let messages = Locked<[String]>([])
        await withCapturedFailures {
            results.append(await changes.next { $0[name: "count"] = Int64(1) })
            results.append(await listChanges.next { $0[name: "isLoading"] = 1 })
            results.append(
                await changes.next {
                    let misspelt = $0[name: "cont"]
                    $0.count = misspelt == nil ? 1 : 0
                })
            // A read through a key path the state cannot answer (a computed property) gives the
            // model's value, of whatever type, so the step runs to its end and fails there.
            results.append(
                await changes.next {
                    let size: Size = $0.size
                    $0.count = size.width
                })
        } matching: { issue in
            messages.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        let recorded = messages.withLock { $0 }
        #expect(results == [false, false, false, false])
        #expect(recorded.count == 4)
        #expect(
            recorded.first?.contains("ProfileViewModel.count is an Int, assigned an Int64 (1).")
                == true)
        #expect(
            recorded.dropFirst().first?.contains(
                "ListViewModel.isLoading is a Bool, assigned an Int (1).") == true)
        #expect(
            recorded.dropFirst(2).first?.contains(
                "ProfileViewModel has no observable property 'cont'") == true)
        #expect(
            recorded.last?.contains("ProfileViewModel has no observable property 'size'") == true
                || (!namesAreKept
                    && recorded.last?.contains("is not one property of ProfileViewModel") == true)
        )
        // Each failed step took no state: the right steps still pass.
        #expect(await changes.next { $0.count = 1 })
        #expect(await listChanges.next { $0.isLoading = true })
        changes.finish()
        listChanges.finish()
    }

    @Test("No change in time: the step times out")
    @MainActor
    func noChange() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        await withCapturedFailures {
            await changes.next(timeout: .milliseconds(100)) { $0.isLoading = true }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("ChangeRecorder.next(_:) timed out")
        }
        changes.finish()
    }

    @Test("Two changes with no suspension between them, asserted as two steps: the second says why")
    @MainActor
    func coalescedChangesAssertedAsTwoSteps() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        let messages = Locked<[String]>([])
        await withCapturedFailures {
            viewModel.isLoading = true
            viewModel.items = [1]
            await changes.next(timeout: 30) { $0.isLoading = true }
            await changes.next(timeout: .milliseconds(50)) { $0.items = [1] }
        } matching: { issue in
            messages.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return true
        }
        let recorded = messages.withLock { $0 }
        #expect(recorded.count == 2)
        #expect(recorded.first?.contains("items: expected [], got [1]") == true)
        let timeout = recorded.last ?? ""
        #expect(timeout.contains("ChangeRecorder.next(_:) timed out"))
        #expect(
            timeout.contains(
                "The view model sent nothing new: earlier steps had read the 1 change it made "
                    + "(state [1]), and none came after. Changes made with no suspension point "
                    + "between them make one state: a step before this one may have read this "
                    + "change together with its own."))
        #expect(!timeout.contains("sent no values"))
        changes.finish()
    }

    @Test("A recorder whose model is freed ends cleanly")
    @MainActor
    func freedModel() async {
        var viewModel: ListViewModel? = ListViewModel()
        let changes = viewModel!.recordChanges()
        viewModel?.isLoading = true
        await changes.next { $0.isLoading = true }
        viewModel = nil
        changes.finish()
    }

    @Test("A model changed from another thread: each state it rests in is recorded")
    func crossThread() async {
        let counter = PlainCounter()
        let changes = counter.recordChanges(exhaustive: false)
        await Task.detached { for value in 1...1_000 { counter.value = value } }.value
        #expect(await changes.next { $0.value = 1_000 })
        changes.finish()
    }
}

/// The recorder's failures, reported through XCTest at the step's line.
final class ChangeRecorderXCTests: FailureCapturingTestCase {
    @MainActor
    func testDifferingStepFailsAtItsLine() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        viewModel.isLoading = true
        let failures = await captureFailures {
            await changes.next(timeout: 30) { $0.isLoading = false }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, #line - 3)
        XCTAssertTrue(
            failures.first?.description.contains("isLoading: expected false, got true") == true)
        changes.finish()
    }

    @MainActor
    func testTimeoutAfterEarlierStepsSaysNothingNewCame() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        viewModel.isLoading = true
        viewModel.items = [1]
        let failures = await captureFailures {
            await changes.next(timeout: 30) { $0.isLoading = true }
            await changes.next(timeout: .milliseconds(50)) { $0.items = [1] }
        }
        XCTAssertEqual(failures.count, 2)
        let text = failures.last?.description ?? ""
        XCTAssertTrue(
            text.contains(
                "The view model sent nothing new: earlier steps had read the 1 change it made "
                    + "(state [1]), and none came after. Changes made with no suspension point "
                    + "between them make one state"),
            text)
        XCTAssertFalse(text.contains("sent no values"), text)
        changes.finish()
    }

    @MainActor
    func testPasteReadyStepsNameEnumCasesWithoutTheModule() async {
        let viewModel = PhaseViewModel()
        let changes = viewModel.recordChanges()
        viewModel.phase = .loading
        let failures = await captureFailures {
            changes.finish()
        }
        XCTAssertEqual(failures.count, 1)
        let text = failures.first?.description ?? ""
        XCTAssertTrue(text.contains("        $0.phase = .loading\n"), text)
        XCTAssertFalse(text.contains("= ObservationTestingTests."), text)
    }

    @MainActor
    func testWrongTypesFailTheStepNamingBoth() async {
        let viewModel = ProfileViewModel()
        let list = ListViewModel()
        let changes = viewModel.recordChanges()
        let listChanges = list.recordChanges()
        viewModel.count = 1
        list.isLoading = true
        var results: [Bool] = []
        let failures = await captureFailures {
            results.append(await changes.next { $0[name: "count"] = Int64(1) })
            results.append(await listChanges.next { $0[name: "isLoading"] = 1 })
        }
        XCTAssertEqual(results, [false, false])
        XCTAssertEqual(failures.count, 2)
        XCTAssertTrue(
            failures.first?.description.contains("count is an Int, assigned an Int64 (1)") == true)
        XCTAssertTrue(
            failures.last?.description.contains("isLoading is a Bool, assigned an Int (1)") == true)
        let passed = await changes.next { $0.count = 1 }
        let listPassed = await listChanges.next { $0.isLoading = true }
        XCTAssertTrue(passed && listPassed)
        changes.finish()
        listChanges.finish()
    }

    @MainActor
    func testForgettingFinishFailsNamingTheLastChange() async {
        let viewModel = ListViewModel()
        var line = 0
        let failures = await captureFailures {
            line = #line + 1
            let changes = viewModel.recordChanges()
            await viewModel.load()
            await changes.next { $0.isLoading = true }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.contains("[2] items: [1, 2, 3], isLoading: false") == true,
            failures.first?.description ?? "no failure")
    }

    @MainActor
    func testFinishWithUnassertedChanges() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        await viewModel.load()
        let failures = await captureFailures {
            changes.finish()
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("2 changes not asserted") == true)
        XCTAssertTrue(
            failures.first?.description.contains(
                "await changes.next {\n        $0.isLoading = true\n    }") == true)
    }

    @MainActor
    func testEveryChangeAsserted() async {
        let model = TrackedModel()
        let changes = model.recordChanges(\.isLoading, \.count, \.error)
        await model.load(failing: true)
        await changes.next(timeout: 30) { $0.isLoading = true }
        await changes.next(timeout: 30) {
            $0.isLoading = false
            $0.error = TestError(code: 7)
        }
        changes.finish()
    }
}
