import Observation
import ObservationTesting
import Testing

// The recorders article's sample of a recorder made before a wait, run 30 times: the file
// imports what the article's block may rely on, and no more.

/// A model with progress, as in the recorders article.
@MainActor @Observable
final class UploadProgressQueue {
    var progress = 0.0

    func start() {
        Task { progress = 1 }
    }
}

@Suite("Recorders after a wait: the article's sample", .untilTimeout(.seconds(30)))
struct RecordersAfterWaitSampleTests {
    @Test("A recorder of a property holds the value a wait on it returned with")
    @MainActor
    func progress() async {
        for _ in 0..<30 {
            let queue = UploadProgressQueue()
            let progress = record(queue, \.progress)
            queue.start()
            await until(queue, \.progress) { $0 == 1 }
            #expect(progress.values == [0, 1])
        }
    }
}
