import Dispatch
import Observation
import Testing

@testable import ObservationTesting

/// A model assigned by the test and read by a recorder on another actor.
@Observable
// @unchecked: the test assigns `count` only while the recorder's actor is blocked, and the
// recorder reads it only after the test has released that actor (the semaphore orders the two).
final class PatienceCounter: @unchecked Sendable {
    var count = 0
}

/// An actor on a queue of its own, which the test blocks, holding a recorder of the model.
actor BlockableRecorderActor {
    let executor = QueueExecutor()
    private var recorder: Recorder<Int, Never>?

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    func record(_ model: PatienceCounter) {
        recorder = ObservationTesting.record(model, \.count)
    }
}

@Suite("A wait's recorders catch up within its patience", .timeLimit(.minutes(1)))
struct RecorderPatienceTests {
    @Test("A recorder whose actor is blocked does not keep a met wait from returning")
    func blockedRecorderActor() async {
        let model = PatienceCounter()
        let actor = BlockableRecorderActor()
        await actor.record(model)
        let gate = DispatchSemaphore(value: 0)
        actor.executor.block(until: gate)
        let start = ContinuousClock.now
        let values = await StateRecorders.$patience.withValue(.milliseconds(200)) {
            await until(model, \.count, satisfies: [{ $0 == 1 }], timeout: 30) {
                model.count = 1
            }
        }
        let waited = ContinuousClock.now - start
        gate.signal()
        // Without the bound, the wait never returns and the time limit fails the test.
        #expect(values == [1])
        #expect(waited < .seconds(10), "returned after \(waited), not after its patience")
    }
}
