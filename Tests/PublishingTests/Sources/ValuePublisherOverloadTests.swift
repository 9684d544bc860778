// Combine's overloads of the value publishers' operators (`Just`, `Optional.Publisher`,
// `Result.Publisher`): each returns a value publisher again, computed when the operator is
// called. Each test names the result's type (a wrong type fails to compile, on Linux and in the
// imitated Apple configuration alike), subscribes, and checks what is sent; the closure counts
// show which closures run at once and which never run.
import Foundation
import Publishing
import Testing

/// Subscribes to `publisher` and expects exactly `values`, then `.finished`.
private func expectSends<P: Publisher>(
    _ publisher: P, _ values: [P.Output], sourceLocation: SourceLocation = #_sourceLocation
) where P.Output: Equatable {
    let events = Events(publisher)
    #expect(events.values == values, sourceLocation: sourceLocation)
    #expect(events.isFinished, sourceLocation: sourceLocation)
}

/// Subscribes to `publisher` and expects no value, then the failure `error`.
private func expectFails<P: Publisher>(
    _ publisher: P, with error: TestError, sourceLocation: SourceLocation = #_sourceLocation
) {
    let events = Events(publisher)
    #expect(events.values.isEmpty, sourceLocation: sourceLocation)
    #expect(events.failure.flatMap { $0 as? TestError } == error, sourceLocation: sourceLocation)
}

/// `mapError`'s transform for a publisher that cannot fail: there is no error to transform.
private func neverAnError(_ never: Never) -> TestError {
    never
}

private struct Point: Equatable {
    var x: Int
}

@Suite("Value publishers' own operators answer at once, with Combine's types")
struct ValuePublisherOverloadTests {
    // MARK: Just

    @Test("Just's map, tryMap, compactMap and collect run their closure at once")
    func justTransforming() {
        var calls = 0
        let map: Just<Int> = Just(1).map {
            calls += 1
            return $0 + 1
        }
        #expect(calls == 1)
        expectSends(map, [2])

        let tryMap: Result<Int, Error>.Publisher = Just(1).tryMap {
            calls += 1
            return $0 * 10
        }
        #expect(calls == 2)
        expectSends(tryMap, [10])
        let tryMapThrows: Result<Int, Error>.Publisher = Just(1).tryMap { _ in
            throw TestError(code: 1)
        }
        expectFails(tryMapThrows, with: TestError(code: 1))

        let compactMap: Optional<String>.Publisher = Just(2).compactMap {
            calls += 1
            return String($0)
        }
        #expect(calls == 3)
        expectSends(compactMap, ["2"])
        let compactMapNil: Optional<Int>.Publisher = Just(2).compactMap { _ in nil }
        expectSends(compactMapNil, [])

        let collect: Just<[Int]> = Just(3).collect()
        expectSends(collect, [[3]])
        #expect(calls == 3)
    }

