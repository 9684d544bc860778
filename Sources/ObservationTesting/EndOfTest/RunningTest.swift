import Publishing
import Testing
import XCTest

/// Which test a task runs in, as far as failure hints need to know: a Swift Testing test by its
/// ID, an XCTest test by its turn in the run.
///
/// Swift Testing marks its tests with the task-local `Test.current`, even under `--parallel`.
/// XCTest marks nothing, but runs one test at a time: an observer counts the tests that start
/// and end, so that a sleeper one test left behind is not counted as the next test's.
enum RunningTest: Hashable, Sendable {
    case swiftTesting(Test.ID)
    /// The XCTest test of that turn, or the gap between two tests.
    case xctest(turn: UInt64)

    /// The test the current task runs in.
    static var current: RunningTest {
        if let test = Test.current { return .swiftTesting(test.id) }
        watchXCTest()
        return .xctest(turn: turns.withLock { $0.turn })
    }

    private struct Turns {
        var turn: UInt64 = 0
        var isWatching = false
    }

    private static let turns = Locked(Turns())

    /// Starts counting XCTest's tests, once. XCTest calls its observers on the main thread,
    /// where it also adds them: the observer is added there, by the main actor (the test that
    /// asked is still running then, since XCTest serves the main queue while it waits for an
    /// async test).
    private static func watchXCTest() {
        let isWatching = turns.withLock { turns in
            defer { turns.isWatching = true }
            return turns.isWatching
        }
        guard !isWatching else { return }
        Task { @MainActor in
            XCTestObservationCenter.shared.addTestObserver(XCTestTurns())
        }
    }

    /// Moves on to the next turn: a test started or ended.
    static func nextXCTestTurn() {
        turns.withLock { $0.turn += 1 }
    }
}

/// Counts XCTest's tests as they start and end: see ``RunningTest``.
final class XCTestTurns: NSObject, XCTestObservation {
    nonisolated func testCaseWillStart(_ testCase: XCTestCase) {
        RunningTest.nextXCTestTurn()
    }

    nonisolated func testCaseDidFinish(_ testCase: XCTestCase) {
        RunningTest.nextXCTestTurn()
    }
}
