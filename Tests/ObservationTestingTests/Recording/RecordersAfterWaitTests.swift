import Foundation
import Observation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

/// A model on no actor of its own: each test keeps it on the test's actor.
@Observable
final class AfterWaitCounter {
    var count = 0
}

/// The same model as an `ObservableObject`.
final class AfterWaitViewModel: ObservableObject {
    @Published var count = 0
}

/// An `ObservableObject` assigned from another thread.
// @unchecked: `@Published` storage is safe to assign and read from any thread, and the class has
// no other state.
final class AfterWaitSharedViewModel: ObservableObject, @unchecked Sendable {
    @Published var count = 0
}

/// How many of `runs` fresh models had, right after a wait returned, every state the wait saw in
/// each of their recorders and change recorders.
struct RecordersAfterWaitTally {
    var runs = 0
    var current = 0
    /// What the recorders held in the runs that were behind.
    var behind: [RecordedAfterWait] = []
    var description: String {
        "\(current) of \(runs) current; behind: "
            + behind.map { "values \($0.values), states \($0.states)" }.joined(separator: "; ")
    }
}

/// What a recorder and a change recorder of one model held when a wait returned.
struct RecordedAfterWait {
    var values: [Int]
    /// The `count` of each state the change recorder recorded, read or not.
    var states: [Int]

    /// Whether each holds the states the wait saw: the start, then 1.
    var isCurrent: Bool { values == [0, 1] && states == [0, 1] }
}

extension ChangeRecorder {
    /// The `count` of each state recorded, read or not.
    var recordedCounts: [Int] {
        storage.state.withLock { state in
            state.values.compactMap { snapshot in
                snapshot.properties.first { $0.name == "count" }?.value as? Int
            }
        }
    }
}

/// One run with a fresh `@Observable` model on the caller's actor, changed by the wait's action.
func observableRun(isolation: isolated (any Actor)? = #isolation) async -> RecordedAfterWait {
    let model = AfterWaitCounter()
    let recorder = record(model, \.count)
    let changes = model.recordChanges(\.count, exhaustive: false)
    await until(model, \.count, satisfies: [{ $0 == 1 }]) {
        // Capturing the caller's actor runs the action on it, as a test's action on its own
        // actor's model does.
        _ = isolation
        model.count = 1
    }
    let seen = RecordedAfterWait(values: recorder.values, states: changes.recordedCounts)
    changes.finish()
    return seen
}

/// One run with a fresh `ObservableObject` on the caller's actor, waited on through `$count`.
func observableObjectRun(isolation: isolated (any Actor)? = #isolation) async -> RecordedAfterWait {
    let model = AfterWaitViewModel()
    let recorder = model.$count.record()
    let changes = model.recordChanges(exhaustive: false)
    await until(model.$count, satisfies: [{ $0 == 1 }]) {
        _ = isolation
        model.count = 1
    }
    let seen = RecordedAfterWait(values: recorder.values, states: changes.recordedCounts)
    changes.finish()
    return seen
}

/// One run whose values are assigned on another thread while the wait is on the caller's actor.
func otherThreadRun(isolation: isolated (any Actor)? = #isolation) async -> RecordedAfterWait {
    let model = AfterWaitSharedViewModel()
    let recorder = model.$count.record()
    let changes = model.recordChanges(exhaustive: false)
    await until(model.$count, satisfies: [{ $0 == 1 }]) {
        await Task.detached { model.count = 1 }.value
    }
    let seen = RecordedAfterWait(values: recorder.values, states: changes.recordedCounts)
    changes.finish()
    return seen
}

/// One run whose wait is a change recorder's step, with another recorder of the model made
/// after it: the step's state is read first, and the test must not resume before the other
/// recorder has read it too.
func changeStepRun(isolation: isolated (any Actor)? = #isolation) async -> RecordedAfterWait {
    let model = AfterWaitCounter()
    let changes = model.recordChanges(\.count)
    let recorder = record(model, \.count)
    model.count = 1
    await changes.next { $0.count = 1 }
    let seen = RecordedAfterWait(values: recorder.values, states: changes.recordedCounts)
    changes.finish()
    return seen
}

