import Foundation
import ObservationTesting
import Publishing
import Testing

@testable import ObservationTesting

@Suite("Serial executor: one order every run")
struct SerialExecutorOrderTests {
    @Test("Four yielding tasks give one order in 200 runs")
    func yieldingTasks() async {
        #expect(
            await Interleavings.orders(runs: 200, serial: true, Interleavings.yieldingTasks) == 1)
    }

    @Test("Four tasks hopping onto one actor give one order in 200 runs")
    func tasksOntoOneActor() async {
        let orders = await Interleavings.orders(
            runs: 200, serial: true, Interleavings.tasksOntoOneActor)
        #expect(orders == 1)
    }

    @Test("An actor fed by a task group records one order in 200 runs")
    func actorFedByGroup() async {
        let orders = await Interleavings.orders(
            runs: 200, serial: true, Interleavings.actorFedByGroup)
        #expect(orders == 1)
    }

    @Test("Tasks that hop onto an actor and yield give one order in 200 runs")
    func actorHopsAndYields() async {
        let orders = await Interleavings.orders(
            runs: 200, serial: true, Interleavings.actorHopsAndYields)
        #expect(orders == 1)
    }

    @Test("A main-actor test's detached task, nonisolated work and async let keep one order")
    @MainActor func mixedShapes() async {
        let pattern: @MainActor () async -> [String] = {
            let log = Interleavings.Log()
            let detached = Task.detached {
                for step in 0..<3 {
                    log.add("detached \(step)")
                    await Task.yield()
                }
            }
            async let child: Void = {
                for step in 0..<3 {
                    log.add("child \(step)")
                    await Task.yield()
                }
            }()
            for step in 0..<3 {
                log.add("main \(step)")
                await Task.yield()
            }
            await child
            await detached.value
            return log.all
        }
        var seen = Set<[String]>()
        for _ in 0..<100 {
            seen.insert(await withSerialExecutor { await pattern() })
        }
        #expect(seen.count == 1)
    }
}

@Suite("Serial executor: settle()")
struct SettleTests {
    @Test("A fire-and-forget refresh has finished after settle(), 100 of 100 runs")
    @MainActor func fireAndForget() async {
        var finished = 0
        for _ in 0..<100 {
            await withSerialExecutor {
                let feed = FeedModel(load: {
                    await Task.yield()
                    return ["a", "b", "c"]
                })
                feed.refresh()
                await settle()
                if feed.items == ["a", "b", "c"], !feed.isLoading { finished += 1 }
            }
        }
        #expect(finished == 100)
    }

    @Test("settle() returns while a task waits on a stream, and again after each value")
    func stream() async {
        await withSerialExecutor {
            let (values, continuation) = AsyncStream.makeStream(of: Int.self)
            let log = Interleavings.Log()
            let consumer = Task {
                for await value in values {
                    await Task.yield()
                    log.add("\(value)")
                }
                log.add("end")
            }
            await settle()
            #expect(log.all == [])
            for value in 1...3 {
                continuation.yield(value)
                await settle()
                #expect(log.all == (1...value).map(String.init))
            }
            continuation.finish()
            await settle()
            #expect(log.all == ["1", "2", "3", "end"])
            await consumer.value
        }
    }

    @Test("settle() outside a scope fails, saying how to get one")
    func outsideScope() async {
        let failures = await capturedFailures { await settle() }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("@Test(.serialExecutor)") == true)
    }

    @Test("Work a loop keeps runnable forever makes settle() fail, not hang")
    func endlessWork() async {
        let failures = await capturedFailures {
            await withSerialExecutor {
                let loop = Task {
                    while !Task.isCancelled { await Task.yield() }
                }
                await settle()
                loop.cancel()
                await loop.value
            }
        }
        #expect(failures.map(\.message).contains { $0.contains("settle() gave up") })
    }

    @Test("The trait runs the test in a scope", .serialExecutor)
    @MainActor func trait() async {
        let feed = FeedModel(load: { ["x"] })
        feed.refresh()
        await settle()
        #expect(feed.items == ["x"])
    }
}

