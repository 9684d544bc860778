import ObservationTesting
import Publishing

/// What the serial-executor tests run and compare: code shaped as a view model's, each returning
/// the order in which its steps happened.
enum Interleavings {
    /// A log many tasks write to, with its own lock, so that only the order is under test. The
    /// package's pthread lock, not `Synchronization.Mutex`: ThreadSanitizer does not see the
    /// latter's futex on Linux, and reports its accesses as races.
    final class Log: Sendable {
        private let entries = Locked<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    actor Ledger {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
    }

    /// Four tasks of a group, each logging and yielding four times.
    static func yieldingTasks() async -> [String] {
        let log = Log()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for step in 0..<4 {
                        log.add("\(task).\(step)")
                        await Task.yield()
                    }
                }
            }
        }
        return log.all
    }

    /// Four unstructured tasks, each hopping onto one actor four times.
    static func tasksOntoOneActor() async -> [String] {
        let ledger = Ledger()
        var tasks: [Task<Void, Never>] = []
        for task in 0..<4 {
            tasks.append(
                Task {
                    for step in 0..<4 { await ledger.add("\(task).\(step)") }
                })
        }
        for task in tasks { await task.value }
        return await ledger.entries
    }

    /// An actor fed by a task group.
    static func actorFedByGroup() async -> [String] {
        let ledger = Ledger()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<6 {
                group.addTask { await ledger.add("\(task)") }
            }
        }
        return await ledger.entries
    }

    /// Four tasks that hop onto one actor and yield between hops.
    static func actorHopsAndYields() async -> [String] {
        let ledger = Ledger()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for step in 0..<4 {
                        await ledger.add("\(task).\(step)")
                        await Task.yield()
                    }
                }
            }
        }
        return await ledger.entries
    }

    /// How many different orders `pattern` gives in `runs` runs, each in a fresh scope when
    /// `serial`.
    static func orders(
        runs: Int, serial: Bool, seed: UInt64? = nil, _ pattern: () async -> [String]
    ) async -> Int {
        var seen = Set<[String]>()
        for _ in 0..<runs {
            if serial {
                seen.insert(await withSerialExecutor(seed: seed) { await pattern() })
            } else {
                seen.insert(await pattern())
            }
        }
        return seen.count
    }
}

/// Three uploads, each in four steps of 250 ms on a clock, with a main-actor progress update
/// between steps: chained deadlines, each registered only after the one before has woken.
@MainActor
final class UploadQueue {
    private(set) var progress: [Int: Int] = [:]
    private let clock: TestClock

    init(clock: TestClock) {
        self.clock = clock
    }

    func uploadAll() async {
        await withTaskGroup(of: Void.self) { group in
            for upload in 0..<3 {
                group.addTask { await self.upload(upload) }
            }
        }
    }

    nonisolated private func upload(_ upload: Int) async {
        for step in 1...4 {
            try? await clock.sleep(for: .milliseconds(250) * (upload + 1))
            await record(upload, step: step)
        }
    }

    private func record(_ upload: Int, step: Int) {
        progress[upload] = step
    }
}
