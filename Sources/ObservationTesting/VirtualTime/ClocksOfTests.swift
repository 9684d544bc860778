import Publishing

/// The test clocks alive in the process, with the tests each belongs to and the advances those
/// tests made, so that a wait that times out can name the virtual time due in its test.
///
/// A clock is a test's when it was made in the test (a local, a Swift Testing suite's property),
/// when the test advanced it (an `XCTestCase`'s stored scheduler, made before its test began), or
/// when one of its sleepers is the test's (a shared clock). Clocks of the tests running beside it
/// under `--parallel` are none of these, so a hint never names them. Clocks are held weakly.
enum ClocksOfTests {
    /// An advance a test made, kept for the order a failure message tells.
    struct Advance: Sendable {
        let test: RunningTest
        /// When it began, in real time: the message places it among the wait's values.
        let began: ContinuousClock.Instant
        let from: TestClock.Instant
        let to: TestClock.Instant
        let site: CallSite?
    }

    private struct Entry {
        weak var clock: TestClock?
        /// When it was first noted, counted: a message lists clocks in that order.
        var order: UInt64
        var tests: Set<RunningTest>
        /// The last few, oldest first.
        var advances: [Advance] = []
    }

    private struct Registry {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// How many entries there may be before released clocks are swept out.
        var sweepAt = 64
        var noted: UInt64 = 0
    }

    private static let registry = Locked(Registry())

    /// Advances kept per clock: a message tells the last ones before the wait failed.
    static var advancesKept: Int { 5 }

    /// Notes that `clock` was made, or put to use as a scheduler's, in the running test.
    static func noteMade(_ clock: TestClock) {
        let test = RunningTest.current
        update(clock) { $0.tests.insert(test) }
    }

    /// Notes that the running test is moving `clock` from its time to `target`.
    static func noteAdvance(_ clock: TestClock, to target: TestClock.Instant, at site: CallSite?) {
        let advance = Advance(
            test: RunningTest.current, began: .now, from: clock.now, to: target, site: site)
        update(clock) { entry in
            entry.tests.insert(advance.test)
            entry.advances.append(advance)
            if entry.advances.count > advancesKept { entry.advances.removeFirst() }
        }
    }

    private static func update(_ clock: TestClock, _ change: (inout Entry) -> Void) {
        let key = ObjectIdentifier(clock)
        registry.withLock { registry in
            // A released clock's identifier can come back for a new one: its entry starts over.
            var entry = registry.entries[key]
            if entry?.clock !== clock {
                entry = Entry(clock: clock, order: registry.noted, tests: [])
                registry.noted += 1
            }
            change(&entry!)
            registry.entries[key] = entry
            if registry.entries.count >= registry.sweepAt {
                registry.entries = registry.entries.filter { $0.value.clock != nil }
                registry.sweepAt = max(64, registry.entries.count * 2)
            }
        }
    }

    /// The clocks of `test` alive now, each with the advances `test` made of it.
    static func clocks(of test: RunningTest) -> [(clock: TestClock, advances: [Advance])] {
        let live = registry.withLock { registry in
            registry.entries.values.sorted { $0.order < $1.order }.compactMap { entry in
                entry.clock.map { (clock: $0, entry: entry) }
            }
        }
        // Read outside the registry's lock: a clock's own lock is never taken inside it.
        return live.compactMap { clock, entry in
            guard entry.tests.contains(test) || clock.hasSleeper(of: test) else { return nil }
            return (clock, entry.advances.filter { $0.test == test })
        }
    }
}

extension TestClock {
    /// Whether a task of `test` is asleep on the clock.
    func hasSleeper(of test: RunningTest) -> Bool {
        state.withLock { $0.sleepers.contains { $0.test == test } }
    }
}

extension TestClock {
    /// The latest deadline of a scheduled action, if any: where `run()` heads first.
    var lastScheduledDeadline: Instant? {
        state.withLock { $0.scheduled.last?.deadline }
    }
}
