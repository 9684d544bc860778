// Combine's overloads on `Publishers.Sequence`: each computes its result when called and
// returns a publisher of values again. Each test names the type Combine gives the result, so
// it fails to compile where the overload is missing or returns another type, then subscribes
// and checks what arrives. .ci/apple-sim runs this suite against Combine (its imitation).
import Publishing
import Testing

/// Subscribes to `publisher` and expects exactly `values`, then `.finished`.
private func expectFinished<P: Publisher>(
    _ publisher: P, sending values: [P.Output],
    sourceLocation: SourceLocation = #_sourceLocation
) where P.Output: Equatable {
    let events = Events(publisher)
    #expect(events.values == values, sourceLocation: sourceLocation)
    #expect(events.isFinished, sourceLocation: sourceLocation)
}

/// Subscribes to `publisher` and expects no value, then the failure `error`.
private func expectFailure<P: Publisher>(
    _ publisher: P, with error: TestError, sourceLocation: SourceLocation = #_sourceLocation
) {
    let events = Events(publisher)
    #expect(events.values.isEmpty, sourceLocation: sourceLocation)
    #expect((events.failure as? TestError) == error, sourceLocation: sourceLocation)
}

@Suite("Publishers.Sequence: Combine's overloads, computed when called")
struct SequenceOverloadTests {
    @Test("map, filter and compactMap run their closure once per element at the call")
    func transforms() {
        var calls = 0
        let mapped: Publishers.Sequence<[String], Never> = [1, 2, 3].publisher.map {
            calls += 1
            return String($0 * 10)
        }
        #expect(calls == 3)
        expectFinished(mapped, sending: ["10", "20", "30"])
        expectFinished(mapped, sending: ["10", "20", "30"])
        #expect(calls == 3)

        let kept: Publishers.Sequence<[Int], Never> = [1, 2, 3, 4].publisher.filter {
            calls += 1
            return $0.isMultiple(of: 2)
        }
        #expect(calls == 7)
        expectFinished(kept, sending: [2, 4])

        let parsed: Publishers.Sequence<[Int], Never> = ["1", "x", "3"].publisher.compactMap {
            Int($0)
        }
        expectFinished(parsed, sending: [1, 3])
    }

    @Test("scan, reduce and tryReduce accumulate at the call")
    func accumulating() {
        let sums: Publishers.Sequence<[Int], Never> = [1, 2, 3].publisher.scan(10, +)
        expectFinished(sums, sending: [11, 13, 16])

        let total: Result<Int, Never>.Publisher = [1, 2, 3].publisher.reduce(10, +)
        expectFinished(total, sending: [16])
        expectFinished([Int]().publisher.reduce(7, +), sending: [7])

        let product: Result<Int, any Error>.Publisher = [2, 3].publisher.tryReduce(1, *)
        expectFinished(product, sending: [6])
        let thrown: Result<Int, any Error>.Publisher = [2, 3].publisher.tryReduce(1) { _, value in
            throw TestError(code: value)
        }
        expectFailure(thrown, with: TestError(code: 2))
    }

    @Test("allSatisfy, contains and their throwing forms decide at the call")
    func deciding() {
        let all: Result<Bool, Never>.Publisher = [2, 4].publisher.allSatisfy { $0 > 1 }
        expectFinished(all, sending: [true])
        let tryAll: Result<Bool, any Error>.Publisher = [2, 4].publisher.tryAllSatisfy {
            $0 > 3
        }
        expectFinished(tryAll, sending: [false])
        expectFailure(
            [2, 4].publisher.tryAllSatisfy { throw TestError(code: $0) }, with: TestError(code: 2))

        var asked: [Int] = []
        let found: Result<Bool, Never>.Publisher = [1, 2, 3].publisher.contains {
            asked.append($0)
            return $0 == 2
        }
        expectFinished(found, sending: [true])
        #expect(asked == [1, 2])
        let tryFound: Result<Bool, any Error>.Publisher = [1, 2].publisher.tryContains {
            $0 == 5
        }
        expectFinished(tryFound, sending: [false])
        expectFailure(
            [1, 2].publisher.tryContains { throw TestError(code: $0) }, with: TestError(code: 1))

        let element: Result<Bool, Never>.Publisher = [1, 2].publisher.contains(2)
        expectFinished(element, sending: [true])
        expectFinished([1, 2].publisher.contains(3), sending: [false])
    }

