import Foundation
import ObservationTesting
import Publishing
import Testing

// The Combine behaviours article's scheduler samples, in a file that imports Foundation for
// `DispatchQueue`, as the article shows.

@Suite("Combine's scheduling operators wait for an advance", .untilTimeout(.seconds(30)))
struct CombineSchedulerBehavioursSamples {
    @Test func schedulingOperatorsWaitForAnAdvance() async {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let received = subject.receive(on: scheduler).record()
        let delayed = subject.delay(for: .zero, scheduler: scheduler).record()
        let throttled = subject.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
            .record()
        subject.send(1)
        #expect(received.values.isEmpty && delayed.values.isEmpty && throttled.values.isEmpty)
        scheduler.advance()  // runs what is due now, even with no delay
        await until(received, emits: [1])
        await until(delayed, emits: [1])
        await until(throttled, emits: [1])
    }

    @Test func timeoutFiresOnAnAdvance() async {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let request = subject.timeout(.seconds(5), scheduler: scheduler).record()
        scheduler.advance(by: .seconds(4))
        #expect(request.completion == nil)
        scheduler.advance(by: .seconds(1))  // its time, reached
        #expect(await request.finished() == [])
    }
}
