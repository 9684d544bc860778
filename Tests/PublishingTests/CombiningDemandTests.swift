// combineLatest, merge and collect(.byTime…) as Combine runs them for a subscriber that asks
// for a few values at a time, and where their completion goes. The same file compiles and passes
// in both configurations.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

/// Asks for `initial` values, and for nothing more unless told to; records what it is given.
private final class Asking<Input>: Subscriber {
    typealias Failure = Never

    private let initial: Subscribers.Demand
    private var subscription: (any Subscription)?
    private(set) var values: [Input] = []
    private(set) var completions = 0
    /// Called with each value after it is recorded, before `receive(_:)` returns.
    var whileReceiving: (Input) -> Void = { _ in }

    init(_ initial: Subscribers.Demand) {
        self.initial = initial
    }

    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        subscription.request(initial)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        whileReceiving(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        completions += 1
    }
}

@Suite("Combining with demand: combineLatest, merge, collect by time")
struct CombiningDemandTests {
    @Test("combineLatest asks each upstream for its subscriber's demand, and does not replay")
    func combineLatestDemand() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<String, Never>())
        let subscriber = Asking<(Int, String)>(.max(1))
        a.combineLatest(b).subscribe(subscriber)
        a.send(1)
        b.send("x")
        a.send(2)  // each upstream was asked for one value: the subject drops these
        b.send("y")
        #expect(subscriber.values.map { "\($0)\($1)" } == ["1x"])
        subscriber.request(.max(1))  // nothing new is sent for it: nothing came since
        #expect(subscriber.values.map { "\($0)\($1)" } == ["1x"])
        a.send(3)
        b.send("z")  // no demand: only the latest
        #expect(subscriber.values.map { "\($0)\($1)" } == ["1x", "3x"])
        subscriber.request(.max(1))
        #expect(subscriber.values.map { "\($0)\($1)" } == ["1x", "3x"])
        a.send(4)
        #expect(subscriber.values.map { "\($0)\($1)" } == ["1x", "3x", "4z"])
        a.send(completion: .finished)
        b.send(completion: .finished)
        #expect(subscriber.completions == 1)
    }

    @Test("combineLatest with unlimited demand sends on every value once all have one")
    func combineLatestUnlimited() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let subscriber = Asking<(Int, Int)>(.unlimited)
        a.combineLatest(b).subscribe(subscriber)
        a.send(1)
        a.send(2)
        b.send(10)
        b.send(20)
        a.send(3)
        #expect(subscriber.values.map { $0 + $1 } == [12, 22, 23])
    }

    @Test("merge keeps one value per upstream while there is no demand, and sends them in order")
    func mergeDemand() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let subscriber = Asking<Int>(.max(1))
        b.merge(with: a).subscribe(subscriber)
        a.send(1)
        a.send(2)  // kept for a
        a.send(3)  // a was asked for one value at a time: the subject drops it
        b.send(10)  // kept for b
        b.send(11)
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))  // the first upstream's goes first
        #expect(subscriber.values == [1, 10])
        subscriber.request(.max(5))
        #expect(subscriber.values == [1, 10, 2])
        a.send(4)
        b.send(12)
        #expect(subscriber.values == [1, 10, 2, 4, 12])
        a.send(completion: .finished)
        #expect(subscriber.completions == 0)
        b.send(completion: .finished)
        #expect(subscriber.completions == 1)
    }

    @Test(
        "merge with demand delivers a value sent from inside its delivery at once; combineLatest keeps it"
    )
    func reentrantSendsWithDemand() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let merged = Asking<Int>(.max(5))
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
        let latest = Asking<(Int, Int)>(.max(5))
        latest.whileReceiving = { if $0.0 == 1 { c.send(3) } }
        c.combineLatest(d).subscribe(latest)
        c.send(1)
        d.send(2)
        d.send(4)
        #expect(latest.values.map { "\($0)\($1)" } == ["12", "34"])
    }

    @Test("merge finishes only once the values it kept have been sent")
    func mergeFinishesAfterKept() {
        let (a, b, c) = (
            PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>(),
            PassthroughSubject<Int, Never>()
        )
        let subscriber = Asking<Int>(.max(1))
        a.merge(with: b, c).subscribe(subscriber)
        c.send(1)
        c.send(2)
        b.send(3)
        for subject in [a, b, c] { subject.send(completion: .finished) }
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == 0)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 3])
        #expect(subscriber.completions == 0)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 3, 2])
        #expect(subscriber.completions == 1)
    }

    @Test("merge with unlimited demand forwards every value; MergeMany too")
    func mergeUnlimited() {
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        let subscriber = Asking<Int>(.unlimited)
        Publishers.MergeMany(subjects).subscribe(subscriber)
        for (index, subject) in subjects.enumerated() {
            subject.send(index)
            subject.send(index + 10)
        }
        #expect(subscriber.values == [0, 10, 1, 11, 2, 12])
        for subject in subjects { subject.send(completion: .finished) }
        #expect(subscriber.completions == 1)
    }

    @Test("merge and combineLatest with demand, sent to from several threads: one at a time")
    func concurrentSendsWithDemand() async {
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let merged = Asking<Int>(.unlimited)
        let latest = Asking<(Int, Int)>(.unlimited)
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

    @Test("zip returns the demand a delivery returns to the upstream that completed the pair only")
    func zipReturnsDemandToTheTriggeringUpstream() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let subscriber = PacedSubscriber<String>(initial: .max(1), perValue: .max(1))
        a.zip(b) { "\($0)-\($1)" }.subscribe(subscriber)
        a.send(1)
        b.send(1)  // completes the pair: the .max(1) it returns goes to b only
        a.send(2)  // nothing asked of a: the subject drops it
        b.send(2)
        a.send(3)  // dropped too
        #expect(subscriber.values == ["1-1"])
        subscriber.subscription?.request(.max(1))  // asked of both
        a.send(4)
        #expect(subscriber.values == ["1-1", "4-2"])
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
}

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
