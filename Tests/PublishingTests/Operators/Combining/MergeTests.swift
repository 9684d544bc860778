// merge and MergeMany, from what they forward to the values they keep without demand. Every test
// here compiles and passes in both configurations (.ci/apple-sim runs them against Combine) unless
// it says otherwise.
import ObservationTesting
import Publishing
import Testing

@Suite("merge: forwarding, completion, demand, re-entrancy")
struct MergeTests {
    @Test("merge forwards every value as it comes, and finishes once all have finished")
    func merge() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let events = Events(a.merge(with: b))
        let three = Events(a.merge(with: b, c))
        a.send(1)
        b.send(2)
        c.send(3)
        a.send(completion: .finished)
        b.send(4)
        #expect(events.values == [1, 2, 4])
        #expect(three.values == [1, 2, 3, 4])
        #expect(!events.isCompleted)
        b.send(completion: .finished)
        #expect(events.isFinished)
        #expect(!three.isCompleted)
    }

    @Test("MergeMany merges any number, and with none finishes at once")
    func mergeMany() {
        let events = Events(Publishers.MergeMany([[1, 2].publisher, [3].publisher]))
        #expect(events.values == [1, 2, 3])
        #expect(events.isFinished)
        let none = Events(Publishers.MergeMany([Just<Int>]()))
        #expect(none.isFinished)
        #expect(none.values.isEmpty)
    }

    @Test("merge fails at the first failure and cancels the rest")
    func mergeFailure() {
        let a = TrackedSubject<Int, TestError>()
        let b = TrackedSubject<Int, TestError>()
        let events = Events(a.merge(with: b))
        a.send(completion: .failure(TestError(code: 1)))
        #expect(events.failure == TestError(code: 1))
        #expect(b.liveSubscriptions == 0)
    }

    @Test("A value sent from inside a delivery of merge is delivered at once")
    func reentrantSends() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        var merged: [Int] = []
        let token = a.merge(with: b).sink { value in
            merged.append(value)
            if value == 1 { b.send(2) }
            merged.append(-value)
        }
        a.send(1)
        #expect(merged == [1, 2, -2, -1])
        withExtendedLifetime(token) {}
    }

    @Test("merge keeps one value per upstream while there is no demand, and sends them in order")
    func mergeDemand() {
        let (a, b) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
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
        #expect(subscriber.completions.count == 0)
        b.send(completion: .finished)
        #expect(subscriber.completions.count == 1)
    }

    @Test("merge finishes only once the values it kept have been sent")
    func mergeFinishesAfterKept() {
        let (a, b, c) = (
            PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>(),
            PassthroughSubject<Int, Never>()
        )
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        a.merge(with: b, c).subscribe(subscriber)
        c.send(1)
        c.send(2)
        b.send(3)
        for subject in [a, b, c] { subject.send(completion: .finished) }
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.count == 0)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 3])
        #expect(subscriber.completions.count == 0)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 3, 2])
        #expect(subscriber.completions.count == 1)
    }

    @Test("merge with unlimited demand forwards every value; MergeMany too")
    func mergeUnlimited() {
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
        Publishers.MergeMany(subjects).subscribe(subscriber)
        for (index, subject) in subjects.enumerated() {
            subject.send(index)
            subject.send(index + 10)
        }
        #expect(subscriber.values == [0, 10, 1, 11, 2, 12])
        for subject in subjects { subject.send(completion: .finished) }
        #expect(subscriber.completions.count == 1)
    }
}