    @Test("Just's filter, first, last, drop and prefix operators keep the value or not, at once")
    func justFiltering() {
        var calls = 0
        let even: (Int) -> Bool = {
            calls += 1
            return $0.isMultiple(of: 2)
        }
        let filter: Optional<Int>.Publisher = Just(2).filter(even)
        let filterOut: Optional<Int>.Publisher = Just(3).filter(even)
        let firstWhere: Optional<Int>.Publisher = Just(2).first(where: even)
        let lastWhere: Optional<Int>.Publisher = Just(3).last(where: even)
        let dropWhile: Optional<Int>.Publisher = Just(2).drop(while: even)
        let dropWhileKept: Optional<Int>.Publisher = Just(3).drop(while: even)
        let prefixWhile: Optional<Int>.Publisher = Just(2).prefix(while: even)
        #expect(calls == 7)
        expectSends(filter, [2])
        expectSends(filterOut, [])
        expectSends(firstWhere, [2])
        expectSends(lastWhere, [])
        expectSends(dropWhile, [])
        expectSends(dropWhileKept, [3])
        expectSends(prefixWhile, [2])

        let first: Just<Int> = Just(4).first()
        let last: Just<Int> = Just(4).last()
        let dropFirst: Optional<Int>.Publisher = Just(4).dropFirst()
        let dropNone: Optional<Int>.Publisher = Just(4).dropFirst(0)
        let prefix: Optional<Int>.Publisher = Just(4).prefix(1)
        let prefixNone: Optional<Int>.Publisher = Just(4).prefix(0)
        let outputAt: Optional<Int>.Publisher = Just(4).output(at: 0)
        let outputAfter: Optional<Int>.Publisher = Just(4).output(at: 1)
        let outputIn: Optional<Int>.Publisher = Just(4).output(in: 0..<3)
        let outputInLater: Optional<Int>.Publisher = Just(4).output(in: 1...)
        // Combine decides on the lower bound alone (see Just.output(in:)).
        let outputInEmpty: Optional<Int>.Publisher = Just(4).output(in: 0..<0)
        let ignoreOutput: Empty<Int, Never> = Just(4).ignoreOutput()
        expectSends(first, [4])
        expectSends(last, [4])
        expectSends(dropFirst, [])
        expectSends(dropNone, [4])
        expectSends(prefix, [4])
        expectSends(prefixNone, [])
        expectSends(outputAt, [4])
        expectSends(outputAfter, [])
        expectSends(outputIn, [4])
        expectSends(outputInLater, [])
        expectSends(outputInEmpty, [4])
        expectSends(ignoreOutput, [])
    }

    @Test("Just's comparisons and duplicate removal never call their closure, but try's does")
    func justComparing() {
        var calls = 0
        let ordered: (Int, Int) -> Bool = {
            calls += 1
            return $0 < $1
        }
        let min: Just<Int> = Just(5).min()
        let max: Just<Int> = Just(5).max()
        let minBy: Just<Int> = Just(5).min(by: ordered)
        let maxBy: Just<Int> = Just(5).max(by: ordered)
        let removeDuplicates: Just<Int> = Just(5).removeDuplicates()
        let removeDuplicatesBy: Just<Int> = Just(5).removeDuplicates(by: ordered)
        #expect(calls == 0)
        for publisher in [min, max, minBy, maxBy, removeDuplicates, removeDuplicatesBy] {
            expectSends(publisher, [5])
        }

        var pairs: [[Int]] = []
        let tryRemoveDuplicates: Result<Int, Error>.Publisher = Just(5).tryRemoveDuplicates {
            pairs.append([$0, $1])
            return $0 == $1
        }
        #expect(pairs == [[5, 5]])
        expectSends(tryRemoveDuplicates, [5])
        let tryRemoveThrows: Result<Int, Error>.Publisher = Just(5).tryRemoveDuplicates { _, _ in
            throw TestError(code: 2)
        }
        expectFails(tryRemoveThrows, with: TestError(code: 2))
    }

    @Test("Just's contains, allSatisfy and count answer at once; the try forms fail with a throw")
    func justMatching() {
        var calls = 0
        let small: (Int) -> Bool = {
            calls += 1
            return $0 < 10
        }
        let contains: Just<Bool> = Just(6).contains(6)
        let containsNot: Just<Bool> = Just(6).contains(7)
        let containsWhere: Just<Bool> = Just(6).contains(where: small)
        let allSatisfy: Just<Bool> = Just(16).allSatisfy(small)
        let tryContains: Result<Bool, Error>.Publisher = Just(6).tryContains(where: small)
        let tryAllSatisfy: Result<Bool, Error>.Publisher = Just(6).tryAllSatisfy(small)
        #expect(calls == 4)
        expectSends(contains, [true])
        expectSends(containsNot, [false])
        expectSends(containsWhere, [true])
        expectSends(allSatisfy, [false])
        expectSends(tryContains, [true])
        expectSends(tryAllSatisfy, [true])
        let tryContainsThrows: Result<Bool, Error>.Publisher = Just(6).tryContains { _ in
            throw TestError(code: 3)
        }
        let tryAllSatisfyThrows: Result<Bool, Error>.Publisher = Just(6).tryAllSatisfy { _ in
            throw TestError(code: 4)
        }
        expectFails(tryContainsThrows, with: TestError(code: 3))
        expectFails(tryAllSatisfyThrows, with: TestError(code: 4))

        let count: Just<Int> = Just("one").count()
        expectSends(count, [1])
    }