@Suite("Serial executor: virtual time")
struct SerialExecutorClockTests {
    @Test("advance(by:) runs the work it wakes to its next suspension")
    func advanceRunsWoken() async {
        await withSerialExecutor {
            let clock = TestClock()
            let log = Interleavings.Log()
            let task = Task {
                try? await clock.sleep(for: .seconds(1))
                log.add("woke")
                await Task.yield()
                log.add("after a yield")
                try? await clock.sleep(for: .seconds(1))
                log.add("woke again")
            }
            await settle()
            await clock.advance(by: .seconds(1))
            #expect(log.all == ["woke", "after a yield"])
            #expect(clock.sleeperCount == 1)
            await clock.advance(by: .seconds(1))
            #expect(log.all == ["woke", "after a yield", "woke again"])
            await task.value
        }
    }

    @Test("run { } ends chained uploads at exactly +3.0 s, 20 of 20 runs")
    @MainActor func chainedUploads() async {
        var ends: [Duration] = []
        for _ in 0..<20 {
            await withSerialExecutor {
                let clock = TestClock()
                let queue = UploadQueue(clock: clock)
                await clock.run { await queue.uploadAll() }
                #expect(queue.progress == [0: 4, 1: 4, 2: 4])
                ends.append(clock.now.offset)
            }
        }
        #expect(ends == Array(repeating: .seconds(3), count: 20))
    }
}

@Suite("Serial executor: seeds")
struct SerialExecutorSeedTests {
    @Test("A seed replays its order")
    func replays() async {
        let orders = await Interleavings.orders(
            runs: 30, serial: true, seed: 42, Interleavings.actorHopsAndYields)
        #expect(orders == 1)
    }

    @Test("20 seeds give more than one order")
    func seedsDiffer() async {
        var seen = Set<[String]>()
        for seed in UInt64(1)...20 {
            seen.insert(
                await withSerialExecutor(seed: seed) { await Interleavings.yieldingTasks() })
        }
        #expect(seen.count > 1)
    }

    @Test("A failure inside a seeded scope names the seed")
    func failureNamesSeed() async {
        let failures = await capturedFailures {
            await withSerialExecutor(seed: 7) {
                _ = await until(Just(1), satisfies: [{ $0 == 2 }], timeout: 0.2)
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("OBSERVATION_TESTING_SEED=7") == true)
    }

    @Test("OBSERVATION_TESTING_SEED replays a seed in every scope, or draws one for each")
    func environment() {
        #expect(SerialScope.seed(requested: nil, environment: [:]) == nil)
        #expect(SerialScope.seed(requested: 3, environment: [:]) == 3)
        let replay = ["OBSERVATION_TESTING_SEED": "42"]
        #expect(SerialScope.seed(requested: nil, environment: replay) == 42)
        #expect(SerialScope.seed(requested: 3, environment: replay) == 42)
        let random = ["OBSERVATION_TESTING_SEED": "random"]
        let drawn = (0..<5).compactMap { _ in SerialScope.seed(requested: nil, environment: random)
        }
        #expect(drawn.count == 5)
        #expect(Set(drawn).count > 1)
    }

    @Test("The seeded order is SplitMix64's, the same on every platform")
    func seededOrder() {
        var order = SeededOrder(seed: 1)
        #expect((0..<6).map { _ in order.next(below: 10) } == [5, 9, 0, 5, 1, 8])
    }
}

@Suite("Serial executor: nothing left behind")
struct LeftBehindTests {
    @Test("Work still able to run when the scope ends fails the test")
    func leftRunnable() async {
        let failures = await capturedFailures {
            await withSerialExecutor {
                _ = Task {
                    await Task.yield()
                }
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("still able to run") == true)
    }

    @Test("A scope whose work was awaited ends quietly")
    func awaited() async {
        let failures = await capturedFailures {
            await withSerialExecutor {
                let task = Task { await Task.yield() }
                await task.value
            }
        }
        #expect(failures.isEmpty)
    }
}

@Suite("Serial executor: beside parallel tests")
struct ParallelScopeTests {
    @Test("Scopes in tests that run at once each keep one order", arguments: 0..<8)
    func parallelScopes(index: Int) async {
        let orders = await Interleavings.orders(
            runs: 50, serial: true, Interleavings.actorHopsAndYields)
        #expect(orders == 1, "scope \(index)")
    }

