import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

/// Collects a subscription's values and completion, on the thread that delivers them.
private final class Log<Output> {
    var values: [Output] = []
    var finished = false
    var failure: (any Error)?
    var token: AnyCancellable?

    init<P: Publisher>(_ publisher: P) where P.Output == Output {
        token = publisher.sink(
            receiveCompletion: { [unowned self] completion in
                switch completion {
                case .finished: finished = true
                case .failure(let error): failure = error
                }
            },
            receiveValue: { [unowned self] in values.append($0) }
        )
    }
}

@Suite("Time operators on a TestScheduler")
struct TimeOperatorTests {
    @Test("debounce sends the last value after a quiet period, and restarts the wait on each value")
    func debounce() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<String, Never>()
        let log = Log(subject.debounce(for: .milliseconds(300), scheduler: scheduler))
        subject.send("s")
        scheduler.advance(by: .milliseconds(200))
        subject.send("sw")
        scheduler.advance(by: .milliseconds(299))
        #expect(log.values.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(log.values == ["sw"])
        subject.send("swift")
        scheduler.advance(by: .seconds(1))
        #expect(log.values == ["sw", "swift"])
    }

    // As Combine's (OpenCombine's compatibility tests, which also run against Apple's, record it):
    // a value still waiting when the upstream completes is dropped; the completion comes on the
    // scheduler.
    @Test("debounce drops a waiting value when the upstream finishes or fails")
    func debounceCompletion() {
        let scheduler = DispatchQueue.test
        let finishing = PassthroughSubject<Int, TestError>()
        let failing = PassthroughSubject<Int, TestError>()
        let finished = Log(finishing.debounce(for: 1, scheduler: scheduler))
        let failed = Log(failing.debounce(for: 1, scheduler: scheduler))
        finishing.send(1)
        failing.send(1)
        finishing.send(completion: .finished)
        failing.send(completion: .failure(TestError()))
        scheduler.advance()
        #expect(finished.values.isEmpty && finished.finished)
        #expect(failed.values.isEmpty && failed.failure is TestError)
        scheduler.advance(by: 5)
        #expect(finished.values.isEmpty)
    }

    @Test("Cancelling a debounce: the scheduled send delivers nothing")
    func debounceCancel() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let log = Log(subject.debounce(for: 1, scheduler: scheduler))
        subject.send(1)
        log.token?.cancel()
        scheduler.advance(by: 2)
        #expect(log.values.isEmpty)
    }

    @Test("throttle sends the first value on the scheduler, then the first or latest of each one")
    func throttle() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let latest = Log(subject.throttle(for: 1, scheduler: scheduler, latest: true))
        let first = Log(subject.throttle(for: 1, scheduler: scheduler, latest: false))
        subject.send(1)
        scheduler.advance()
        #expect(latest.values == [1] && first.values == [1])
        subject.send(2)
        subject.send(3)
        scheduler.advance(by: 1)
        #expect(latest.values == [1, 3])
        #expect(first.values == [1, 2])
        scheduler.advance(by: 1)  // a quiet interval: the next value goes at once again
        subject.send(4)
        scheduler.advance()
        #expect(latest.values == [1, 3, 4])
    }

    @Test("throttle: a later value replaces one not sent yet; a completion comes after the value")
    func throttleSchedulesValuesAndCompletion() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, TestError>()
        let latest = Log(subject.throttle(for: 1, scheduler: scheduler, latest: true))
        subject.send(1)
        subject.send(2)  // before the scheduler ran: replaces 1, as in Combine
        scheduler.advance()
        #expect(latest.values == [2])
        subject.send(3)
        subject.send(completion: .failure(TestError()))
        #expect(latest.values == [2] && latest.failure == nil)
        scheduler.advance(by: 1)  // the interval ends: the held value, then the failure
        #expect(latest.values == [2, 3])
        #expect(latest.failure is TestError)
    }

    @Test("delay keeps order and delays the completion too")
    func delay() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let log = Log(subject.delay(for: .seconds(1), scheduler: scheduler))
        subject.send(1)
        scheduler.advance(by: .milliseconds(500))
        subject.send(2)
        subject.send(completion: .finished)
        scheduler.advance(by: .milliseconds(999))
        #expect(log.values == [1])
        #expect(!log.finished)
        scheduler.advance(by: .milliseconds(1))
        #expect(log.values == [1, 2])
        #expect(log.finished)
    }

    @Test("timeout finishes, or fails with the custom error, and cancels the upstream")
    func timeout() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, TestError>()
        var cancels = 0
        let watched = subject.handleEvents(receiveCancel: { cancels += 1 })
        let finishing = Log(watched.timeout(.seconds(1), scheduler: scheduler))
        let failing = Log(
            watched.timeout(.seconds(1), scheduler: scheduler, customError: { TestError() }))
        scheduler.advance(by: .milliseconds(900))
        subject.send(1)  // restarts both timers
        scheduler.advance(by: .milliseconds(900))
        #expect(!finishing.finished && failing.failure == nil)
        scheduler.advance(by: .milliseconds(100))
        #expect(finishing.values == [1] && finishing.finished)
        #expect(failing.failure is TestError)
        #expect(cancels == 2)
    }

    @Test("receive(on:) delivers only when the scheduler runs, and nothing after a cancel")
    func receiveOn() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let log = Log(subject.receive(on: scheduler))
        let cancelled = Log(subject.receive(on: scheduler))
        subject.send(1)
        subject.send(2)
        #expect(log.values.isEmpty)
        cancelled.token?.cancel()
        scheduler.advance()
        #expect(log.values == [1, 2])
        #expect(cancelled.values.isEmpty)
    }

    @Test("subscribe(on:) subscribes when the scheduler runs; a cancel before that prevents it")
    func subscribeOn() {
        let scheduler = DispatchQueue.test
        var subscriptions = 0
        let counted = Deferred { () -> Just<Int> in
            subscriptions += 1
            return Just(1)
        }
        let log = Log(counted.subscribe(on: scheduler))
        let cancelled = Log(counted.subscribe(on: scheduler))
        cancelled.token?.cancel()
        #expect(subscriptions == 0)
        scheduler.advance()
        #expect(log.values == [1])
        #expect(subscriptions == 2)  // the cancelled one subscribes, then is cancelled at once
        #expect(cancelled.values.isEmpty || cancelled.values == [1])
    }

    @Test("measureInterval sends the scheduler time between values")
    func measureInterval() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Void, Never>()
        let log = Log(subject.measureInterval(using: scheduler))
        scheduler.advance(by: .seconds(2))
        subject.send()
        scheduler.advance(by: .milliseconds(500))
        subject.send()
        #expect(log.values == [.seconds(2), .milliseconds(500)])
    }

    @Test(
        "collect(.byTime) groups by interval; .byTimeOrCount also by count; the rest on finishing"
    )
    func collectByTime() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let byTime = Log(subject.collect(.byTime(scheduler, .seconds(1))))
        let byCount = Log(subject.collect(.byTimeOrCount(scheduler, .seconds(1), 2)))
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(byCount.values == [[1, 2]])
        scheduler.advance(by: .seconds(1))
        #expect(byTime.values == [[1, 2, 3]])
        #expect(byCount.values == [[1, 2], [3]])
        scheduler.advance(by: .seconds(3))  // empty intervals send nothing
        subject.send(4)
        subject.send(completion: .finished)
        // Combine sends the rest, then the completion, on the scheduler; Linux's at once.
        scheduler.advance()
        #expect(byTime.values == [[1, 2, 3], [4]] && byTime.finished)
        #expect(scheduler.pendingCount == 0)  // both interval timers ended with the stream
    }

    @Test("Cancelling a timed subscription leaves no work scheduled forever")
    func cancelEndsRepeatingWork() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let log = Log(subject.collect(.byTime(scheduler, .seconds(1))))
        #expect(scheduler.pendingCount == 1)
        log.token?.cancel()
        #expect(scheduler.pendingCount == 0)
    }

    @Test("ImmediateScheduler and DispatchQueue.immediate run at once; AnyScheduler forwards")
    func immediateAndErased() {
        let subject = PassthroughSubject<Int, Never>()
        let immediate = Log(subject.receive(on: ImmediateScheduler.shared))
        let erased = Log(subject.delay(for: 5, scheduler: DispatchQueue.immediate))
        let test = DispatchQueue.test
        let wrapped: AnySchedulerOf<DispatchQueue> = test.eraseToAnyScheduler()
        let viaTest = Log(subject.debounce(for: 1, scheduler: wrapped))
        subject.send(1)
        #expect(immediate.values == [1])
        #expect(erased.values == [1])
        #expect(viaTest.values.isEmpty)
        test.advance(by: 1)
        #expect(viaTest.values == [1])
        #expect(wrapped.now == test.now)
    }
}

