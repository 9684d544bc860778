// timeout's demand and deadline, and breakpoint's pass-through, asserted the same way in both
// configurations (.ci/apple-sim runs this suite against Combine): timeout passes its
// subscriber's demand on to the upstream, as Combine's does, and delivers on its scheduler.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("timeout and breakpoint, as Combine's", .untilTimeout(.seconds(30)))
struct TimeoutBreakpointTests {
    /// The deadline the timeout tests use (computed: the imitation's stride is not `Sendable`).
    private static var interval: DispatchQueue.SchedulerTimeType.Stride { .seconds(5) }

    @Test("timeout hands the subscription over at once and forwards each request upstream")
    func timeoutForwardsRequests() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = Recorder<Int, Never>(initial: .max(2))
        upstream.timeout(Self.interval, scheduler: scheduler).subscribe(subscriber)
        #expect(subscriber.subscription != nil)
        #expect(upstream.events == [.request(.max(2))])
        subscriber.subscription?.request(.max(3))
        subscriber.subscription?.request(.unlimited)
        #expect(upstream.events == [.request(.max(2)), .request(.max(3)), .request(.unlimited)])
    }

    @Test("timeout asks the upstream for the demand a delivered value returns, after delivery")
    func timeoutAsksForDemandAfterDelivery() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = Recorder<Int, Never>(initial: .max(1), perValue: .max(2))
        upstream.timeout(Self.interval, scheduler: scheduler).subscribe(subscriber)
        #expect(upstream.send(1) == .none)
        // Not delivered yet: it is work on the scheduler, and nothing more is asked.
        #expect(subscriber.values.isEmpty)
        #expect(upstream.events == [.request(.max(1))])
        scheduler.advance()
        #expect(subscriber.values == [1])
        #expect(upstream.events == [.request(.max(1)), .request(.max(2))])
        // A value whose delivery returns no demand asks for nothing.
        subscriber.perValue = .none
        #expect(upstream.send(2) == .none)
        scheduler.advance()
        #expect(subscriber.values == [1, 2])
        #expect(upstream.events == [.request(.max(1)), .request(.max(2))])
    }

    @Test("Through timeout, a subject drops the values beyond the demand")
    func timeoutSubjectDropsBeyondDemand() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = Recorder<Int, Never>(initial: .max(1))
        subject.timeout(Self.interval, scheduler: scheduler).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        scheduler.advance()
        #expect(subscriber.values == [1])
        // Nothing was held for later: a request brings none of the dropped values.
        subscriber.subscription?.request(.max(1))
        scheduler.advance()
        #expect(subscriber.values == [1])
        subject.send(4)
        subject.send(5)
        scheduler.advance()
        #expect(subscriber.values == [1, 4])
    }

    @Test("timeout's deadline starts at the subscription, demand or not, and cancels upstream")
    func timeoutDeadlineStartsAtSubscription() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = Recorder<Int, Never>(initial: .none)
        upstream.timeout(Self.interval, scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .milliseconds(4999))
        #expect(subscriber.completions.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(subscriber.completions == [.finished])
        #expect(upstream.events == [.cancel])
        // Over: a request is not passed on, a late value not delivered, nothing fires again.
        subscriber.subscription?.request(.max(1))
        #expect(upstream.send(1) == .none)
        scheduler.advance(by: .seconds(20))
        #expect(upstream.events == [.cancel])
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.finished])
    }

    @Test("Each value restarts timeout's deadline")
    func timeoutRestartsAtEachValue() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = Recorder<Int, Never>(initial: .unlimited)
        upstream.timeout(Self.interval, scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .seconds(4))
        _ = upstream.send(1)
        scheduler.advance(by: .seconds(4))
        _ = upstream.send(2)
        scheduler.advance(by: .seconds(4))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.events == [.request(.unlimited)])
        scheduler.advance(by: .seconds(1))
        #expect(subscriber.completions == [.finished])
        #expect(upstream.events == [.request(.unlimited), .cancel])
    }

    @Test("timeout fails with the custom error, made when it times out")
    func timeoutFailsWithCustomError() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, TestError>()
        let subscriber = Recorder<Int, TestError>(initial: .unlimited)
        var made = 0
        upstream.timeout(
            Self.interval, scheduler: scheduler,
            customError: {
                made += 1
                return TestError(code: 7)
            }
        ).subscribe(subscriber)
        scheduler.advance(by: .seconds(4))
        #expect(made == 0)
        scheduler.advance(by: .seconds(1))
        #expect(made == 1)
        #expect(subscriber.completions == [.failure(TestError(code: 7))])
        #expect(upstream.events == [.request(.unlimited), .cancel])
    }

    @Test("The upstream's completion goes out on the scheduler, and ends the deadline")
    func timeoutUpstreamCompletion() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, TestError>()
        let subscriber = Recorder<Int, TestError>(initial: .max(1))
        upstream.timeout(Self.interval, scheduler: scheduler).subscribe(subscriber)
        _ = upstream.send(1)
        upstream.send(completion: .failure(TestError(code: 3)))
        #expect(subscriber.completions.isEmpty)
        scheduler.advance(by: .seconds(20))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.failure(TestError(code: 3))])
        // The upstream ended itself: it is not cancelled.
        #expect(upstream.events == [.request(.max(1))])
    }

    @Test("A cancel stops timeout's scheduled deliveries and its deadline")
    func timeoutCancelStopsEverything() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = Recorder<Int, Never>(initial: .unlimited)
        upstream.timeout(Self.interval, scheduler: scheduler).subscribe(subscriber)
        _ = upstream.send(1)
        _ = upstream.send(2)
        upstream.send(completion: .finished)
        subscriber.subscription?.cancel()
        scheduler.advance(by: .seconds(20))
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.events.filter { $0 != .cancel } == [.request(.unlimited)])
        #expect(scheduler.pendingCount == 0)

        // Cancelled before anything came: the upstream is cancelled, and no deadline is left.
        let quiet = RecordingUpstream<Int, Never>()
        let cancelling = Recorder<Int, Never>(initial: .max(1))
        quiet.timeout(Self.interval, scheduler: scheduler).subscribe(cancelling)
        cancelling.subscription?.cancel()
        #expect(quiet.events == [.request(.max(1)), .cancel])
        scheduler.advance(by: .seconds(20))
        #expect(cancelling.completions.isEmpty)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("timeout on a queue: sends from several threads, one value asked for at a time")
    func timeoutConcurrentSends() {
        let queue = DispatchQueue(label: "TimeoutBreakpointTests.concurrentSends")
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = LockedRecorder()
        subject.timeout(.seconds(60), scheduler: queue).subscribe(subscriber)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<200 { subject.send(thread * 1000 + value) }
        }
        subject.send(completion: .finished)
        #expect(subscriber.finished.wait(timeout: .now() + 10) == .success)
        let values = subscriber.values
        #expect(!values.isEmpty)
        #expect(Set(values).count == values.count)
        #expect(subscriber.completions == 1)
    }

    @Test("timeout on a queue times out once, whatever sends race with the deadline")
    func timeoutRacesWithSends() {
        let queue = DispatchQueue(label: "TimeoutBreakpointTests.racesWithSends")
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = LockedRecorder(initial: .unlimited)
        subject.timeout(.microseconds(50), scheduler: queue).subscribe(subscriber)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<200 { subject.send(thread * 1000 + value) }
        }
        #expect(subscriber.finished.wait(timeout: .now() + 10) == .success)
        queue.sync {}
        #expect(subscriber.completions == 1)
        let values = subscriber.values
        #expect(Set(values).count == values.count)
    }

    @Test("breakpoint passes values, completion and demand through when its closures say no")
    func breakpointPassesThrough() {
        let upstream = RecordingUpstream<Int, TestError>()
        let subscriber = Recorder<Int, TestError>(initial: .max(1), perValue: .max(2))
        var subscriptions: [any Subscription] = []
        var outputs: [Int] = []
        var completions: [Subscribers.Completion<TestError>] = []
        upstream.breakpoint(
            receiveSubscription: {
                subscriptions.append($0)
                return false
            },
            receiveOutput: {
                outputs.append($0)
                return false
            },
            receiveCompletion: {
                completions.append($0)
                return false
            }
        ).subscribe(subscriber)
        #expect(subscriptions.count == 1)
        #expect(subscriptions.first.map { $0 as AnyObject === upstream.subscription } == true)
        #expect(subscriber.subscription != nil)
        #expect(upstream.events == [.request(.max(1))])
        #expect(upstream.send(1) == .max(2))
        #expect(upstream.send(2) == .max(2))
        #expect(outputs == [1, 2])
        #expect(subscriber.values == [1, 2])
        subscriber.subscription?.request(.max(4))
        #expect(upstream.events == [.request(.max(1)), .request(.max(4))])
        upstream.send(completion: .failure(TestError(code: 5)))
        #expect(completions == [.failure(TestError(code: 5))])
        #expect(subscriber.completions == [.failure(TestError(code: 5))])
    }

    @Test("breakpoint passes a cancel on to the upstream")
    func breakpointPassesCancel() {
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = Recorder<Int, Never>(initial: .max(1))
        upstream.breakpoint().subscribe(subscriber)
        subscriber.subscription?.cancel()
        #expect(upstream.events == [.request(.max(1)), .cancel])
    }

    @Test("breakpointOnError passes values and a finish through")
    func breakpointOnErrorPassesAFinish() {
        let subscriber = Recorder<Int, TestError>(initial: .max(2))
        [1, 2, 3].publisher.setFailureType(to: TestError.self).breakpointOnError()
            .subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.finished])
    }

    // Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can
    // start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        @Test("breakpoint and breakpointOnError raise SIGTRAP when a closure returns true")
        func breakpointRaisesSIGTRAP() async {
            // Each body runs in a process of its own, which the signal ends.
            await #expect(processExitsWith: .signal(SIGTRAP)) {
                _ = Just(1).breakpoint(receiveOutput: { $0 == 1 }).sink { _ in }
            }
            await #expect(processExitsWith: .signal(SIGTRAP)) {
                _ = Fail<Int, TestError>(error: TestError()).breakpointOnError()
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            }
        }
    #endif

    #if !canImport(Combine)
        // A raised SIGTRAP would end the test process: this package's operator takes a
        // recorder in its place (Combine's cannot, so this runs on Linux only).
        @Test("breakpoint stops in the debugger when a closure returns true, and goes on after")
        func breakpointStopsWhenAClosureSaysSo() {
            let upstream = RecordingUpstream<Int, TestError>()
            let subscriber = Recorder<Int, TestError>(initial: .unlimited)
            var stops: [String] = []
            var breakpoint = upstream.breakpoint(
                receiveSubscription: { _ in
                    stops.append("subscription")
                    return true
                },
                receiveOutput: { value in
                    stops.append("value \(value)")
                    return value == 2
                },
                receiveCompletion: { _ in true })
            breakpoint.stopInDebugger = { stops.append("stop") }
            breakpoint.subscribe(subscriber)
            _ = upstream.send(1)
            _ = upstream.send(2)
            upstream.send(completion: .failure(TestError()))
            #expect(stops == ["subscription", "stop", "value 1", "value 2", "stop", "stop"])
            #expect(subscriber.values == [1, 2])
            #expect(subscriber.completions == [.failure(TestError())])
        }

        @Test("breakpointOnError stops on a failure, not on a finish")
        func breakpointOnErrorStopsOnAFailure() {
            var stops = 0
            var finishing = Empty<Int, TestError>().breakpointOnError()
            finishing.stopInDebugger = { stops += 1 }
            let finished = Recorder<Int, TestError>(initial: .unlimited)
            finishing.subscribe(finished)
            #expect(stops == 0)
            #expect(finished.completions == [.finished])
            var failing = Fail<Int, TestError>(error: TestError(code: 2)).breakpointOnError()
            failing.stopInDebugger = { stops += 1 }
            let failed = Recorder<Int, TestError>(initial: .unlimited)
            failing.subscribe(failed)
            #expect(stops == 1)
            #expect(failed.completions == [.failure(TestError(code: 2))])
        }
    #endif
}