    @Test("Ordinary tests beside them still run on the global executor", arguments: 0..<8)
    func ordinaryBeside(index: Int) async {
        let log = Interleavings.Log()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask { log.add("\(index).\(task)") }
            }
        }
        #expect(log.all.count == 4)
        #expect(SerialScope.current == nil)
    }
}

@Suite("Serial executor: failure messages")
struct SerialExecutorMessageTests {
    @Test("A wait that fails while nothing can run says so, and suggests no longer timeout")
    func nothingCanRun() async {
        let failures = await capturedFailures {
            await withSerialExecutor {
                let subject = CurrentValueSubject<Int, Never>(0)
                _ = await until(subject, satisfies: [{ $0 == 1 }], timeout: 0.2)
            }
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.contains("Nothing this test started can run"))
        #expect(message.contains("none is asleep on a TestClock"))
        #expect(!message.contains("raise the timeout"))
    }

    @Test("When a task sleeps on a clock nobody advances, the message names the clock")
    func asleepOnClock() async {
        let failures = await capturedFailures {
            await withSerialExecutor {
                let clock = TestClock()
                let subject = CurrentValueSubject<Int, Never>(0)
                let task = Task {
                    try? await clock.sleep(for: .seconds(1))
                    subject.send(1)
                }
                _ = await until(subject, satisfies: [{ $0 == 1 }], timeout: 0.2)
                task.cancel()
                await task.value
            }
        }
        #expect(failures.count == 1)
        let message = failures.first?.message ?? ""
        #expect(message.contains("Nothing this test started can run"))
        #expect(message.contains("1 task of this test is asleep on a TestClock"))
    }

    @Test("Outside a scope, the advice is as before")
    func outsideScope() async {
        let failures = await capturedFailures {
            let subject = CurrentValueSubject<Int, Never>(0)
            _ = await until(subject, satisfies: [{ $0 == 1 }], timeout: 0.2)
        }
        #expect(failures.first?.message.contains("Nothing this test started can run") == false)
    }
}

@Suite("Serial executor: a hang nothing can end")
struct SerialExecutorHangTests {
    @Test("A scope whose tasks all wait on what never comes is reported, on standard error too")
    func hangIsReported() async {
        let (values, continuation) = AsyncStream.makeStream(of: Void.self)
        let written = Locked<[String]>([])
        let failures = await HangWatch.$patienceForTests.withValue(.milliseconds(300)) {
            await HangWatch.$standardErrorForTests.withValue({ text in
                written.withLock { $0.append(text) }
            }) {
                // The watch's report resumes the stream, so that the test ends either way.
                await HangWatch.$afterReportForTests.withValue({ continuation.yield(()) }) {
                    await capturedFailures {
                        await withSerialExecutor {
                            for await _ in values { break }
                        }
                    }
                }
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("nothing this test started can run") == true)
        #expect(written.withLock { $0 }.first?.hasPrefix("ObservationTesting: ") == true)
    }

    @Test("A scope waiting on real time is not reported")
    func realTimeIsProgress() async {
        let failures = await HangWatch.$patienceForTests.withValue(.milliseconds(100)) {
            await capturedFailures {
                await withSerialExecutor {
                    // Real time is what is under test: a real-time sleep is progress, not a hang.
                    try? await Task.sleep(for: .milliseconds(600))
                }
            }
        }
        #expect(failures.isEmpty)
    }
}

@Suite("Serial executor: settlers at once")
struct ConcurrentSettleTests {
    @Test("Two tasks settling at once both return, once the rest has run")
    func twoSettlers() async {
        let failures = await capturedFailures {
            await withSerialExecutor {
                let log = Interleavings.Log()
                let worker = Task {
                    for step in 0..<3 {
                        await Task.yield()
                        log.add("\(step)")
                    }
                }
                let other = Task { await settle() }
                await settle()
                await other.value
                #expect(log.all == ["0", "1", "2"])
                await worker.value
            }
        }
        #expect(failures.isEmpty)
    }

    @Test("settle() inside TestClock.run returns, and run drives the clock")
    func settleInsideRun() async {
        let failures = await capturedFailures {
            await withSerialExecutor {
                let clock = TestClock()
                let task = Task { try? await clock.sleep(for: .seconds(2)) }
                await clock.run { await settle() }
                await task.value
            }
        }
        #expect(failures.isEmpty)
    }
}
