// throttle on a scheduler: one value per interval, what it drops without demand. Every test here
// compiles and passes in both configurations (.ci/apple-sim runs them against Combine) unless it
// says otherwise.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("throttle")
struct ThrottleTests {
    @Test("throttle drops a value that comes due while nothing is asked for")
    func throttleDropsWithoutDemand() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        subject.throttle(for: .milliseconds(10), scheduler: scheduler, latest: true)
            .subscribe(subscriber)
        subject.send(1)
        scheduler.advance(by: .milliseconds(10))
        subject.send(2)
        scheduler.advance(by: .milliseconds(10))
        subscriber.subscription?.request(.max(1))
        scheduler.advance(by: .milliseconds(10))
        #expect(subscriber.values == [1])
        subject.send(3)
        scheduler.advance(by: .milliseconds(10))
        #expect(subscriber.values == [1, 3])
    }

    @Test(
        "throttle sends a @Published property's current value, then one value per interval",
        .skippedInAppleImitation(
            """
            OpenCombine's throttle asks its upstream for values before it hands its subscriber \
            the subscription, so the current value sent while it subscribes meets no demand and \
            is dropped. Apple's sends it: heckj/swiftui-notes UsingCombineTests/\
            DebounceAndThrottleTests.swift, run against Apple's Combine, records [-1, 1, 3, 6] \
            (latest: false) and [-1, 2, 5, 6] (latest: true) on iOS 14.1 for this script.
            """))
    func throttlePublishedCurrentValue() {
        // The script of that test, on a test scheduler instead of a real queue.
        final class Holder {
            @Published var value = -1
        }
        for (latest, expected) in [(false, [-1, 1, 3, 6]), (true, [-1, 2, 5, 6])] {
            let scheduler = DispatchQueue.test
            let holder = Holder()
            var received: [Int] = []
            let token = holder.$value.throttle(
                for: .milliseconds(500), scheduler: scheduler, latest: latest
            )
            .sink { received.append($0) }
            var now = 0
            for (at, value) in [(100, 1), (200, 2), (600, 3), (700, 4), (900, 5), (1200, 6)] {
                scheduler.advance(by: .milliseconds(at - now))
                now = at
                holder.value = value
            }
            scheduler.advance(by: .seconds(2))
            #expect(received == expected, "latest: \(latest)")
            withExtendedLifetime(token) {}
        }
    }
}
