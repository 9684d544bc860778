import Observation

// The Deterministic tests article's models, with the imports a model of an app needs.

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