/// Runs `kind` on 30 fresh models, on the caller's actor.
func tally(
    _ kind: RecordersAfterWaitKind, isolation: isolated (any Actor)? = #isolation
) async -> RecordersAfterWaitTally {
    var tally = RecordersAfterWaitTally()
    for _ in 0..<30 {
        tally.runs += 1
        let seen = await kind.run()
        if seen.isCurrent { tally.current += 1 } else { tally.behind.append(seen) }
    }
    return tally
}

/// An actor other than the main one, for the runs off it.
actor RecordingTestActor {
    func tally(_ kind: RecordersAfterWaitKind) async -> RecordersAfterWaitTally {
        await ObservationTestingTests.tally(kind)
    }
}

enum RecordersAfterWaitKind: Sendable {
    case observable, observableObject, otherThread, changeStep

    func run(isolation: isolated (any Actor)? = #isolation) async -> RecordedAfterWait {
        switch self {
        case .observable: await observableRun()
        case .observableObject: await observableObjectRun()
        case .otherThread: await otherThreadRun()
        case .changeStep: await changeStepRun()
        }
    }
}

@Suite("Recorders after a wait", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct RecordersAfterWaitTests {
    @Test("On the main actor, an @Observable model's recorders hold what the wait saw")
    @MainActor
    func observableOnMainActor() async {
        let result = await tally(.observable)
        #expect(result.current == 30, "\(result.description)")
    }

    @Test("On another actor, an @Observable model's recorders hold what the wait saw")
    func observableOnAnotherActor() async {
        let result = await RecordingTestActor().tally(.observable)
        #expect(result.current == 30, "\(result.description)")
    }

    // No test of an `@Observable` model on no actor: its recorders read it on threads of their
    // own while the test's action assigns it, a data race of the test's making (ThreadSanitizer
    // reports it). Off the main actor, the model lives on another actor, as above.

    @Test("On the main actor, an ObservableObject's recorders hold what the wait saw")
    @MainActor
    func observableObjectOnMainActor() async {
        let result = await tally(.observableObject)
        #expect(result.current == 30, "\(result.description)")
    }

    @Test("On another actor, an ObservableObject's recorders hold what the wait saw")
    func observableObjectOnAnotherActor() async {
        let result = await RecordingTestActor().tally(.observableObject)
        #expect(result.current == 30, "\(result.description)")
    }

    @Test("On no actor, an ObservableObject's recorders hold what the wait saw")
    func observableObjectNonisolated() async {
        let result = await tally(.observableObject)
        #expect(result.current == 30, "\(result.description)")
    }

    @Test(
        "Assigned on another thread, a @Published property's recorders hold what the main-actor wait saw"
    )
    @MainActor
    func otherThreadOnMainActor() async {
        let result = await tally(.otherThread)
        #expect(result.current == 30, "\(result.description)")
    }

    @Test(
        "Assigned on another thread, a @Published property's recorders hold what a wait on another actor saw"
    )
    func otherThreadOnAnotherActor() async {
        let result = await RecordingTestActor().tally(.otherThread)
        #expect(result.current == 30, "\(result.description)")
    }

    @Test("On the main actor, a step returns once the model's other recorders hold its state")
    @MainActor
    func changeStepOnMainActor() async {
        let result = await tally(.changeStep)
        #expect(result.current == 30, "\(result.description)")
    }

    @Test("On another actor, a step returns once the model's other recorders hold its state")
    func changeStepOnAnotherActor() async {
        let result = await RecordingTestActor().tally(.changeStep)
        #expect(result.current == 30, "\(result.description)")
    }
}

final class RecordersAfterWaitXCTests: XCTestCase {
    @MainActor
    func testObservableRecordersHoldWhatTheWaitSawOnTheMainActor() async {
        let result = await tally(.observable)
        XCTAssertEqual(result.current, 30, result.description)
    }

    @MainActor
    func testObservableObjectRecordersHoldWhatTheWaitSawOnTheMainActor() async {
        let result = await tally(.observableObject)
        XCTAssertEqual(result.current, 30, result.description)
    }

    func testObservableRecordersHoldWhatTheWaitSawOnAnotherActor() async {
        let result = await RecordingTestActor().tally(.observable)
        XCTAssertEqual(result.current, 30, result.description)
    }

    func testObservableObjectRecordersHoldWhatTheWaitSawOnAnotherActor() async {
        let result = await RecordingTestActor().tally(.observableObject)
        XCTAssertEqual(result.current, 30, result.description)
    }
}
