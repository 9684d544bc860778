// timeout as Combine runs it: it hands the subscription over at once, forwards each request,
// delivers on its scheduler, and its deadline starts at the subscription and restarts at each
// value. Every test here compiles and passes in both configurations (.ci/apple-sim runs them
// against Combine) unless it says otherwise.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("timeout, as Combine's")
struct TimeoutTests {
    /// The deadline the timeout tests use (computed: the imitation's stride is not `Sendable`).
    private static var interval: DispatchQueue.SchedulerTimeType.Stride { .seconds(5) }

    @Test("timeout hands the subscription over at once and forwards each request upstream")
    func timeoutForwardsRequests() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(2))
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
        let subscriber = DemandProbe<Int, Never>(initial: .max(1), perValue: .max(2))
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
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
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
        let subscriber = DemandProbe<Int, Never>(initial: .none)
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
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
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
        let subscriber = DemandProbe<Int, TestError>(initial: .unlimited)
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
        let subscriber = DemandProbe<Int, TestError>(initial: .max(1))
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
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
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
        let cancelling = DemandProbe<Int, Never>(initial: .max(1))
        quiet.timeout(Self.interval, scheduler: scheduler).subscribe(cancelling)
        cancelling.subscription?.cancel()
        #expect(quiet.events == [.request(.max(1)), .cancel])
        scheduler.advance(by: .seconds(20))
        #expect(cancelling.completions.isEmpty)
        #expect(scheduler.pendingCount == 0)
    }

    @Test("timeout on a queue: sends from several threads, one value asked for at a time")
    func timeoutConcurrentSends() {
        let queue = DispatchQueue(label: "TimeoutTests.concurrentSends")
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = LockedDemandProbe()
        subject.timeout(.seconds(60), scheduler: queue).subscribe(subscriber)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<200 { subject.send(thread * 1000 + value) }
        }
        subject.send(completion: .finished)
        // A bound only a hang reaches, however loaded the machine.
        #expect(subscriber.finished.wait(timeout: .now() + 120) == .success)
        let values = subscriber.values
        #expect(!values.isEmpty)
        #expect(Set(values).count == values.count)
        #expect(subscriber.completions.count == 1)
    }

    @Test("timeout on a queue times out once, whatever sends race with the deadline")
    func timeoutRacesWithSends() {
        let queue = DispatchQueue(label: "TimeoutTests.racesWithSends")
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = LockedDemandProbe(initial: .unlimited)
        subject.timeout(.microseconds(50), scheduler: queue).subscribe(subscriber)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<200 { subject.send(thread * 1000 + value) }
        }
        // A bound only a hang reaches, however loaded the machine.
        #expect(subscriber.finished.wait(timeout: .now() + 120) == .success)
        queue.sync {}
        #expect(subscriber.completions.count == 1)
        let values = subscriber.values
        #expect(Set(values).count == values.count)
    }

    @Test("timeout delivers each value and the completion on its scheduler, as Combine's does")
    func timeoutDeliversOnItsScheduler() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        var events: [String] = []
        let token = subject.timeout(.seconds(5), scheduler: scheduler)
            .sink(
                receiveCompletion: { _ in events.append("finished") },
                receiveValue: { events.append("\($0)") })
        subject.send(1)
        #expect(events.isEmpty)
        scheduler.advance(by: .milliseconds(0))
        #expect(events == ["1"])
        subject.send(completion: .finished)
        #expect(events == ["1"])
        scheduler.advance(by: .milliseconds(0))
        #expect(events == ["1", "finished"])
        withExtendedLifetime(token) {}
    }
}
