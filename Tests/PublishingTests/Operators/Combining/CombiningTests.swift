// What the combining operators must do alike, asserted for several at once: one test per property,
// each run through merge, combineLatest and zip where they share it. An operator's own behaviour
// is in its own file beside this one. Every test here compiles and passes in both configurations
// (.ci/apple-sim runs them against Combine) unless it says otherwise.
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("combineLatest, zip and merge side by side: cancelling, sends from several threads")
struct CombiningTests {
    @Test("Cancelling a combined subscription cancels every upstream")
    func cancellingCancelsEveryUpstream() {
        let upstreams = (0..<4).map { _ in TrackedSubject<Int, Never>() }
        let (a, b, c, d) = (upstreams[0], upstreams[1], upstreams[2], upstreams[3])
        let tokens = [
            a.combineLatest(b, c, d).sink { _ in },
            a.zip(b, c, d).sink { _ in },
            a.merge(with: b, c).sink { _ in },
            Publishers.MergeMany(upstreams).sink { _ in },
            a.flatMap { _ in b }.sink { _ in },
            a.map { _ in c }.switchToLatest().sink { _ in },
        ]
        a.send(1)  // starts the inner subscriptions of flatMap and switchToLatest
        #expect(upstreams.map(\.liveSubscriptions) == [6, 5, 5, 3])
        for token in tokens { token.cancel() }
        #expect(upstreams.map(\.liveSubscriptions) == [0, 0, 0, 0])
    }

    @Test(
        "Sends from several threads through merge, combineLatest and zip: none lost, none doubled"
    )
    func concurrentSends() async {
        let threads = 4
        let perThread = 500
        let subjects = (0..<threads).map { _ in PassthroughSubject<Int, Never>() }
        let merged = Locked<[Int]>([])
        let latestCount = Locked(0)
        let zippedCount = Locked(0)
        var inFlight = 0
        let overlap = Locked(false)
        let tokens = [
            Publishers.MergeMany(subjects).sink { value in
                merged.withLock { $0.append(value) }
            },
            subjects[0].combineLatest(subjects[1]).sink { _ in
                // One delivery at a time: no two threads inside at once.
                inFlight += 1
                if inFlight != 1 { overlap.withLock { $0 = true } }
                latestCount.withLock { $0 += 1 }
                inFlight -= 1
            },
            subjects[2].zip(subjects[3]).sink { _ in zippedCount.withLock { $0 += 1 } },
        ]
        await withTaskGroup(of: Void.self) { group in
            for (index, subject) in subjects.enumerated() {
                group.addTask {
                    for value in 0..<perThread { subject.send(index * perThread + value) }
                }
            }
        }
        let values = merged.withLock { $0 }
        #expect(values.count == threads * perThread)
        for index in 0..<threads {
            let mine = values.filter { $0 / perThread == index }
            #expect(mine == Array(index * perThread..<(index + 1) * perThread))
        }
        // combineLatest sends once both have a value: every value after that, of either.
        #expect(latestCount.withLock { $0 } >= perThread)
        #expect(zippedCount.withLock { $0 } == perThread)
        #expect(!overlap.withLock { $0 })
        withExtendedLifetime(tokens) {}
    }

    @Test(
        "merge with demand delivers a value sent from inside its delivery at once; combineLatest keeps it"
    )
    func reentrantSendsWithDemand() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let merged = DemandProbe<Int, Never>(initial: .max(5))
        var order: [Int] = []
        merged.whileReceiving = { value in
            order.append(value)
            if value == 1 { b.send(2) }
            order.append(-value)
        }
        a.merge(with: b).subscribe(merged)
        a.send(1)
        #expect(order == [1, 2, -2, -1])

        let (c, d) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let latest = DemandProbe<(Int, Int), Never>(initial: .max(5))
        latest.whileReceiving = { if $0.0 == 1 { c.send(3) } }
        c.combineLatest(d).subscribe(latest)
        c.send(1)
        d.send(2)
        d.send(4)
        #expect(latest.values.map { "\($0)\($1)" } == ["12", "34"])
    }

    @Test("merge and combineLatest with demand, sent to from several threads: one at a time")
    func concurrentSendsWithDemand() async {
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let merged = DemandProbe<Int, Never>(initial: .unlimited)
        let latest = DemandProbe<(Int, Int), Never>(initial: .unlimited)
        Publishers.MergeMany(subjects).subscribe(merged)
        subjects[0].combineLatest(subjects[1]).subscribe(latest)
        await withTaskGroup(of: Void.self) { group in
            for subject in subjects {
                group.addTask { for value in 0..<500 { subject.send(value) } }
            }
        }
        #expect(merged.values.count == 2000)
        // Once both have a value, each value may send (Combine's may fold values that come
        // while it delivers into one send).
        #expect((1..<1000).contains(latest.values.count))
    }
}
