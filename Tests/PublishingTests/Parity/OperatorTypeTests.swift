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

    // MARK: merging

    @Test("merge with one to seven others returns Merge to Merge8, equal when their parts are")
    func merging() {
        typealias S = PassthroughSubject<Int, Never>
        let (a, b, c, d, e, f, g, h) = (S(), S(), S(), S(), S(), S(), S(), S())
        let two: Publishers.Merge<S, S> = a.merge(with: b)
        let three: Publishers.Merge3<S, S, S> = a.merge(with: b, c)
        let four: Publishers.Merge4<S, S, S, S> = a.merge(with: b, c, d)
        let five: Publishers.Merge5<S, S, S, S, S> = a.merge(with: b, c, d, e)
        let six: Publishers.Merge6<S, S, S, S, S, S> = a.merge(with: b, c, d, e, f)
        let seven: Publishers.Merge7<S, S, S, S, S, S, S> = a.merge(with: b, c, d, e, f, g)
        let eight: Publishers.Merge8<S, S, S, S, S, S, S, S> =
            a.merge(with: b, c, d, e, f, g, h)
        #expect(two.b === b && three.c === c && four.d === d && five.e === e)
        #expect(six.f === f && seven.g === g && eight.h === h)

        let events = (
            Events(two), Events(three), Events(four), Events(five), Events(six),
            Events(seven), Events(eight)
        )
        for (index, subject) in [a, b, c, d, e, f, g, h].enumerated() {
            subject.send(index)
            subject.send(completion: .finished)
        }
        #expect(events.0.values == [0, 1])
        #expect(events.1.values == [0, 1, 2])
        #expect(events.2.values == [0, 1, 2, 3])
        #expect(events.3.values == Array(0..<5))
        #expect(events.4.values == Array(0..<6))
        #expect(events.5.values == Array(0..<7))
        #expect(events.6.values == Array(0..<8))
        #expect(events.6.isFinished && events.2.isFinished)

        let j = Just(1)
        #expect(j.merge(with: j) == Just(1).merge(with: Just(1)))
        #expect(j.merge(with: j, j, j) == j.merge(with: j, j, j))
        #expect(j.merge(with: j, j, j, j, j, j, j) != j.merge(with: j, j, j, j, j, j, Just(2)))
    }

    @Test(
        "Merging into a merge makes one merge, as in Combine; the same type merges into MergeMany"
    )
    func chaining() {
        typealias S = PassthroughSubject<Int, Never>
        let (a, b, c, d) = (S(), S(), S(), S())
        let three: Publishers.Merge3<S, S, S> = a.merge(with: b).merge(with: c)
        let eight: Publishers.Merge8<S, S, S, S, S, S, S, S> =
            a.merge(with: b, c).merge(with: d, a, b).merge(with: c, d)
        let many: Publishers.MergeMany<S> = a.merge(with: b).merge(with: c)
        #expect(three.c === c && eight.h === d && many.publishers.count == 3)

        let events = (Events(three), Events(eight), Events(many))
        a.send(1)
        d.send(4)
        #expect(events.0.values == [1])
        #expect(events.1.values == [1, 1, 4, 4])
        #expect(events.2.values == [1])
    }

    @Test("Merge4 fails with the first failure and cancels the other upstreams")
    func mergeFourFails() {
        let subjects = (0..<4).map { _ in TrackedSubject<Int, TestError>() }
        let merged = Events(
            subjects[0].merge(with: subjects[1], subjects[2], subjects[3]))
        subjects[2].send(7)
        subjects[1].send(completion: .failure(TestError(code: 1)))
        subjects[3].send(8)
        #expect(merged.values == [7])
        #expect(merged.failure == TestError(code: 1))
        #expect(subjects.allSatisfy { $0.liveSubscriptions == 0 })
    }
}
