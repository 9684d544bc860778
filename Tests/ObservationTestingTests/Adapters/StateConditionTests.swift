import Foundation
import Observation
import ObservationTesting
import Publishing
import Testing
import XCTest

/// An `ObservableObject` view model: several `@Published` properties changed together.
@MainActor
final class ListViewModel: ObservableObject {
    @Published var items: [Int] = []
    @Published var isLoading = false
    @Published var errorMessage: String?

    func load(_ loaded: [Int] = [1, 2, 3], failing: Bool = false) async {
        isLoading = true
        await Task.yield()
        if failing { errorMessage = "offline" } else { items = loaded }
        isLoading = false
    }
}

/// An `ObservableObject` that is not isolated to an actor.
final class PlainCounter: ObservableObject, @unchecked Sendable {
    // @unchecked: tests change it from one task at a time; `@Published` storage is locked.
    @Published var value = 0
}

/// A class whose state Observation cannot see.
@MainActor
final class UnobservedFlag {
    var isSet = false
}

@Suite("Conditions over observable state", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct StateConditionTests {
    @Test("until { } waits on a condition over an @Observable model's properties")
    @MainActor
    func closureOverObservableModel() async {
        let model = TrackedModel()
        let met = await until {
            model.count == 1 && !model.isLoading
        } perform: {
            await model.load()
        }
        #expect(met)
        #expect(model.count == 1)
    }

    @Test("until { } reads several models at once")
    @MainActor
    func closureOverSeveralModels() async {
        let first = TrackedModel()
        let second = TrackedModel()
        let met = await until {
            first.count == 1 && second.count == 1
        } perform: {
            await first.load()
            await second.load()
        }
        #expect(met)
    }

    @Test("A condition already met returns at once")
    @MainActor
    func alreadyMet() async {
        let model = TrackedModel()
        #expect(await until { model.count == 0 })
    }

    @Test("until(viewModel) { $0… } re-checks an ObservableObject after each change has landed")
    @MainActor
    func objectModel() async {
        let viewModel = ListViewModel()
        let met = await until(viewModel) {
            $0.items.count == 3 && !$0.isLoading
        } perform: {
            await viewModel.load()
        }
        #expect(met)
        #expect(viewModel.items == [1, 2, 3])
    }

    @Test("Ordered conditions over state are met in turn, each checked only once pending")
    @MainActor
    func orderedConditions() async {
        let viewModel = ListViewModel()
        var laterChecked = 0
        let met = await until(
            viewModel,
            satisfies: [
                { viewModel.isLoading },
                {
                    laterChecked += 1
                    return !viewModel.isLoading && viewModel.items.first == 1
                },
            ]
        ) {
            await viewModel.load()
        }
        #expect(met)
        #expect(laterChecked >= 1)
    }

    @Test("The next condition is checked on the state that met the one before")
    @MainActor
    func nextConditionOnSameState() async {
        let model = TrackedModel()
        let met = await until(
            satisfies: [{ model.count == 0 }, { !model.isLoading }], timeout: .seconds(30))
        #expect(met)
    }

    @Test("A condition that reads no observable state fails at once, saying why")
    @MainActor
    func readsNothing() async {
        let flag = UnobservedFlag()
        let start = ContinuousClock.now
        var met = true
        await withCapturedFailures {
            met = await until(timeout: .seconds(30)) { flag.isSet }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("condition 1 of 1 reads no observable state")
                && text.contains("until(viewModel)")
        }
        #expect(!met)
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    // The condition fails on the last state, so the message shows every check before it
    // however slowly a loaded machine runs the action.
    @Test("A failure shows how the watched view model changed, check by check")
    @MainActor
    func failureShowsChanges() async {
        let viewModel = ListViewModel()
        await withCapturedFailures {
            await until(viewModel) {
                if $0.items.count == 3 { throw TestError(code: 9) }
                return false
            } perform: {
                await viewModel.load()
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("[0] +")
                && text.contains("false (items: [], isLoading: false, errorMessage: nil)")
                && text.contains("false (isLoading: true)")
                && text.contains("TestError(code: 9) (items: [1, 2, 3], isLoading: false)")
        }
    }

    @Test("An @Observable model passed in shows how its properties changed")
    @MainActor
    func observableModelPassedIn() async {
        let model = TrackedModel()
        await withCapturedFailures {
            await until(model) {
                if $0.count == 1 { throw TestError(code: 9) }
                return false
            } perform: {
                await model.load()
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("false (count: 0, isLoading: false, error: nil)")
                && text.contains("false (isLoading: true)")
                && text.contains("TestError(code: 9) (count: 1, isLoading: false)")
        }
    }

    @Test("The check that met the last condition shows its state when the action then fails")
    @MainActor
    func metCheckKeepsItsStateWhileTheActionRuns() async {
        let viewModel = ListViewModel()
        await withCapturedFailures {
            await until(viewModel) {
                $0.items.count == 3
            } perform: {
                await viewModel.load()
                await Task.yield()  // the last change is read before this yield ends
                throw TestError(code: 6)
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("the action threw")
                && text.contains("true (items: [1, 2, 3], isLoading: false)")
        }
    }

    @Test("A condition that throws fails the wait with its error")
    @MainActor
    func conditionThrows() async {
        let model = TrackedModel()
        await withCapturedFailures {
            await until { () throws -> Bool in
                if model.count == 0 { throw TestError(code: 3) }
                return true
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("condition 1 of 1 threw") && text.contains("TestError(code: 3)")
        }
    }

    @Test("An action that throws fails the wait")
    @MainActor
    func actionThrows() async {
        let model = TrackedModel()
        await withCapturedFailures {
            await until {
                model.count == 5
            } perform: {
                throw TestError(code: 4)
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("the action threw") && text.contains("TestError(code: 4)")
        }
    }

    @Test("A non-isolated ObservableObject changed from another task")
    func nonisolatedObject() async {
        let counter = PlainCounter()
        let met = await until(counter) {
            $0.value == 100
        } perform: {
            await Task.detached { for value in 1...100 { counter.value = value } }.value
        }
        #expect(met)
    }

    @Test("An idle timeout fails when no change arrives")
    @MainActor
    func idle() async {
        let model = TrackedModel()
        await withCapturedFailures {
            await until(timeout: .seconds(30), idleTimeout: .milliseconds(100)) { model.count == 9 }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("no value arrived for 0.1 s")
        }
    }
}

/// The same failures, reported through XCTest.
final class StateConditionXCTests: FailureCapturingTestCase {
    @MainActor
    func testReadsNothingFailsAtTheCallSite() async {
        let flag = UnobservedFlag()
        var met = true
        let failures = await captureFailures {
            met = await until(timeout: 30) { flag.isSet }
        }
        XCTAssertFalse(met)
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, #line - 4)
        XCTAssertTrue(failures.first?.description.contains("reads no observable state") == true)
    }

    @MainActor
    func testTimeoutOnObjectModel() async {
        let viewModel = ListViewModel()
        let failures = await captureFailures {
            await until(viewModel, timeout: .milliseconds(200)) { $0.items.count == 1 }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("timed out") == true)
    }

    @MainActor
    func testObjectModelMet() async {
        let viewModel = ListViewModel()
        let met = await until(viewModel, timeout: 30) {
            $0.items == [1, 2, 3]
        } perform: {
            await viewModel.load()
        }
        XCTAssertTrue(met)
    }
}
