import Foundation
import Publishing
import Testing

/// Names Combine's operator types, so code that spells them compiles wherever `Publishing` does:
/// on Linux and in the imitated Apple configuration (where they are Combine's own).
@Suite("Operators return Combine's named types")
struct OperatorTypeTests {
    struct Point: Codable, Equatable {
        var x: Int
        var y: Int
        var z: Int
    }

    // MARK: reducing

    @Test(
        "collect, count, reduce, last, min and max return Collect, Count, Reduce, Last, Comparison")
    func reducing() {
        let subject = PassthroughSubject<Int, Never>()
        let collect: Publishers.Collect<PassthroughSubject<Int, Never>> = subject.collect()
        let collectByCount: Publishers.CollectByCount<PassthroughSubject<Int, Never>> =
            subject.collect(2)
        let count: Publishers.Count<PassthroughSubject<Int, Never>> = subject.count()
        let reduce: Publishers.Reduce<PassthroughSubject<Int, Never>, Int> = subject.reduce(0, +)
        let last: Publishers.Last<PassthroughSubject<Int, Never>> = subject.last()
        let lastWhere: Publishers.LastWhere<PassthroughSubject<Int, Never>> =
            subject.last { $0 < 3 }
        let min: Publishers.Comparison<PassthroughSubject<Int, Never>> = subject.min()
        let max: Publishers.Comparison<PassthroughSubject<Int, Never>> = subject.max()
        let minBy: Publishers.Comparison<PassthroughSubject<Int, Never>> = subject.min { $0 > $1 }
        let maxBy: Publishers.Comparison<PassthroughSubject<Int, Never>> = subject.max { $0 > $1 }
        #expect(collect.upstream === subject && collectByCount.count == 2)
        #expect(reduce.initial == 0 && reduce.nextPartialResult(1, 2) == 3)
        #expect(lastWhere.predicate(2) && !lastWhere.predicate(3))
        #expect(max.areInIncreasingOrder(1, 2) && maxBy.areInIncreasingOrder(2, 1))

        let events = (
            Events(collect), Events(collectByCount), Events(count), Events(reduce),
            Events(last), Events(lastWhere), Events(min), Events(max), Events(minBy),
            Events(maxBy)
        )
        for value in [2, 5, 1, 4, 3] { subject.send(value) }
        subject.send(completion: .finished)
        #expect(events.0.values == [[2, 5, 1, 4, 3]])
        #expect(events.1.values == [[2, 5], [1, 4], [3]])
        #expect(events.2.values == [5])
        #expect(events.3.values == [15])
        #expect(events.4.values == [3])
        #expect(events.5.values == [1])
        #expect(events.6.values == [1])
        #expect(events.7.values == [5])
        #expect(events.8.values == [5])
        #expect(events.9.values == [1])
        #expect(events.9.isFinished)
    }

    @Test("min and max keep the first of equal values, as Combine's Comparison does")
    func comparisonKeepsTheFirstOfEquals() {
        let pairs = [(1, "a"), (0, "b"), (1, "c"), (0, "d")].publisher
        #expect(Events(pairs.min { $0.0 < $1.0 }).values.map(\.1) == ["b"])
        #expect(Events(pairs.max { $0.0 < $1.0 }).values.map(\.1) == ["a"])
    }

    // MARK: deciding

