import Observation
import ObservationTesting
import Publishing
import Testing
import XCTest

/// A loader that, wrongly, shows an error while still loading: for one state, between yields.
@MainActor
final class OverlappingLoader: ObservableObject {
    @Published var isLoading = false
    @Published var error: String?

    func load() async {
        isLoading = true
        await Task.yield()
        error = "offline"
        await Task.yield()
        isLoading = false
    }
}

/// `OverlappingLoader` as an `@Observable` model.
@MainActor @Observable
final class ObservableOverlappingLoader {
    var isLoading = false
    var error: String?

    func load() async {
        isLoading = true
        await Task.yield()
        error = "offline"
        await Task.yield()
        isLoading = false
    }
}

private struct InvariantError: Error {}

@Suite("Invariants over every recorded state", .untilTimeout(.seconds(30)))
struct InvariantTests {
    @Test("An invariant that holds in every state passes, asserted or not")
    @MainActor
    func holds() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges(exhaustive: false) {
            !($0.isLoading && $0.errorMessage != nil)
        }
        await viewModel.load(failing: true)
        await changes.next { $0.errorMessage = "offline" }
        changes.finish()
    }

    @Test("An ObservableObject's state that breaks the invariant fails where recording began")
    @MainActor
    func brokenByAnObservableObject() async {
        let viewModel = OverlappingLoader()
        let line = #line + 2
        await withCapturedFailures {
            let changes = viewModel.recordChanges(exhaustive: false) {
                !($0.isLoading && $0.error != nil)
            }
            await viewModel.load()
            await changes.next { $0.isLoading = false }
            changes.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains(
                "recordChanges(invariant:) failed: state [2] breaks the invariant:\n"
                    + "  isLoading: true, error: Optional(\"offline\")\n"
                    + "It came after state [1], changing error: Optional(\"offline\").")
                && issue.sourceLocation?.line == line
        }
    }

    @Test("An @Observable model's state that breaks the invariant fails, asserted or not")
    @MainActor
    func brokenByAnObservableModel() async {
        let model = ObservableOverlappingLoader()
        let line = #line + 2
        await withCapturedFailures {
            let changes = model.recordChanges(\.isLoading, \.error) {
                !($0.isLoading && $0.error != nil)
            }
            await model.load()
            await changes.next { $0.isLoading = true }
            await changes.next { $0.error = "offline" }
            await changes.next { $0.isLoading = false }
            changes.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "state [2] breaks the invariant:\n  isLoading: true, error: Optional(\"offline\")")
                && issue.sourceLocation?.line == line
        }
    }

    @Test("A state broken with no step after it fails when the recorder is released")
    @MainActor
    func brokenAndReleased() async {
        let viewModel = OverlappingLoader()
        withCapturedFailures {
            let changes = viewModel.recordChanges(exhaustive: false) { !$0.isLoading }
            viewModel.isLoading = true
            _ = changes
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "state [1] breaks the invariant:\n  isLoading: true, error: nil")
        }
    }

    @Test("The state recording began with is checked too")
    @MainActor
    func brokenFromTheStart() async {
        let viewModel = OverlappingLoader()
        viewModel.isLoading = true
        withCapturedFailures {
            let changes = viewModel.recordChanges { !$0.isLoading }
            changes.finish()
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("state [0] breaks the invariant")
                && text.contains("It is the state recording began with.")
        }
    }

    @Test("An invariant that throws fails naming the state and the error")
    @MainActor
    func throwing() async {
        let viewModel = OverlappingLoader()
        await withCapturedFailures {
            let changes = viewModel.recordChanges(exhaustive: false) { model in
                if model.error != nil { throw InvariantError() }
                return true
            }
            await viewModel.load()
            changes.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "state [2] makes the invariant throw InvariantError():\n"
                    + "  isLoading: true, error: Optional(\"offline\")")
        }
    }
}

final class InvariantXCTests: FailureCapturingTestCase {
    @MainActor
    func testBrokenInvariantFailsOnceWhereRecordingBegan() async {
        let model = ObservableOverlappingLoader()
        var line = 0
        let failures = await captureFailures {
            // Both named: only changes of the properties named make states, and the invariant
            // sees only states.
            line = #line + 1
            let changes = model.recordChanges(\.isLoading, \.error, exhaustive: false) {
                !$0.isLoading || $0.error == nil
            }
            await model.load()
            await changes.next(timeout: 30) { $0.isLoading = false }
            changes.finish()
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.contains("breaks the invariant") == true,
            failures.first?.description ?? "no failure")
    }

    @MainActor
    func testObservableObjectThatBreaksTheInvariant() async {
        let viewModel = OverlappingLoader()
        let failures = await captureFailures {
            let changes = viewModel.recordChanges(exhaustive: false) {
                !($0.isLoading && $0.error != nil)
            }
            await viewModel.load()
            changes.finish()
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains(
                "state [2] breaks the invariant:\n  isLoading: true, error: Optional(\"offline\")")
                == true,
            failures.first?.description ?? "no failure")
    }

    @MainActor
    func testInvariantThatHolds() async {
        let viewModel = ListViewModel()
        let failures = await captureFailures {
            let changes = viewModel.recordChanges {
                !($0.isLoading && $0.errorMessage != nil)
            }
            await viewModel.load(failing: true)
            await changes.next(timeout: 30) { $0.isLoading = true }
            await changes.next(timeout: 30) {
                $0.isLoading = false
                $0.errorMessage = "offline"
            }
            changes.finish()
        }
        XCTAssertEqual(failures.count, 0)
    }
}
