import ObservationTesting
import Testing

/// Nonisolated async functions run on the caller's actor under `NonisolatedNonsendingByDefault`
/// (SE-0461) and on the global executor without it: `nonisolated(nonsending)` and `@concurrent`
/// spell out each, so both are under test whichever way a user's target is set.
enum IsolationShapes {
    nonisolated(nonsending) static func onCallersActor(
        _ log: Interleavings.Log, _ name: String
    ) async {
        for step in 0..<3 {
            log.add("\(name) \(step)")
            await Task.yield()
        }
    }

    @concurrent static func onGlobalExecutor(_ log: Interleavings.Log, _ name: String) async {
        for step in 0..<3 {
            log.add("\(name) \(step)")
            await Task.yield()
        }
    }

    @MainActor static func mixed() async -> [String] {
        let log = Interleavings.Log()
        let first = Task { await onCallersActor(log, "nonsending") }
        let second = Task { await onGlobalExecutor(log, "concurrent") }
        await onCallersActor(log, "caller")
        await first.value
        await second.value
        return log.all
    }

    /// `Task.immediate` (SE-0472) starts on the caller, then suspends into the line.
    @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
    @MainActor static func immediate() async -> [String] {
        let log = Interleavings.Log()
        let tasks = (0..<3).map { index in
            Task.immediate {
                log.add("\(index) started")
                await onGlobalExecutor(log, "\(index)")
            }
        }
        for task in tasks { await task.value }
        return log.all
    }
}

@Suite("Serial executor: isolation settings")
struct SerialExecutorIsolationTests {
    @Test("nonisolated(nonsending) and @concurrent functions keep one order")
    @MainActor func nonsendingAndConcurrent() async {
        var seen = Set<[String]>()
        for _ in 0..<100 {
            seen.insert(await withSerialExecutor { await IsolationShapes.mixed() })
        }
        #expect(seen.count == 1)
    }

    @Test("Task.immediate keeps one order")
    @MainActor func immediate() async throws {
        guard #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) else {
            return
        }
        var seen = Set<[String]>()
        for _ in 0..<100 {
            seen.insert(await withSerialExecutor { await IsolationShapes.immediate() })
        }
        #expect(seen.count == 1)
        #expect(seen.first?.prefix(3) == ["0 started", "1 started", "2 started"])
    }
}
