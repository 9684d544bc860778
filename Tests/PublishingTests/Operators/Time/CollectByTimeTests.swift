// collect(.byTime) and collect(.byTimeOrCount): where the rest and the completion go, and when its
// intervals start. Every test here compiles and passes in both configurations (.ci/apple-sim runs
// them against Combine) unless it says otherwise.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("collect by time")
struct CollectByTimeTests {
    @Test("collect by time sends the rest and the completion on the scheduler, not at once")
    func collectByTimeCompletesOnScheduler() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        var byTime: [[Int]] = []
        var byCount: [[Int]] = []
        var finished = 0
        let tokens = [
            subject.collect(.byTime(scheduler, .seconds(1))).sink(
                receiveCompletion: { _ in finished += 1 }, receiveValue: { byTime.append($0) }),
            subject.collect(.byTimeOrCount(scheduler, .seconds(1), 2)).sink(
                receiveCompletion: { _ in finished += 1 }, receiveValue: { byCount.append($0) }),
        ]
        subject.send(1)
        subject.send(2)
        subject.send(3)
        subject.send(completion: .finished)
        #expect(byTime.isEmpty)
        #expect(byCount == [[1, 2]])
        #expect(finished == 0)
        scheduler.advance()
        #expect(byTime == [[1, 2, 3]])
        #expect(byCount == [[1, 2], [3]])
        #expect(finished == 2)
        #expect(scheduler.pendingCount == 0)
        withExtendedLifetime(tokens) {}
    }

    @Test("collect by time fails on the scheduler, dropping the rest")
    func collectByTimeFailsOnScheduler() {
        struct Failure: Error {}
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, any Error>()
        var groups: [[Int]] = []
        var failed = false
        let token = subject.collect(.byTime(scheduler, .seconds(1))).sink(
            receiveCompletion: { if case .failure = $0 { failed = true } },
            receiveValue: { groups.append($0) })
        subject.send(1)
        subject.send(completion: .failure(Failure()))
        #expect(!failed)
        scheduler.advance()
        #expect(failed)
        #expect(groups.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test("collect by time starts its intervals before a time operator below it arms its own")
    func collectByTimeTicksBeforeTheOperatorBelow() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        var events: [String] = []
        // Both fall due at 50ms: the group goes first, and restarts the timeout's deadline.
        let token = subject.collect(.byTime(scheduler, .milliseconds(50)))
            .timeout(.milliseconds(50), scheduler: scheduler)
            .sink(
                receiveCompletion: { _ in events.append("finished") },
                receiveValue: { events.append("\($0)") })
        subject.send(1)
        subject.send(3)
        scheduler.advance(by: .milliseconds(50))
        #expect(events == ["[1, 3]"])
        scheduler.advance(by: .milliseconds(50))
        #expect(events == ["[1, 3]", "finished"])
        withExtendedLifetime(token) {}
    }

    @Test("collect by time asks its upstream for one value per request, and one more per value")
    func collectByTimeAsksOneAtATime() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<[Int], Never>(initial: .none)
        upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(probe)
        #expect(upstream.requests.isEmpty)
        probe.request(.max(3))
        #expect(upstream.requests == [.max(1)])
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(1))
        scheduler.advance(by: .seconds(1))
        #expect(probe.values == [[1, 2]])
        #expect(upstream.requests == [.max(1)])
    }

    @Test("collect by time keeps a group its subscriber has not asked for, and sends it when asked")
    func collectByTimeWaitsForDemand() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<[Int], Never>(initial: .max(1))
        upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(probe)
        _ = upstream.send(1)
        scheduler.advance(by: .seconds(1))
        #expect(probe.values == [[1]])
        // Asked for one group, and had it: the next interval's group waits, and grows.
        _ = upstream.send(2)
        scheduler.advance(by: .seconds(1))
        _ = upstream.send(3)
        scheduler.advance(by: .seconds(1))
        #expect(probe.values == [[1]])
        probe.request(.max(1))
        #expect(probe.values == [[1]])
        scheduler.advance(by: .seconds(1))
        #expect(probe.values == [[1], [2, 3]])
    }

    @Test("collect by time or count asks its upstream for count values per group asked for")
    func collectByTimeOrCountAsksPerGroup() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<[Int], Never>(initial: .max(2))
        upstream.collect(.byTimeOrCount(scheduler, .seconds(1), 3)).subscribe(probe)
        #expect(upstream.requests == [.max(6)])
        for value in 1...3 { #expect(upstream.send(value) == .none) }
        #expect(probe.values == [[1, 2, 3]])
        probe.perValue = .max(1)
        for value in 4...6 { _ = upstream.send(value) }
        // The second group was asked for one more when delivered: three more values, asked
        // for by a request or by the demand returned from the value (either is Combine's).
        #expect(probe.values == [[1, 2, 3], [4, 5, 6]])
        let asked = (upstream.requests + upstream.returnedDemands).reduce(.none, +)
        #expect(asked == .max(9))
    }

    @Test("collect by time finishes only once the subscriber has asked for the rest")
    func collectByTimeFinishWaitsForDemand() {
        let scheduler = DispatchQueue.test
        let upstream = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<[Int], Never>(initial: .max(1))
        upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(probe)
        _ = upstream.send(1)
        scheduler.advance(by: .seconds(1))
        _ = upstream.send(2)
        upstream.send(completion: .finished)
        scheduler.advance()
        #expect(probe.values == [[1]])
        #expect(probe.completions.isEmpty)
        probe.request(.max(1))
        scheduler.advance()
        #expect(probe.values == [[1], [2]])
        #expect(probe.completions.count == 1)
    }
}
