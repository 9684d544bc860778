// The mapping operators: map, map over key paths, scan and tryScan. Every test here compiles and
// passes in both configurations (.ci/apple-sim runs them against Combine) unless it says
// otherwise.
import ObservationTesting
import Publishing
import Testing

@Suite("map, map over key paths, scan")
struct MappingTests {
    @Test("map transforms each value, including through a key path")
    func map() {
        let subject = CurrentValueSubject<[Int], Never>([])
        var counts: [Int] = []
        let token = subject.map(\.count).map { $0 * 10 }.sink { counts.append($0) }
        subject.send([1])
        subject.send([1, 2])
        #expect(counts == [0, 10, 20])
        withExtendedLifetime(token) {}
    }

    @Test("map over one, two and three key paths")
    func keyPaths() {
        struct Item {
            var id: Int
            var name: String
            var isDone: Bool
        }
        let items = [Item(id: 1, name: "a", isDone: true)].publisher
        #expect(Events(items.map(\.name)).values == ["a"])
        #expect(Events(items.map(\.id, \.name)).values.map { "\($0)\($1)" } == ["1a"])
        #expect(Events(items.map(\.id, \.name, \.isDone)).values.map { $0.2 } == [true])
    }

    @Test("scan sends each partial result; tryScan fails at a throw")
    func scan() {
        #expect(Events([1, 2, 3].publisher.scan(0, +)).values == [1, 3, 6])
        let thrown = Events(
            [1, 2, 3].publisher.tryScan(0) { sum, value in
                if value == 3 { throw TestError(code: sum) }
                return sum + value
            })
        #expect(thrown.values == [1, 3])
        #expect(thrown.failure as? TestError == TestError(code: 3))
    }

    @Test("scan accumulates only the values asked for: a subject drops the others")
    func scanCountsOnlyWhatWasAskedFor() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        subject.scan(0, +).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(subscriber.values == [1])
        subscriber.subscription?.request(.max(1))
        subject.send(4)
        #expect(subscriber.values == [1, 5])
    }
}