    @Test("Just's reduce and scan combine at once; tryReduce and tryScan fail with a throw")
    func justReducing() {
        var calls = 0
        let plus: (Int, Int) -> Int = {
            calls += 1
            return $0 + $1
        }
        let reduce: Result<Int, Never>.Publisher = Just(2).reduce(10, plus)
        let scan: Result<Int, Never>.Publisher = Just(2).scan(20, plus)
        let tryReduce: Result<Int, Error>.Publisher = Just(2).tryReduce(30, plus)
        let tryScan: Result<Int, Error>.Publisher = Just(2).tryScan(40, plus)
        #expect(calls == 4)
        expectSends(reduce, [12])
        expectSends(scan, [22])
        expectSends(tryReduce, [32])
        expectSends(tryScan, [42])

        let tryReduceThrows: Result<Int, Error>.Publisher = Just(2).tryReduce(0) { _, _ in
            throw TestError(code: 5)
        }
        let tryScanThrows: Result<Int, Error>.Publisher = Just(2).tryScan(0) { _, _ in
            throw TestError(code: 6)
        }
        expectFails(tryReduceThrows, with: TestError(code: 5))
        expectFails(tryScanThrows, with: TestError(code: 6))
    }

    @Test("Just's error operators: nothing to replace or retry; mapError never calls its closure")
    func justErrors() {
        let replaceError: Just<Int> = Just(7).replaceError(with: 0)
        let replaceEmpty: Just<Int> = Just(7).replaceEmpty(with: 0)
        let retry: Just<Int> = Just(7).retry(3)
        let setFailureType: Result<Int, TestError>.Publisher = Just(7).setFailureType(
            to: TestError.self)
        let mapError: Result<Int, TestError>.Publisher = Just(7).mapError(neverAnError)
        expectSends(replaceError, [7])
        expectSends(replaceEmpty, [7])
        expectSends(retry, [7])
        expectSends(setFailureType, [7])
        expectSends(mapError, [7])
        #expect(setFailureType.result == .success(7))
    }

    @Test("Just's prepend and append make one sequence publisher")
    func justSequences() {
        let prepend: Publishers.Sequence<[Int], Never> = Just(3).prepend(1, 2)
        let prependSequence: Publishers.Sequence<[Int], Never> = Just(3).prepend(1...2)
        let append: Publishers.Sequence<[Int], Never> = Just(1).append(2, 3)
        let appendSequence: Publishers.Sequence<[Int], Never> = Just(1).append([2, 3])
        for publisher in [prepend, prependSequence, append, appendSequence] {
            #expect(publisher.sequence == [1, 2, 3])
            expectSends(publisher, [1, 2, 3])
        }
    }

    @Test("Unannotated, Just(x).map with a key path stays MapKeyPath; a closure chain is eager")
    func justResolution() {
        // The same overloads and the same compiler decide this on Apple platforms: a key path
        // literal prefers the key-path overload to a conversion into a closure.
        let keyPath = Just(Point(x: 8)).map(\.x)
        #expect(type(of: keyPath) == Publishers.MapKeyPath<Just<Point>, Int>.self)
        expectSends(keyPath, [8])
        var calls = 0
        let chain = Just(1).map { $0 + 1 }.filter {
            calls += 1
            return $0 > 1
        }
        #expect(type(of: chain) == Optional<Int>.Publisher.self)
        #expect(calls == 1)
        expectSends(chain, [2])
        let erased: AnyPublisher<Int, Never> = Just(1).map { $0 * 3 }.eraseToAnyPublisher()
        expectSends(erased, [3])
    }
}

@Suite("Optional.Publisher's own operators answer at once, with Combine's types")
struct OptionalPublisherOverloadTests {
    let some: Int? = 4
    let none: Int? = nil

