// What the time operators ask of their scheduler, call by call, as Combine's do: when they read
// the time, what they schedule and with which options, and what their upstream is asked once
// it has completed. End-of-test checks judge what is left scheduled, so these calls are part of
// an operator's behaviour. Every test here compiles and passes in both configurations
// (.ci/apple-sim runs them against Combine).
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("Time operators: what they ask of their scheduler")
struct SchedulerCallsTests {
    private typealias Call = CallRecordingScheduler.Call

    private static let second = 1_000_000_000

    @Test("throttle reads the time when made, subscribed, at each event and a value sent alone")
    func throttleReadsTheTime() {
        let scheduler = CallRecordingScheduler()
        let upstream = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .unlimited)
        upstream.throttle(for: .seconds(10), scheduler: scheduler, latest: true)
            .subscribe(subscriber)
        #expect(scheduler.calls == [.now, .now])
        scheduler.clearCalls()

        // Nothing sent yet: the first value goes out at once, on the scheduler.
        upstream.send(1)
        #expect(scheduler.calls == [.now, .schedule(options: false)])
        scheduler.test.advance()
        #expect(subscriber.values == [1])
        #expect(scheduler.calls == [.now, .schedule(options: false), .now])
        scheduler.clearCalls()

        // The next waits for the end of the interval since the one sent.
        upstream.send(2)
        #expect(
            scheduler.calls == [
                .now, .minimumTolerance, .scheduleAfter(10 * Self.second, options: false),
            ])
        scheduler.clearCalls()

        // The completion reads the time; a value after it is not taken (not even the time),
        // and does not replace the one waiting.
        upstream.send(completion: .failure(TestError(code: 1)))
        upstream.send(3)
        #expect(scheduler.calls == [.now])
        scheduler.clearCalls()

        // The waiting value goes out with the completion: no time is read for it.
        scheduler.test.advance(by: .seconds(10))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions == [.failure(TestError(code: 1))])
        #expect(scheduler.calls.isEmpty)
        #expect(upstream.events == [.request(.unlimited)])
    }

    @Test("throttle reads no time after a cancel")
    func throttleAfterCancel() {
        let scheduler = CallRecordingScheduler()
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.throttle(for: .seconds(10), scheduler: scheduler, latest: false)
            .subscribe(subscriber)
        subscriber.cancel()
        scheduler.clearCalls()
        upstream.send(1)
        upstream.send(completion: .finished)
        scheduler.test.advance(by: .seconds(20))
        #expect(scheduler.calls.isEmpty)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.events == [.request(.unlimited), .cancel])
    }

    @Test("timeout arms its deadline at the subscription and again at the first request")
    func timeoutArmsTwice() {
        let scheduler = CallRecordingScheduler()
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(2))
        upstream.timeout(.seconds(2), scheduler: scheduler).subscribe(subscriber)
        let arm: [Call] = [
            .now, .minimumTolerance,
            .scheduleRepeating(after: 2 * Self.second, interval: 2 * Self.second, options: false),
        ]
        #expect(scheduler.calls == arm + arm)
        // The replaced deadline is cancelled: one is left.
        #expect(scheduler.test.pendingCount == 1)
        #expect(upstream.events == [.request(.max(2))])
        scheduler.clearCalls()

        // Later requests arm nothing; a value re-arms, then is scheduled.
        subscriber.request(.max(1))
        #expect(scheduler.calls.isEmpty)
        scheduler.test.advance(by: .seconds(1))
        upstream.send(1)
        #expect(
            scheduler.calls == [
                .now, .minimumTolerance,
                .scheduleRepeating(
                    after: 3 * Self.second, interval: 2 * Self.second, options: false),
                .schedule(options: false),
            ])
        scheduler.test.advance(by: .seconds(2))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
    }

    @Test("timeout asked for nothing arms one deadline, and another at the first request")
    func timeoutArmsAtFirstRequest() {
        let scheduler = CallRecordingScheduler()
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        upstream.timeout(.seconds(2), scheduler: scheduler).subscribe(subscriber)
        #expect(scheduler.calls.filter(\.isRepeating).count == 1)
        scheduler.test.advance(by: .seconds(1))
        subscriber.request(.max(1))
        subscriber.request(.max(1))
        #expect(scheduler.calls.filter(\.isRepeating).count == 2)
        // The deadline counts from the first request.
        scheduler.test.advance(by: .seconds(1))
        #expect(subscriber.completions.isEmpty)
        scheduler.test.advance(by: .seconds(1))
        #expect(subscriber.completions == [.finished])
        #expect(upstream.events == [.request(.max(1)), .request(.max(1)), .cancel])
    }

    @Test("A cancel while timeout's upstream completion is on its way cancels the upstream")
    func timeoutCancelWhileCompletionScheduled() {
        let scheduler = CallRecordingScheduler()
        let upstream = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .max(1))
        upstream.timeout(.seconds(2), scheduler: scheduler).subscribe(subscriber)
        upstream.send(completion: .failure(TestError(code: 1)))
        #expect(scheduler.calls.last == .schedule(options: false))
        subscriber.cancel()
        #expect(upstream.events == [.request(.max(1)), .cancel])
        scheduler.test.advance(by: .seconds(10))
        #expect(subscriber.completions.isEmpty)
        #expect(scheduler.test.pendingCount == 0)
    }

    @Test("Once timeout's completion has gone out, a cancel cancels nothing")
    func timeoutCancelAfterCompletion() {
        let scheduler = CallRecordingScheduler()
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.timeout(.seconds(2), scheduler: scheduler).subscribe(subscriber)
        upstream.send(completion: .finished)
        scheduler.test.advance()
        #expect(subscriber.completions == [.finished])
        subscriber.cancel()
        #expect(upstream.events == [.request(.unlimited)])
        #expect(scheduler.test.pendingCount == 0)
    }

    @Test("debounce waits with the options given, and schedules its completion without them")
    func debounceOptions() {
        let scheduler = CallRecordingScheduler()
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.debounce(
            for: .seconds(1), scheduler: scheduler,
            options: DispatchQueue.SchedulerOptions(qos: .userInitiated)
        )
        .subscribe(subscriber)
        #expect(scheduler.calls.isEmpty)
        upstream.send(1)
        #expect(
            scheduler.calls == [
                .now, .minimumTolerance,
                .scheduleRepeating(after: Self.second, interval: Self.second, options: true),
            ])
        scheduler.clearCalls()
        upstream.send(completion: .finished)
        #expect(scheduler.calls == [.schedule(options: false)])
        scheduler.test.advance(by: .seconds(5))
        // The value still waiting is dropped, as the completion goes out.
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == [.finished])
        #expect(scheduler.test.pendingCount == 0)
    }

    @Test(
        "delay, receive(on:): a value delivered after the upstream completed asks it for more",
        arguments: ["delay", "receive(on:)"])
    func scheduledDemandAfterCompletion(operatorName: String) {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1), perValue: .max(3))
        switch operatorName {
        case "delay": upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        default: upstream.receive(on: scheduler).subscribe(subscriber)
        }
        upstream.send(1)
        upstream.send(completion: .finished)
        // Asked nothing more while the completion is on its way.
        subscriber.request(.max(5))
        scheduler.advance(by: .seconds(1))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.events == [.request(.max(1)), .request(.max(3))])
        subscriber.cancel()
        #expect(upstream.events == [.request(.max(1)), .request(.max(3))])
    }
}

extension CallRecordingScheduler.Call {
    /// Whether this call scheduled a repeating timer.
    fileprivate var isRepeating: Bool {
        if case .scheduleRepeating = self { true } else { false }
    }
}