// Real time on the main queue: other main-actor tests may hold it for a while on a loaded
// machine, so the waits get generous timeouts.
@Suite("Real schedulers", .untilTimeout(.seconds(30)))
struct RealSchedulerTests {
    @Test("receive(on:) a serial queue keeps each thread's order, sends from several threads")
    func serialQueueKeepsOrder() async {
        let queue = DispatchQueue(label: "receive-on")
        let subject = PassthroughSubject<Int, Never>()
        let received = Locked<[Int]>([])
        let token = subject.receive(on: queue).sink { value in
            received.withLock { $0.append(value) }
        }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask { for value in 0..<500 { subject.send(thread * 1_000 + value) } }
            }
        }
        queue.sync {}  // every send has returned, so every delivery is queued before this
        let values = received.withLock { $0 }
        #expect(values.count == 2_000)
        for thread in 0..<4 {
            let mine = values.filter { $0 / 1_000 == thread }
            #expect(mine == Array(thread * 1_000..<thread * 1_000 + 500))
        }
        withExtendedLifetime(token) {}
    }

    @Test(
        "RunLoop.main and DispatchQueue.main deliver under Swift Testing, off the main actor"
    )
    func mainSchedulersDeliver() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        await until(subject.receive(on: RunLoop.main)) {
            $0 == 1
        } perform: {
            subject.send(1)
        }
        await until(subject.receive(on: DispatchQueue.main)) {
            $0 == 2
        } perform: {
            subject.send(2)
        }
        await until(subject.debounce(for: .milliseconds(10), scheduler: RunLoop.main)) {
            $0 == 3
        } perform: {
            subject.send(3)
        }
    }

    @MainActor
    @Test(
        "RunLoop.main and DispatchQueue.main deliver under Swift Testing, on the main actor"
    )
    func mainSchedulersDeliverOnMainActor() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        await until(subject.receive(on: RunLoop.main)) {
            $0 == 1
        } perform: {
            subject.send(1)
        }
        await until(subject.delay(for: .milliseconds(10), scheduler: DispatchQueue.main)) {
            $0 == 2
        } perform: {
            subject.send(2)
        }
    }

    @Test("A repeating action on a real queue stops when cancelled")
    func repeatingStopsOnCancel() async {
        let runs = PassthroughSubject<Int, Never>()
        let count = Locked(0)
        let queue = DispatchQueue(label: "repeating")
        let timer = queue.schedule(
            after: queue.now.advanced(by: .milliseconds(1)), interval: .milliseconds(1)
        ) {
            runs.send(
                count.withLock {
                    $0 += 1
                    return $0
                })
        }
        await until(runs) { $0 >= 2 }
        timer.cancel()
        queue.sync {}  // a run in progress has finished
        await never(runs, satisfies: { _ in true }, for: .milliseconds(50))
    }

    @Test(
        "Timer.publish fires on the main run loop until cancelled; OperationQueue runs work"
    )
    func timerAndOperationQueue() async {
        let ticks = Timer.publish(every: 0.01, on: .main, in: .common).autoconnect()
        let dates = await until(ticks, satisfies: [{ _ in true }, { _ in true }])
        #expect(dates?.count == 2)
        let queue = OperationQueue()
        let subject = CurrentValueSubject<Int, Never>(0)
        await until(subject.receive(on: queue)) {
            $0 == 1
        } perform: {
            subject.send(1)
        }
        await until(subject.delay(for: 0.01, scheduler: queue)) {
            $0 == 2
        } perform: {
            subject.send(2)
        }
    }
}