    @Test("map and compactMap run their closure at once, and only on a value")
    func transforming() {
        var calls = 0
        let map: Optional<Int>.Publisher = some.publisher.map {
            calls += 1
            return $0 + 1
        }
        let mapNone: Optional<Int>.Publisher = none.publisher.map {
            calls += 1
            return $0 + 1
        }
        let compactMap: Optional<String>.Publisher = some.publisher.compactMap {
            calls += 1
            return String($0)
        }
        let compactMapNil: Optional<Int>.Publisher = some.publisher.compactMap { _ in nil }
        #expect(calls == 2)
        expectSends(map, [5])
        expectSends(mapNone, [])
        expectSends(compactMap, ["4"])
        expectSends(compactMapNil, [])
    }

    @Test("filter, first, last, drop and prefix operators keep the value or not, at once")
    func filtering() {
        var calls = 0
        let even: (Int) -> Bool = {
            calls += 1
            return $0.isMultiple(of: 2)
        }
        let filter: Optional<Int>.Publisher = some.publisher.filter(even)
        let filterOut: Optional<Int>.Publisher = Optional(3).publisher.filter(even)
        let filterNone: Optional<Int>.Publisher = none.publisher.filter(even)
        let firstWhere: Optional<Int>.Publisher = some.publisher.first(where: even)
        let lastWhere: Optional<Int>.Publisher = Optional(3).publisher.last(where: even)
        let dropWhile: Optional<Int>.Publisher = some.publisher.drop(while: even)
        let prefixWhile: Optional<Int>.Publisher = some.publisher.prefix(while: even)
        #expect(calls == 6)
        expectSends(filter, [4])
        expectSends(filterOut, [])
        expectSends(filterNone, [])
        expectSends(firstWhere, [4])
        expectSends(lastWhere, [])
        expectSends(dropWhile, [])
        expectSends(prefixWhile, [4])

        let first: Optional<Int>.Publisher = some.publisher.first()
        let last: Optional<Int>.Publisher = some.publisher.last()
        let dropFirst: Optional<Int>.Publisher = some.publisher.dropFirst()
        let dropNone: Optional<Int>.Publisher = some.publisher.dropFirst(0)
        let prefix: Optional<Int>.Publisher = some.publisher.prefix(2)
        let prefixNone: Optional<Int>.Publisher = some.publisher.prefix(0)
        let outputAt: Optional<Int>.Publisher = some.publisher.output(at: 0)
        let outputAfter: Optional<Int>.Publisher = some.publisher.output(at: 1)
        let outputIn: Optional<Int>.Publisher = some.publisher.output(in: 0...0)
        let outputInEmpty: Optional<Int>.Publisher = some.publisher.output(in: 0..<0)
        let outputInLater: Optional<Int>.Publisher = some.publisher.output(in: 1..<5)
        let ignoreOutput: Empty<Int, Never> = some.publisher.ignoreOutput()
        expectSends(first, [4])
        expectSends(last, [4])
        expectSends(dropFirst, [])
        expectSends(dropNone, [4])
        expectSends(prefix, [4])
        expectSends(prefixNone, [])
        expectSends(outputAt, [4])
        expectSends(outputAfter, [])
        expectSends(outputIn, [4])
        expectSends(outputInEmpty, [])
        expectSends(outputInLater, [])
        expectSends(ignoreOutput, [])
    }

    @Test("Comparisons and duplicate removal never call their closure")
    func comparing() {
        var calls = 0
        let ordered: (Int, Int) -> Bool = {
            calls += 1
            return $0 < $1
        }
        let min: Optional<Int>.Publisher = some.publisher.min()
        let max: Optional<Int>.Publisher = some.publisher.max()
        let minBy: Optional<Int>.Publisher = some.publisher.min(by: ordered)
        let maxBy: Optional<Int>.Publisher = some.publisher.max(by: ordered)
        let removeDuplicates: Optional<Int>.Publisher = some.publisher.removeDuplicates()
        let removeDuplicatesBy: Optional<Int>.Publisher = some.publisher.removeDuplicates(
            by: ordered)
        #expect(calls == 0)
        for publisher in [min, max, minBy, maxBy, removeDuplicates, removeDuplicatesBy] {
            expectSends(publisher, [4])
        }
        expectSends(none.publisher.min() as Optional<Int>.Publisher, [])
    }

