// The filtering operators: filter, compactMap and removeDuplicates. Every test here compiles and
// passes in both configurations (.ci/apple-sim runs them against Combine) unless it says
// otherwise.
import ObservationTesting
import Publishing
import Testing

@Suite("filter, compactMap, removeDuplicates")
struct FilteringTests {
    @Test("filter and compactMap drop values")
    func filterAndCompactMap() {
        let subject = PassthroughSubject<String, Never>()
        var evens: [Int] = []
        let token = subject.compactMap(Int.init).filter { $0.isMultiple(of: 2) }
            .sink { evens.append($0) }
        for text in ["1", "2", "x", "4", "5"] { subject.send(text) }
        #expect(evens == [2, 4])
        withExtendedLifetime(token) {}
    }

    @Test("removeDuplicates drops consecutive duplicates only, by == or by a predicate")
    func removeDuplicates() {
        let subject = PassthroughSubject<Int, Never>()
        var plain: [Int] = []
        var byParity: [Int] = []
        let tokens = [
            subject.removeDuplicates().sink { plain.append($0) },
            subject.removeDuplicates { $0 % 2 == $1 % 2 }.sink { byParity.append($0) },
        ]
        for value in [1, 1, 2, 2, 1, 3, 4] { subject.send(value) }
        #expect(plain == [1, 2, 1, 3, 4])
        #expect(byParity == [1, 2, 1, 4])
        withExtendedLifetime(tokens) {}
    }

    @Test("removeDuplicates compares with the last value it was asked for and sent")
    func removeDuplicatesSeesOnlyWhatWasAskedFor() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(2))
        subject.removeDuplicates().subscribe(subscriber)
        subject.send(1)
        subject.send(1)  // a duplicate: dropped, and one more asked for in its place
        subject.send(2)
        subject.send(3)  // nothing asked for: the subject drops it
        subscriber.subscription?.request(.max(1))
        subject.send(2)
        #expect(subscriber.values == [1, 2])
        subject.send(4)
        #expect(subscriber.values == [1, 2, 4])
    }
}
