// switchToLatest, from cancelling the previous inner publisher to the demand it passes on. Every
// test here compiles and passes in both configurations (.ci/apple-sim runs them against Combine)
// unless it says otherwise.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

/// Counts deliveries that began while another was under way: a subscriber is called one event
/// at a time, so there should be none.
// @unchecked: every field is behind `lock`.
private final class OverlapCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = 0
    private var old = 0
    private var new = 0
    private var overlaps = 0
    private var done = false

    /// Set when the sending should stop.
    var isDone: Bool {
        get { lock.withLock { done } }
        set { lock.withLock { done = newValue } }
    }

    /// Deliveries that overlapped another, and of the old (non-negative) and new (negative)
    /// values.
    var counts: (overlaps: Int, old: Int, new: Int) { lock.withLock { (overlaps, old, new) } }

    func enter(_ value: Int) {
        lock.withLock {
            inside += 1
            if inside > 1 { overlaps += 1 }
            if value >= 0 { old += 1 } else { new += 1 }
        }
        // Work inside the old inner publisher's deliveries, so that a new one's has room to
        // overlap them.
        var spin = 0
        for step in 0..<(value >= 0 ? 5_000 : 10) { spin &+= step }
        lock.withLock { inside -= 1 }
        withExtendedLifetime(spin) {}
    }
}

@Suite("switchToLatest: switching, failure, demand, serialised deliveries")
struct SwitchToLatestTests {
    @Test("switchToLatest cancels the previous inner publisher and ignores it from then on")
    func switchToLatest() {
        let upstream = PassthroughSubject<TrackedSubject<Int, Never>, Never>()
        let first = TrackedSubject<Int, Never>()
        let second = TrackedSubject<Int, Never>()
        let events = Events(upstream.switchToLatest())
        upstream.send(first)
        first.send(1)
        upstream.send(second)
        #expect(first.liveSubscriptions == 0)
        first.send(2)
        second.send(3)
        #expect(events.values == [1, 3])
        upstream.send(completion: .finished)
        #expect(!events.isCompleted)
        second.send(completion: .finished)
        #expect(events.isFinished)
    }

    @Test("switchToLatest over failing inner publishers of a publisher that cannot fail")
    func switchToLatestFailure() {
        let query = PassthroughSubject<Int, Never>()
        let events = Events(
            query.map { code in
                code == 0
                    ? AnyPublisher(Just(0).setFailureType(to: TestError.self))
                    : AnyPublisher(Fail(error: TestError(code: code)))
            }.switchToLatest())
        query.send(0)
        query.send(4)
        #expect(events.values == [0])
        #expect(events.failure == TestError(code: 4))
    }

    @Test("switchToLatest, an old inner publisher sending while a new one does: one at a time")
    func switchToLatestSerialisesDeliveries() async {
        let outer = PassthroughSubject<AnyPublisher<Int, Never>, Never>()
        let busy = PassthroughSubject<Int, Never>()
        // Delivers the old inner publisher's values on a thread of its own, whose cancel does not
        // wait for a delivery under way.
        let elsewhere = DispatchQueue(label: "switchToLatest.elsewhere")
        let entries = OverlapCounter()
        let token = outer.switchToLatest().sink { value in entries.enter(value) }
        let tokens = [token]
        // On threads of their own, not the concurrency pool, which other tests need meanwhile.
        let (sender, switcher) = (
            DispatchQueue(label: "switchToLatest.sender"),
            DispatchQueue(label: "switchToLatest.switcher")
        )
        let switches = await withCheckedContinuation { (done: CheckedContinuation<Int, Never>) in
            let group = DispatchGroup()
            // Sends for as long as the other thread switches, so the two deliver at once if
            // they can.
            sender.async(group: group) {
                var value = 0
                while !entries.isDone {
                    busy.send(value)
                    value += 1
                }
            }
            // Switches until the old inner publisher has delivered often enough for overlaps to
            // show (bounded, in case it never delivers).
            switcher.async {
                var rounds = 0
                while rounds < 20_000, rounds < 200 || entries.counts.old < 30 {
                    outer.send(busy.receive(on: elsewhere).eraseToAnyPublisher())
                    outer.send((-20 ... -1).publisher.eraseToAnyPublisher())
                    rounds += 1
                }
                entries.isDone = true
                // The last values queued for the old inner publisher's thread go out there.
                group.notify(queue: elsewhere) { done.resume(returning: rounds) }
            }
        }
        let counts = entries.counts
        #expect(counts.overlaps == 0)
        #expect(counts.old >= 30)
        // Each switch to the sequence delivers all its values.
        #expect(counts.new == switches * 20)
        withExtendedLifetime(tokens) {}
    }

    @Test("switchToLatest asks the latest inner publisher only for what is still owed")
    func switchToLatestPassesDemand() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let (first, second) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let subscriber = DemandProbe<Int, Never>(initial: .max(2))
        outer.switchToLatest().subscribe(subscriber)
        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(2)  // switched away from
        second.send(3)
        second.send(4)  // nothing owed: the subject drops it
        #expect(subscriber.values == [1, 3])
        subscriber.subscription?.request(.max(1))
        second.send(5)
        #expect(subscriber.values == [1, 3, 5])
        second.send(completion: .finished)
        #expect(subscriber.completions.count == 0)
        outer.send(completion: .finished)
        #expect(subscriber.completions.count == 1)
    }
}