    @Test("contains, allSatisfy, count, collect, reduce and scan: with no value, Combine's answers")
    func reducing() {
        var calls = 0
        let small: (Int) -> Bool = {
            calls += 1
            return $0 < 10
        }
        let plus: (Int, Int) -> Int = {
            calls += 1
            return $0 + $1
        }
        let contains: Optional<Bool>.Publisher = some.publisher.contains(4)
        let containsWhere: Optional<Bool>.Publisher = some.publisher.contains(where: small)
        let allSatisfy: Optional<Bool>.Publisher = Optional(14).publisher.allSatisfy(small)
        let count: Optional<Int>.Publisher = some.publisher.count()
        let collect: Optional<[Int]>.Publisher = some.publisher.collect()
        let reduce: Optional<Int>.Publisher = some.publisher.reduce(10, plus)
        let scan: Optional<Int>.Publisher = some.publisher.scan(20, plus)
        #expect(calls == 4)
        expectSends(contains, [true])
        expectSends(containsWhere, [true])
        expectSends(allSatisfy, [false])
        expectSends(count, [1])
        expectSends(collect, [[4]])
        expectSends(reduce, [14])
        expectSends(scan, [24])

        // With no value: nothing, where the general operators would send false, true, 0 or 10;
        // collect still sends an empty array.
        let containsNone: Optional<Bool>.Publisher = none.publisher.contains(4)
        let containsWhereNone: Optional<Bool>.Publisher = none.publisher.contains(where: small)
        let allSatisfyNone: Optional<Bool>.Publisher = none.publisher.allSatisfy(small)
        let countNone: Optional<Int>.Publisher = none.publisher.count()
        let collectNone: Optional<[Int]>.Publisher = none.publisher.collect()
        let reduceNone: Optional<Int>.Publisher = none.publisher.reduce(10, plus)
        let scanNone: Optional<Int>.Publisher = none.publisher.scan(20, plus)
        #expect(calls == 4)
        expectSends(containsNone, [])
        expectSends(containsWhereNone, [])
        expectSends(allSatisfyNone, [])
        expectSends(countNone, [])
        expectSends(collectNone, [[]])
        expectSends(reduceNone, [])
        expectSends(scanNone, [])
    }

    @Test("replaceEmpty makes a Just; replaceError and retry change nothing")
    func errors() {
        let replaceEmpty: Just<Int> = none.publisher.replaceEmpty(with: 9)
        let replaceEmptyKept: Just<Int> = some.publisher.replaceEmpty(with: 9)
        let replaceError: Optional<Int>.Publisher = some.publisher.replaceError(with: 9)
        let retry: Optional<Int>.Publisher = none.publisher.retry(2)
        expectSends(replaceEmpty, [9])
        expectSends(replaceEmptyKept, [4])
        expectSends(replaceError, [4])
        expectSends(retry, [])
    }
}

@Suite("Result.Publisher's own operators answer at once, with Combine's types")
struct ResultPublisherOverloadTests {
    let success = Result<Int, TestError>.success(4).publisher
    let failure = Result<Int, TestError>.failure(TestError(code: 1)).publisher

    @Test("map, tryMap and mapError run their closure at once; a failure passes unchanged")
    func transforming() {
        var calls = 0
        let map: Result<Int, TestError>.Publisher = success.map {
            calls += 1
            return $0 + 1
        }
        let mapFailure: Result<Int, TestError>.Publisher = failure.map {
            calls += 1
            return $0 + 1
        }
        let tryMap: Result<Int, Error>.Publisher = success.tryMap {
            calls += 1
            return $0 * 10
        }
        let tryMapFailure: Result<Int, Error>.Publisher = failure.tryMap {
            calls += 1
            return $0 * 10
        }
        let tryMapThrows: Result<Int, Error>.Publisher = success.tryMap { _ in
            throw TestError(code: 2)
        }
        let mapError: Result<Int, TestError>.Publisher = failure.mapError {
            calls += 1
            return TestError(code: $0.code + 10)
        }
        let mapErrorSuccess: Result<Int, TestError>.Publisher = success.mapError { _ in
            calls += 1
            return TestError(code: 0)
        }
        #expect(calls == 3)
        expectSends(map, [5])
        expectFails(mapFailure, with: TestError(code: 1))
        expectSends(tryMap, [40])
        expectFails(tryMapFailure, with: TestError(code: 1))
        expectFails(tryMapThrows, with: TestError(code: 2))
        expectFails(mapError, with: TestError(code: 11))
        expectSends(mapErrorSuccess, [4])
    }

