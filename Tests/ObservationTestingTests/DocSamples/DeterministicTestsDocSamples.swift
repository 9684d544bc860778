import ObservationTesting
import Testing

// The samples of the Deterministic tests article and of the README's section of that name, as
// written there: `.ci/doc-samples` checks that every Swift block of theirs is held by a test
// file with no more imports than it shows, and these tests compile and run them. Each one's
// expectation fails without the scope: the work it checks has not run yet, or, for the clock,
// has run only once.

// MARK: - The README's samples

@Suite("Deterministic tests: the README's samples")
struct DeterministicTestsReadmeDocSamples {
    @MainActor @Test(.serialExecutor) func refreshLoadsItems() async {
        let model = FeedModel { ["a", "b", "c"] }
        model.refresh()  // starts a Task and returns
        await settle()  // that task has run to its end
        #expect(model.items == ["a", "b", "c"])
        #expect(!model.isLoading)
    }
}

// MARK: - The article's samples

@Suite(.serialExecutor)
@MainActor struct FeedModelTests {
    @Test func refreshLoadsItems() async {
        let model = FeedModel {
            await Task.yield()  // the network
            return ["a", "b", "c"]
        }
        model.refresh()
        #expect(model.isLoading)
        await settle()
        #expect(model.items == ["a", "b", "c"])
        #expect(!model.isLoading)
    }

    @Test func inboxCountsEachMessage() async {
        let (messages, send) = AsyncStream.makeStream(of: String.self)
        let inbox = Inbox(messages: messages)
        inbox.start()
        send.yield("hello")
        await settle()  // the message is counted; the task waits for the next
        #expect(inbox.unread == 1)
        send.yield("again")
        await settle()
        #expect(inbox.unread == 2)
        send.finish()
        await settle()
    }

    @Test func checksOnceASecond() async {
        let clock = TestClock()
        let poller = StatusPoller(clock: clock)
        poller.start()
        await settle()  // asleep on the clock
        await clock.advance(by: .seconds(3))  // each wake runs before time moves on
        #expect(poller.checks == 3)
        poller.stop()
        await settle()
    }

    @Test func runSettlesAfterEachDeadline() async {
        let clock = TestClock()
        let task = Task { try? await clock.sleep(for: .seconds(2)) }
        await clock.run { await settle() }
        await task.value
        #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
    }
}

@Suite("Deterministic tests: seeds")
struct StockSeedTests {
    @Test func stockIsNeverOversold() async {
        for seed: UInt64 in 1...50 {
            await withSerialExecutor(seed: seed) {
                let stock = Stock(count: 2)
                let reserved = await withTaskGroup(of: Bool.self) { group in
                    for _ in 0..<3 { group.addTask { await stock.reserve() } }
                    return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(reserved == 2)
                #expect(await stock.count == 0)
            }
        }
    }
}