    @Test(
        "first, contains and allSatisfy return First, FirstWhere, Contains, ContainsWhere, AllSatisfy"
    )
    func deciding() {
        let subject = PassthroughSubject<Int, Never>()
        let first: Publishers.First<PassthroughSubject<Int, Never>> = subject.first()
        let firstWhere: Publishers.FirstWhere<PassthroughSubject<Int, Never>> =
            subject.first { $0 > 1 }
        let contains: Publishers.Contains<PassthroughSubject<Int, Never>> = subject.contains(2)
        let containsWhere: Publishers.ContainsWhere<PassthroughSubject<Int, Never>> =
            subject.contains { $0 > 5 }
        let allSatisfy: Publishers.AllSatisfy<PassthroughSubject<Int, Never>> =
            subject.allSatisfy { $0 < 2 }
        #expect(contains.output == 2 && firstWhere.predicate(2) && !containsWhere.predicate(2))
        #expect(allSatisfy.predicate(1) && first.upstream === subject)

        let events = (
            Events(first), Events(firstWhere), Events(contains), Events(containsWhere),
            Events(allSatisfy)
        )
        subject.send(1)
        #expect(events.0.values == [1] && events.0.isFinished)
        subject.send(2)
        #expect(events.1.values == [2] && events.1.isFinished)
        #expect(events.2.values == [true] && events.2.isFinished)
        #expect(events.4.values == [false] && events.4.isFinished)
        #expect(!events.3.isCompleted)
        subject.send(completion: .finished)
        #expect(events.3.values == [false] && events.3.isFinished)
    }

    // MARK: equality

    @Test("Collect, CollectByCount, Count, Last, First and Contains are equal when their parts are")
    func equatable() {
        let just = Just(1)
        #expect(just.collect() == Just(1).collect())
        #expect(just.collect(2) == Just(1).collect(2))
        #expect(just.collect(2) != Just(1).collect(3))
        #expect(just.count() == Just(1).count())
        #expect(just.last() == Just(1).last())
        #expect(just.first() != Just(2).first())
        #expect(just.contains(1) == Just(1).contains(1))
        #expect(just.contains(1) != Just(1).contains(2))
    }

    // MARK: key paths

    @Test("map with one, two and three key paths returns MapKeyPath, MapKeyPath2, MapKeyPath3")
    func keyPaths() {
        let subject = PassthroughSubject<Point, Never>()
        let one: Publishers.MapKeyPath<PassthroughSubject<Point, Never>, Int> = subject.map(\.x)
        let two: Publishers.MapKeyPath2<PassthroughSubject<Point, Never>, Int, Int> =
            subject.map(\.x, \.y)
        let three: Publishers.MapKeyPath3<PassthroughSubject<Point, Never>, Int, Int, Int> =
            subject.map(\.x, \.y, \.z)
        #expect(one.keyPath == \Point.x && two.keyPath1 == \Point.y && three.keyPath2 == \Point.z)

        let events = (Events(one), Events(two), Events(three))
        subject.send(Point(x: 1, y: 2, z: 3))
        #expect(events.0.values == [1])
        #expect(events.1.values.map { [$0.0, $0.1] } == [[1, 2]])
        #expect(events.2.values.map { [$0.0, $0.1, $0.2] } == [[1, 2, 3]])
    }

    // MARK: coding

    @Test("encode and decode return Encode and Decode; a decoding error fails the stream")
    func coding() throws {
        let points = [Point(x: 1, y: 2, z: 3)].publisher
        let encode: Publishers.Encode<Publishers.Sequence<[Point], Never>, JSONEncoder> =
            points.encode(encoder: JSONEncoder())
        let encoded = Events(encode)
        #expect(encoded.values.count == 1 && encoded.isFinished)

        let decode: Publishers.Decode<Publishers.Sequence<[Data], Never>, Point, JSONDecoder> =
            encoded.values.publisher.decode(type: Point.self, decoder: JSONDecoder())
        #expect(Events(decode).values == points.sequence)

        let broken = Events(Just(Data("{".utf8)).decode(type: Point.self, decoder: JSONDecoder()))
        #expect(broken.values.isEmpty)
        #expect(broken.failure is DecodingError)
    }

    // MARK: replaceNil

    @Test("replaceNil returns Map")
    func replaceNil() {
        let subject = PassthroughSubject<Int?, Never>()
        let replaced: Publishers.Map<PassthroughSubject<Int?, Never>, Int> =
            subject.replaceNil(with: 0)
        let events = Events(replaced)
        subject.send(nil)
        subject.send(4)
        #expect(events.values == [0, 4])
    }
}