    @Test("Comparisons and duplicate removal never call their closure; the try forms call it once")
    func comparing() {
        var calls = 0
        let ordered: (Int, Int) -> Bool = {
            calls += 1
            return $0 < $1
        }
        let min: Result<Int, TestError>.Publisher = success.min()
        let max: Result<Int, TestError>.Publisher = success.max()
        let minBy: Result<Int, TestError>.Publisher = success.min(by: ordered)
        let maxBy: Result<Int, TestError>.Publisher = success.max(by: ordered)
        let removeDuplicates: Result<Int, TestError>.Publisher = success.removeDuplicates()
        let removeDuplicatesBy: Result<Int, TestError>.Publisher = success.removeDuplicates(
            by: ordered)
        let first: Result<Int, TestError>.Publisher = success.first()
        let last: Result<Int, TestError>.Publisher = success.last()
        #expect(calls == 0)
        for publisher in [
            min, max, minBy, maxBy, removeDuplicates, removeDuplicatesBy, first, last,
        ] {
            expectSends(publisher, [4])
        }
        expectFails(failure.min() as Result<Int, TestError>.Publisher, with: TestError(code: 1))

        var pairs: [[Int]] = []
        let pair: (Int, Int) throws -> Bool = {
            pairs.append([$0, $1])
            return $0 < $1
        }
        let tryMin: Result<Int, Error>.Publisher = success.tryMin(by: pair)
        let tryMax: Result<Int, Error>.Publisher = success.tryMax(by: pair)
        let tryRemoveDuplicates: Result<Int, Error>.Publisher = success.tryRemoveDuplicates(
            by: pair)
        let tryMinFailure: Result<Int, Error>.Publisher = failure.tryMin(by: pair)
        #expect(pairs == [[4, 4], [4, 4], [4, 4]])
        expectSends(tryMin, [4])
        expectSends(tryMax, [4])
        expectSends(tryRemoveDuplicates, [4])
        expectFails(tryMinFailure, with: TestError(code: 1))

        let throwing: (Int, Int) throws -> Bool = { _, _ in throw TestError(code: 3) }
        let tryMinThrows: Result<Int, Error>.Publisher = success.tryMin(by: throwing)
        let tryMaxThrows: Result<Int, Error>.Publisher = success.tryMax(by: throwing)
        let tryRemoveThrows: Result<Int, Error>.Publisher = success.tryRemoveDuplicates(
            by: throwing)
        expectFails(tryMinThrows, with: TestError(code: 3))
        expectFails(tryMaxThrows, with: TestError(code: 3))
        expectFails(tryRemoveThrows, with: TestError(code: 3))
    }

