// The upload queue: work started and not returned, a task group, and a retry on a clock, each
// test in a serial-executor scope so that `settle()` knows when the work has run.
import Examples
import ObservationTesting
import Testing
import XCTest

@Suite("UploadQueue", .serialExecutor, .endOfTestChecks)
@MainActor
struct UploadQueueTests {
    @Test("Every chunk of every file is sent, each file's in order")
    func uploadsEverything() async {
        let uploader = MockUploader()
        let queue = UploadQueue(uploader: uploader, clock: TestClock())
        queue.start(["a.png", "b.png"])
        #expect(queue.statuses == ["a.png": .waiting, "b.png": .waiting])
        await settle()
        #expect(queue.statuses == ["a.png": .done, "b.png": .done])
        let sent = await uploader.sent
        #expect(sent.filter { $0.hasPrefix("a.png") } == ["a.png#1", "a.png#2", "a.png#3"])
        #expect(sent.filter { $0.hasPrefix("b.png") } == ["b.png#1", "b.png#2", "b.png#3"])
    }

    @Test("A failed chunk waits for the retry delay, then is sent again")
    func retriesAfterTheDelay() async {
        let clock = TestClock()
        let uploader = MockUploader(failing: ["b.png": 1])
        let queue = UploadQueue(uploader: uploader, clock: clock)
        queue.start(["a.png", "b.png"])
        await settle()
        #expect(queue.statuses == ["a.png": .done, "b.png": .uploading(chunk: 1)])
        await clock.advance(by: .milliseconds(999))
        #expect(queue.statuses["b.png"] == .uploading(chunk: 1))
        await clock.advance(by: .milliseconds(1))
        #expect(queue.statuses["b.png"] == .done)
    }

    @Test("A chunk that fails twice fails its file, and only its file")
    func failsAfterTheRetry() async {
        let clock = TestClock()
        let uploader = MockUploader(failing: ["b.png": 2])
        let queue = UploadQueue(uploader: uploader, clock: clock)
        queue.start(["a.png", "b.png"])
        await clock.run { await settle() }
        #expect(queue.statuses == ["a.png": .done, "b.png": .failed])
        #expect(clock.now.offset == .seconds(1))
    }

    @Test("Retries one after another end at exactly the sum of their delays")
    func chainedRetries() async {
        let clock = TestClock()
        // Every chunk of c.png fails once: three retries, one after another.
        let uploader = MockUploader(failing: ["c.png": 1])
        let queue = UploadQueue(uploader: uploader, clock: clock)
        queue.start(["c.png"])
        await settle()
        await clock.advance(by: .seconds(1))
        #expect(queue.statuses["c.png"] == .done)
        #expect(clock.now.offset == .seconds(1))
    }

    @Test("Cancelling stops the uploads waiting for a retry")
    func cancelStops() async {
        let clock = TestClock()
        let uploader = MockUploader(failing: ["a.png": 1])
        let queue = UploadQueue(uploader: uploader, clock: clock)
        queue.start(["a.png"])
        await settle()
        queue.cancel()
        await settle()
        #expect(queue.statuses["a.png"] == .uploading(chunk: 1))
        #expect(clock.sleeperCount == 0)
        #expect(await uploader.sent.isEmpty)
    }

    @Test("Every seed's order sends every chunk", arguments: UInt64(1)...20)
    func everySeed(seed: UInt64) async {
        await withSerialExecutor(seed: seed) {
            let uploader = MockUploader(failing: ["b.png": 1])
            let clock = TestClock()
            let queue = UploadQueue(uploader: uploader, clock: clock)
            queue.start(["a.png", "b.png", "c.png"])
            await clock.run { await settle() }
            #expect(queue.statuses.values.allSatisfy { $0 == .done })
            #expect(await uploader.sent.count == 9)
        }
    }
}

/// The same queue under XCTest, with the queue made fresh in the test, on the main actor.
final class UploadQueueXCTests: XCTestCase {
    @MainActor
    func testEveryFileUploads() async {
        await withSerialExecutor {
            let uploader = MockUploader()
            let queue = UploadQueue(uploader: uploader, clock: TestClock())
            queue.start(["a.png", "b.png"])
            await settle()
            XCTAssertEqual(queue.statuses, ["a.png": .done, "b.png": .done])
        }
    }
}