    @Test("dropFirst and prefix stay lazy, so they cut an endless sequence short")
    func lazySlices() {
        let dropped: Publishers.Sequence<DropFirstSequence<[Int]>, Never> = [1, 2, 3].publisher
            .dropFirst()
        expectFinished(dropped, sending: [2, 3])
        let head: Publishers.Sequence<PrefixSequence<[Int]>, Never> = [1, 2, 3].publisher.prefix(2)
        expectFinished(head, sending: [1, 2])

        let endless:
            Publishers.Sequence<PrefixSequence<DropFirstSequence<PartialRangeFrom<Int>>>, Never> =
                (1...).publisher.dropFirst(2).prefix(3)
        expectFinished(endless, sending: [3, 4, 5])
    }

    @Test("drop(while:) and prefix(while:) test the leading elements at the call")
    func whileSlices() {
        var asked: [Int] = []
        let rest: Publishers.Sequence<DropWhileSequence<[Int]>, Never> = [1, 2, 3, 1].publisher
            .drop {
                asked.append($0)
                return $0 < 2
            }
        #expect(asked == [1, 2])
        expectFinished(rest, sending: [2, 3, 1])
        #expect(asked == [1, 2])

        let leading: Publishers.Sequence<[Int], Never> = (1...).publisher.prefix { $0 < 4 }
        expectFinished(leading, sending: [1, 2, 3])
    }

    @Test("collect, ignoreOutput, replaceNil and removeDuplicates")
    func reshaping() {
        let all: Result<[Int], Never>.Publisher = [1, 2].publisher.collect()
        expectFinished(all, sending: [[1, 2]])

        let nothing: Empty<Int, Never> = [1, 2].publisher.ignoreOutput()
        #expect(nothing.completeImmediately)
        expectFinished(nothing, sending: [])

        // Combine's declaration keeps the elements optional.
        let filled: Publishers.Sequence<[Int?], Never> = [1, nil, 3].publisher.replaceNil(with: 0)
        expectFinished(filled, sending: [1, 0, 3])

        let distinct: Publishers.Sequence<[Int], Never> = [1, 1, 2, 1, 1].publisher
            .removeDuplicates()
        expectFinished(distinct, sending: [1, 2, 1])
        expectFinished([Int?.none, nil, 1].publisher.removeDuplicates(), sending: [nil, 1])
    }

    @Test("setFailureType keeps the sequence, from any failure type to any other")
    func failureType() {
        let typed: Publishers.Sequence<[Int], TestError> = [1, 2].publisher.setFailureType(
            to: TestError.self)
        #expect(typed.sequence == [1, 2])
        expectFinished(typed, sending: [1, 2])

        struct OtherError: Error {}
        let retyped: Publishers.Sequence<[Int], OtherError> = typed.setFailureType(
            to: OtherError.self)
        expectFinished(retyped, sending: [1, 2])
    }

    @Test("min, max, first(where:) and their comparators, on a sequence that cannot fail")
    func picking() {
        let smallest: Optional<Int>.Publisher = [3, 1, 2].publisher.min()
        expectFinished(smallest, sending: [1])
        let largest: Optional<Int>.Publisher = [3, 1, 2].publisher.max()
        expectFinished(largest, sending: [3])
        expectFinished([Int]().publisher.min(), sending: [])

        let reversedSmallest: Optional<Int>.Publisher = [3, 1, 2].publisher.min(by: >)
        expectFinished(reversedSmallest, sending: [3])
        let reversedLargest: Optional<Int>.Publisher = [3, 1, 2].publisher.max(by: >)
        expectFinished(reversedLargest, sending: [1])

        var asked: [Int] = []
        let even: Optional<Int>.Publisher = [1, 2, 4].publisher.first {
            asked.append($0)
            return $0.isMultiple(of: 2)
        }
        expectFinished(even, sending: [2])
        #expect(asked == [1, 2])
        expectFinished([1, 3].publisher.first { $0 > 5 }, sending: [])
    }