    @Test("contains, allSatisfy, count and collect answer at once; the try forms fail with a throw")
    func matching() {
        var calls = 0
        let small: (Int) -> Bool = {
            calls += 1
            return $0 < 10
        }
        let contains: Result<Bool, TestError>.Publisher = success.contains(4)
        let containsWhere: Result<Bool, TestError>.Publisher = success.contains(where: small)
        let allSatisfy: Result<Bool, TestError>.Publisher = success.allSatisfy(small)
        let tryContains: Result<Bool, Error>.Publisher = success.tryContains(where: small)
        let tryAllSatisfy: Result<Bool, Error>.Publisher = success.tryAllSatisfy(small)
        let allSatisfyFailure: Result<Bool, TestError>.Publisher = failure.allSatisfy(small)
        let tryContainsFailure: Result<Bool, Error>.Publisher = failure.tryContains(where: small)
        #expect(calls == 4)
        expectSends(contains, [true])
        expectSends(containsWhere, [true])
        expectSends(allSatisfy, [true])
        expectSends(tryContains, [true])
        expectSends(tryAllSatisfy, [true])
        expectFails(allSatisfyFailure, with: TestError(code: 1))
        expectFails(tryContainsFailure, with: TestError(code: 1))
        let tryContainsThrows: Result<Bool, Error>.Publisher = success.tryContains { _ in
            throw TestError(code: 4)
        }
        let tryAllSatisfyThrows: Result<Bool, Error>.Publisher = success.tryAllSatisfy { _ in
            throw TestError(code: 5)
        }
        expectFails(tryContainsThrows, with: TestError(code: 4))
        expectFails(tryAllSatisfyThrows, with: TestError(code: 5))

        let count: Result<Int, TestError>.Publisher = success.count()
        let countFailure: Result<Int, TestError>.Publisher = failure.count()
        let collect: Result<[Int], TestError>.Publisher = success.collect()
        let collectFailure: Result<[Int], TestError>.Publisher = failure.collect()
        let ignoreOutput: Empty<Int, TestError> = success.ignoreOutput()
        let ignoreOutputFailure: Empty<Int, TestError> = failure.ignoreOutput()
        expectSends(count, [1])
        expectFails(countFailure, with: TestError(code: 1))
        expectSends(collect, [[4]])
        expectFails(collectFailure, with: TestError(code: 1))
        expectSends(ignoreOutput, [])
        // Combine's finishes even for a failure (OpenCombine's tests, run against it, say so).
        expectSends(ignoreOutputFailure, [])
    }

    @Test("reduce and scan combine at once; tryReduce and tryScan fail with a throw")
    func reducing() {
        var calls = 0
        let plus: (Int, Int) -> Int = {
            calls += 1
            return $0 + $1
        }
        let reduce: Result<Int, TestError>.Publisher = success.reduce(10, plus)
        let scan: Result<Int, TestError>.Publisher = success.scan(20, plus)
        let tryReduce: Result<Int, Error>.Publisher = success.tryReduce(30, plus)
        let tryScan: Result<Int, Error>.Publisher = success.tryScan(40, plus)
        let reduceFailure: Result<Int, TestError>.Publisher = failure.reduce(10, plus)
        let tryScanFailure: Result<Int, Error>.Publisher = failure.tryScan(40, plus)
        #expect(calls == 4)
        expectSends(reduce, [14])
        expectSends(scan, [24])
        expectSends(tryReduce, [34])
        expectSends(tryScan, [44])
        expectFails(reduceFailure, with: TestError(code: 1))
        expectFails(tryScanFailure, with: TestError(code: 1))

        let tryReduceThrows: Result<Int, Error>.Publisher = success.tryReduce(0) { _, _ in
            throw TestError(code: 6)
        }
        let tryScanThrows: Result<Int, Error>.Publisher = success.tryScan(0) { _, _ in
            throw TestError(code: 7)
        }
        expectFails(tryReduceThrows, with: TestError(code: 6))
        expectFails(tryScanThrows, with: TestError(code: 7))
    }

    @Test("replaceError replaces the failure; replaceEmpty and retry change nothing")
    func errors() {
        let replaceError: Result<Int, Never>.Publisher = failure.replaceError(with: 9)
        let replaceErrorKept: Result<Int, Never>.Publisher = success.replaceError(with: 9)
        let replaceEmpty: Result<Int, TestError>.Publisher = success.replaceEmpty(with: 9)
        let retry: Result<Int, TestError>.Publisher = failure.retry(3)
        expectSends(replaceError, [9])
        expectSends(replaceErrorKept, [4])
        expectSends(replaceEmpty, [4])
        expectFails(retry, with: TestError(code: 1))

        let never = Result<Int, Never>.success(5).publisher
        let setFailureType: Result<Int, TestError>.Publisher = never.setFailureType(
            to: TestError.self)
        expectSends(setFailureType, [5])
        #expect(setFailureType.result == .success(5))
    }
}