/// Asks for `initial` values, then for `perValue` more after each; records what it is given.
private final class Recorder<Input, Failure: Error>: Subscriber {
    private let initial: Subscribers.Demand
    var perValue: Subscribers.Demand
    private(set) var subscription: (any Subscription)?
    private(set) var values: [Input] = []
    private(set) var completions: [Subscribers.Completion<Failure>] = []

    init(initial: Subscribers.Demand, perValue: Subscribers.Demand = .none) {
        self.initial = initial
        self.perValue = perValue
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        return perValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        completions.append(completion)
    }
}

/// Asks for `initial` values, then one more after each, from whichever thread delivers;
/// signals its completion.
// @unchecked: `storedValues` and `storedCompletions` are only touched while holding `lock`.
private final class LockedRecorder: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    private let initial: Subscribers.Demand
    private let lock = NSLock()
    private var storedValues: [Int] = []
    private var storedCompletions = 0
    let finished = DispatchSemaphore(value: 0)

    init(initial: Subscribers.Demand = .max(1)) {
        self.initial = initial
    }

    var values: [Int] { lock.withLock { storedValues } }
    var completions: Int { lock.withLock { storedCompletions } }

    func receive(subscription: any Subscription) {
        subscription.request(initial)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        lock.withLock { storedValues.append(input) }
        return initial == .unlimited ? .none : .max(1)
    }

    func receive(completion: Subscribers.Completion<Never>) {
        lock.withLock { storedCompletions += 1 }
        finished.signal()
    }
}
