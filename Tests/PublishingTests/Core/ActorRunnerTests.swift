import Foundation
import Testing

@testable import Publishing

/// Counts jobs, and how often one started while another was still running.
private final class JobLog: @unchecked Sendable {
    // @unchecked: every field is only touched while holding `lock`.
    private let lock = NSLock()
    private var running = 0
    private var overlaps = 0
    private var order: [Int] = []

    func begin(_ index: Int) {
        lock.withLock {
            if running > 0 { overlaps += 1 }
            running += 1
            order.append(index)
        }
    }

    func end() {
        lock.withLock { running -= 1 }
    }

    var finished: Int { lock.withLock { order.count } }
    var snapshot: (overlaps: Int, order: [Int]) { lock.withLock { (overlaps, order) } }
}

@Suite("ActorRunner")
struct ActorRunnerTests {
    @Test("With no actor, jobs still run one at a time and in order")
    func jobsNeverOverlapWithoutAnActor() async {
        let runner = ActorRunner(isolation: nil)
        let log = JobLog()
        let jobs = 2_000
        await withCheckedContinuation { (allRan: CheckedContinuation<Void, Never>) in
            for index in 0..<jobs {
                runner.run {
                    log.begin(index)
                    // Long enough for a second drainer on the other thread to overlap.
                    for _ in 0..<200 { _ = ProcessInfo.processInfo.systemUptime }
                    log.end()
                    if index == jobs - 1 { allRan.resume() }
                }
            }
        }
        let (overlaps, order) = log.snapshot
        #expect(overlaps == 0)
        #expect(order == Array(0..<jobs))
    }

    @Test("On an actor, a job runs before code on that actor resumes from its next yield")
    @MainActor
    func jobRunsBeforeTheActorResumes() async {
        let runner = ActorRunner()
        let log = JobLog()
        for index in 0..<200 {
            runner.run {
                log.begin(index)
                log.end()
            }
            await Task.yield()
            #expect(log.finished == index + 1)
        }
    }

    @Test("Observers on the main actor share one runner; observers on another actor get their own")
    @MainActor
    func mainActorObserversShareARunner() async {
        #expect(ActorRunner.current() === ActorRunner.current())
        #expect(ActorRunner.current().isMainActor)
        let own = await YieldingActor().runners()
        #expect(own.0 !== own.1)
        #expect(!own.0.isMainActor)
    }

    @Test("On an actor of the test's own, a job runs before code there resumes from its yield")
    func jobRunsBeforeAnOwnActorResumes() async {
        #expect(await YieldingActor().lateJobs() == 0)
    }

    @Test(
        "On the main actor, a job runs before code there resumes from its yield while other threads queue jobs"
    )
    @MainActor
    func jobRunsBeforeTheMainActorResumesWhileOtherThreadsQueueJobs() async {
        let late = await lateJobs(on: ActorRunner(), racing: 2)
        #expect(late == 0)
    }

    @Test("On an actor of the test's own, the same holds while other threads queue jobs")
    func jobRunsBeforeAnOwnActorResumesWhileOtherThreadsQueueJobs() async {
        let late = await YieldingActor().lateJobsWhileRaced()
        #expect(late == 0)
    }

    @Test("On the main actor, jobs from other threads run there, in order, one at a time")
    @MainActor
    func mainActorJobsFromOtherThreadsRunThereInOrder() async {
        let runner = ActorRunner()
        let log = JobLog()
        let counter = MainActorCounter()
        let jobs = 2_000
        await withCheckedContinuation { (allRan: CheckedContinuation<Void, Never>) in
            Task.detached {
                for index in 0..<jobs {
                    runner.run {
                        log.begin(index)
                        // Stops the test run if the job is not on the main actor.
                        MainActor.assumeIsolated { counter.count += 1 }
                        log.end()
                        if index == jobs - 1 { allRan.resume() }
                    }
                }
            }
        }
        let (overlaps, order) = log.snapshot
        #expect(overlaps == 0)
        #expect(order == Array(0..<jobs))
        #expect(counter.count == jobs)
    }
}

@MainActor
private final class MainActorCounter {
    var count = 0
}

/// Counts the jobs that `runner`, made on the caller's actor, had not run when the caller resumed
/// from the yield after queueing them, while `racers` other threads queue jobs of their own on
/// it: one of them may have claimed the drain and not yet enqueued it when the caller queues.
private func lateJobs(
    on runner: ActorRunner, racing racers: Int, isolation: isolated (any Actor)? = #isolation
) async -> Int {
    let log = JobLog()
    let stop = Locked(false)
    let stopped = DispatchGroup()
    for _ in 0..<racers {
        stopped.enter()
        // Threads, not tasks: each blocks until its job has run, which keeps the queue short
        // and would starve the test's actor of the cooperative pool's threads.
        Thread.detachNewThread {
            let ran = DispatchSemaphore(value: 0)
            while !stop.withLock({ $0 }) {
                runner.run { ran.signal() }
                ran.wait()
            }
            stopped.leave()
        }
    }
    var late = 0
    for index in 0..<2_000 {
        runner.run {
            log.begin(index)
            log.end()
        }
        await Task.yield()
        if log.finished != index + 1 { late += 1 }
    }
    stop.withLock { $0 = true }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        stopped.notify(queue: .global()) { done.resume() }
    }
    return late
}

/// Counts the jobs of a runner made on it that had not run when its code resumed from a yield.
private actor YieldingActor {
    func runners() -> (ActorRunner, ActorRunner) {
        (ActorRunner.current(), ActorRunner.current())
    }

    func lateJobs() async -> Int {
        let runner = ActorRunner()
        let log = JobLog()
        var late = 0
        for index in 0..<200 {
            runner.run {
                log.begin(index)
                log.end()
            }
            await Task.yield()
            if log.finished != index + 1 { late += 1 }
        }
        return late
    }

    func lateJobsWhileRaced() async -> Int {
        await PublishingTests.lateJobs(on: ActorRunner(), racing: 2)
    }
}
