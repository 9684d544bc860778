// debounce on a scheduler: what it sends once a burst is quiet, and what it drops without demand.
// Every test here compiles and passes in both configurations (.ci/apple-sim runs them against
// Combine) unless it says otherwise.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("debounce")
struct DebounceTests {
    @Test("debounce on a scheduler sends the last value of a burst once the burst is quiet")
    func debounceOnAScheduler() async {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<String, Never>()
        let recorder = subject.debounce(for: .milliseconds(300), scheduler: scheduler).record()
        subject.send("s")
        scheduler.advance(by: .milliseconds(100))
        subject.send("sw")
        scheduler.advance(by: .milliseconds(299))
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(recorder.values == ["sw"])
    }

    @Test("debounce drops a value that comes due while nothing is asked for")
    func debounceDropsWithoutDemand() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        subject.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)
        subject.send(1)
        scheduler.advance(by: .milliseconds(10))
        subject.send(2)
        scheduler.advance(by: .milliseconds(10))
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1])
        subject.send(3)
        scheduler.advance(by: .milliseconds(10))
        #expect(subscriber.values == [1, 3])
    }
}
