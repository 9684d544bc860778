// What timeout leaves on its scheduler, as Combine's does: its deadline is a repeating timer,
// cancelled by a cancel or by the upstream's completion, and kept, firing to no effect, once it
// has timed out (nothing after that cancels it). Every test here compiles and passes in both
// configurations (.ci/apple-sim runs them against Combine).
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("timeout: what it leaves scheduled, as Combine's")
struct TimeoutScheduleTests {
    /// The deadline these tests use (computed: the imitation's stride is not `Sendable`).
    private static var interval: DispatchQueue.SchedulerTimeType.Stride { .seconds(2) }

    /// The scheduler's actions, each as `+seconds` and `r` for a timer that has fired.
    private static func left(_ scheduler: TestSchedulerOf<DispatchQueue>) -> [String] {
        scheduler.pendingActions.map { action in
            "+\(action.offset.components.seconds)" + (action.isRepeat ? "r" : "")
        }
    }

    @Test("After it times out, timeout's timer stays, firing every interval; a cancel keeps it")
    func timedOutTimerStays() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .unlimited)
        upstream.timeout(Self.interval, scheduler: scheduler) { TestError(code: 7) }
            .subscribe(subscriber)
        #expect(Self.left(scheduler) == ["+2"])
        scheduler.advance(by: .seconds(2))
        #expect(subscriber.completions == [.failure(TestError(code: 7))])
        #expect(Self.left(scheduler) == ["+4r"])
        scheduler.advance(by: .seconds(5))
        #expect(Self.left(scheduler) == ["+8r"])
        subscriber.cancel()
        #expect(Self.left(scheduler) == ["+8r"])
        scheduler.advance(by: .seconds(2))
        // It fires to no effect: nothing more is delivered or cancelled.
        #expect(subscriber.completions == [.failure(TestError(code: 7))])
        #expect(upstream.events == [.request(.unlimited), .cancel])
        #expect(Self.left(scheduler) == ["+10r"])
    }

    @Test("A cancel before the time-out leaves nothing scheduled")
    func cancelledLeavesNothing() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.timeout(Self.interval, scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .seconds(1))
        subscriber.cancel()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: .seconds(5))
        #expect(subscriber.completions.isEmpty)
    }

    @Test("The upstream's completion leaves only its delivery, then nothing")
    func completedLeavesNothing() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.timeout(Self.interval, scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .seconds(1))
        upstream.send(completion: .finished)
        #expect(Self.left(scheduler) == ["+1"])
        scheduler.advance()
        #expect(subscriber.completions == [.finished])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("Behind retry(1), each subscription that timed out leaves its timer")
    func retriedTimeoutsLeaveTheirTimers() {
        let scheduler = DispatchQueue.test
        var subscriptions = 0
        var completions: [Subscribers.Completion<TestError>] = []
        let token = Deferred {
            subscriptions += 1
            return PassthroughSubject<Int, TestError>()
        }
        .timeout(Self.interval, scheduler: scheduler) { TestError(code: 7) }
        .retry(1)
        .sink(receiveCompletion: { completions.append($0) }, receiveValue: { _ in })
        scheduler.advance(by: .seconds(2))
        #expect(subscriptions == 2)
        #expect(completions.isEmpty)
        #expect(Self.left(scheduler) == ["+4", "+4r"])
        scheduler.advance(by: .seconds(2))
        #expect(completions == [.failure(TestError(code: 7))])
        #expect(Self.left(scheduler) == ["+6r", "+6r"])
        token.cancel()
        #expect(Self.left(scheduler) == ["+6r", "+6r"])
    }
}
