import Foundation
import Observation
import ObservationTesting
import Publishing
import Testing
import XCTest

// The samples of the Deterministic tests article and of the README's section of that name, as
// written there: `.ci/doc-samples` checks that every line of their Swift blocks appears in a
// test, and these tests compile and run them. Each one's expectation fails without the scope:
// the work it checks has not run yet, or, for the clock, has run only once.

// MARK: - Fixtures

/// A feed whose `refresh()` starts a task and returns: the articles' running example.
@MainActor @Observable
final class FeedModel {
    private(set) var items: [String] = []
    private(set) var isLoading = false
    private let load: @Sendable () async -> [String]

    init(load: @escaping @Sendable () async -> [String]) {
        self.load = load
    }

    func refresh() {
        isLoading = true
        Task {
            items = await load()
            isLoading = false
        }
    }
}

/// Counts the messages a stream brings, in a task it starts.
@MainActor @Observable
final class Inbox {
    private(set) var unread = 0
    private let messages: AsyncStream<String>

    init(messages: AsyncStream<String>) {
        self.messages = messages
    }

    func start() {
        Task {
            for await _ in messages { unread += 1 }
        }
    }
}

/// Checks a status once a second on its clock, until stopped: a chain of sleeps, each
/// registered only after the one before has woken.
@MainActor @Observable
final class StatusPoller {
    private(set) var checks = 0
    private let clock: any Clock<Duration>
    @ObservationIgnored private var polling: Task<Void, Never>?

    init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    func start() {
        polling = Task {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                checks += 1
            }
        }
    }

    func stop() {
        polling?.cancel()
    }
}

/// Debounces its query on a scheduler, then searches in a task the debounce starts.
@MainActor
final class LookupModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    private var subscription: AnyCancellable?

    init(
        scheduler: AnySchedulerOf<DispatchQueue>,
        search: @escaping @Sendable (String) async -> [String]
    ) {
        subscription = $query.dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { [weak self] query in
                Task { self?.results = await search(query) }
            }
    }
}

/// Stock that a reservation takes before it awaits the payment, so that no order of
/// reservations oversells it.
actor Stock {
    private(set) var count: Int

    init(count: Int) {
        self.count = count
    }

    func reserve() async -> Bool {
        guard count > 0 else { return false }
        count -= 1
        await Task.yield()  // the payment
        return true
    }
}

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

    @Test func searchesOnceTypingPauses() async {
        let scheduler = DispatchQueue.test
        let model = LookupModel(scheduler: scheduler.eraseToAnyScheduler()) { ["\($0)!"] }
        model.query = "swift"
        scheduler.advance(by: .milliseconds(300))  // the debounce fires and starts a task
        await settle()  // which has now run
        #expect(model.results == ["swift!"])
        model.query = "swiftui"
        await scheduler.clock.advance(by: .milliseconds(300))  // settles after each deadline
        #expect(model.results == ["swiftui!"])
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

/// The article's XCTest sample, where there is no trait.
final class FeedModelXCTests: XCTestCase {
    @MainActor func testRefreshLoadsItems() async {
        await withSerialExecutor {
            let model = FeedModel { ["a", "b", "c"] }
            model.refresh()
            await settle()
            XCTAssertEqual(model.items, ["a", "b", "c"])
        }
    }
}