    @Test("first, last and last(where:) read a collection's ends")
    func ends() {
        let first: Optional<Character>.Publisher = "abc".publisher.first()
        expectFinished(first, sending: ["a"])
        let last: Optional<Character>.Publisher = "abc".publisher.last()
        expectFinished(last, sending: ["c"])
        let lastNotC: Optional<Character>.Publisher = "abc".publisher.last { $0 != "c" }
        expectFinished(lastNotC, sending: ["b"])
        expectFinished([Int]().publisher.first(), sending: [])
        expectFinished([Int]().publisher.last(), sending: [])
    }

    @Test("output(at:) and output(in:) index the collection, by its own index type")
    func indexing() {
        let text = "abcd"
        let second = text.index(after: text.startIndex)
        let atIndex: Optional<Character>.Publisher = text.publisher.output(at: second)
        expectFinished(atIndex, sending: ["b"])
        expectFinished(text.publisher.output(at: text.endIndex), sending: [])
        let inRange: Publishers.Sequence<[Character], Never> = text.publisher.output(
            in: second..<text.endIndex)
        expectFinished(inRange, sending: ["b", "c", "d"])

        let atOffset: Optional<Int>.Publisher = [10, 20, 30].publisher.output(at: 1)
        expectFinished(atOffset, sending: [20])
        expectFinished([10, 20, 30].publisher.output(at: 3), sending: [])
        expectFinished([10, 20, 30].publisher.output(at: -1), sending: [])
        let slice: Publishers.Sequence<[Int], Never> = [10, 20, 30].publisher.output(in: 1..<3)
        expectFinished(slice, sending: [20, 30])
        let failable: Publishers.Sequence<[Int], TestError> = [10, 20, 30].publisher
            .setFailureType(to: TestError.self).output(in: 0..<1)
        expectFinished(failable, sending: [10])
    }

    @Test("count is a Just for a random-access collection that cannot fail, else a Result")
    func counting() {
        let justCount: Just<Int> = [1, 2, 3].publisher.count()
        expectFinished(justCount, sending: [3])
        let failableCount: Result<Int, TestError>.Publisher = [1, 2, 3].publisher
            .setFailureType(to: TestError.self).count()
        expectFinished(failableCount, sending: [3])
        let characters: Result<Int, Never>.Publisher = "abcd".publisher.count()
        expectFinished(characters, sending: [4])
    }

    @Test("prepend and append build one collection of the sequence's own type")
    func joining() {
        let variadicFirst: Publishers.Sequence<[Int], Never> = [3].publisher.prepend(1, 2)
        expectFinished(variadicFirst, sending: [1, 2, 3])
        let sequenceFirst: Publishers.Sequence<[Int], Never> = [3].publisher.prepend(1...2)
        expectFinished(sequenceFirst, sending: [1, 2, 3])
        let publisherFirst: Publishers.Sequence<[Int], Never> = [3].publisher.prepend(
            [1, 2].publisher)
        expectFinished(publisherFirst, sending: [1, 2, 3])

        let variadicLast: Publishers.Sequence<[Int], Never> = [1].publisher.append(2, 3)
        expectFinished(variadicLast, sending: [1, 2, 3])
        let sequenceLast: Publishers.Sequence<[Int], Never> = [1].publisher.append(2...3)
        expectFinished(sequenceLast, sending: [1, 2, 3])
        let publisherLast: Publishers.Sequence<[Int], Never> = [1].publisher.append(
            [2, 3].publisher)
        expectFinished(publisherLast, sending: [1, 2, 3])

        // The sequence's own type: a String stays a String.
        let text: Publishers.Sequence<String, Never> = "bc".publisher
            .prepend(Character("a")).append(["d", "e"])
        #expect(text.sequence == "abcde")
    }
}
