// Combine's operator structs built through their public initializers, as code written against
// Combine builds them, and compared with `==` where Combine makes them Equatable. .ci/apple-sim
// runs this suite against Combine (its imitation): an initializer or conformance the imitation
// lacks is compiled out there and its test skipped, with the reason.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("Operator structs: Combine's initializers, and == where Combine has it")
struct OperatorStructTests {
    /// Counts what a `Deferred` makes, so a test can tell how often it was subscribed to.
    final class Attempts {
        var count = 0
    }

    // MARK: initializers

    @Test("Map, TryMap, CompactMap and TryCompactMap built directly send what their methods do")
    func mapping() {
        let upstream = [1, 2, 3, 4].publisher
        let map = Events(Publishers.Map(upstream: upstream) { $0 * 10 })
        #expect(map.values == [10, 20, 30, 40] && map.isFinished)
        #expect(map.values == Events(upstream.map { $0 * 10 }).values)

        let tryMap = Events(
            Publishers.TryMap(upstream: upstream) { value in
                if value == 3 { throw TestError(code: 3) }
                return value * 10
            })
        #expect(tryMap.values == [10, 20])
        #expect((tryMap.failure as? TestError) == TestError(code: 3))

        let compactMap = Events(
            Publishers.CompactMap(upstream: upstream) { $0.isMultiple(of: 2) ? $0 : nil })
        #expect(compactMap.values == [2, 4] && compactMap.isFinished)
        #expect(
            compactMap.values
                == Events(upstream.compactMap { $0.isMultiple(of: 2) ? $0 : nil }).values)

        let tryCompactMap = Events(
            Publishers.TryCompactMap(upstream: upstream) { value -> Int? in
                if value == 4 { throw TestError(code: 4) }
                return value.isMultiple(of: 2) ? value : nil
            })
        #expect(tryCompactMap.values == [2])
        #expect((tryCompactMap.failure as? TestError) == TestError(code: 4))
    }

    @Test("MapError(upstream:_:) transforms the failure, as mapError does")
    func mapErrorUnlabelled() {
        let upstream = Fail<Int, TestError>(error: TestError(code: 1))
        // Not a trailing closure: with Combine's two initializers, that would be ambiguous.
        let built = Events(
            Publishers.MapError(upstream: upstream, { TestError(code: $0.code + 1) }))
        #expect(built.failure == TestError(code: 2))
        #expect(built.failure == Events(upstream.mapError { TestError(code: $0.code + 1) }).failure)
    }

    @Test(
        "MapError(upstream:transform:) transforms the failure, as mapError does",
        .skippedInAppleImitation("OpenCombine's MapError has only init(upstream:_:)"))
    func mapErrorLabelled() {
        #if !APPLE_SIM
            let upstream = Fail<Int, TestError>(error: TestError(code: 1))
            let built = Events(
                Publishers.MapError(upstream: upstream, transform: { TestError(code: $0.code + 1) })
            )
            #expect(built.failure == TestError(code: 2))
        #endif
    }

    @Test("Filter, TryFilter, Drop, DropWhile, PrefixWhile, RemoveDuplicates, IgnoreOutput")
    func filtering() {
        let upstream = [1, 2, 2, 3, 1].publisher
        let filter = Events(Publishers.Filter(upstream: upstream) { $0 > 1 })
        #expect(filter.values == [2, 2, 3] && filter.isFinished)
        #expect(filter.values == Events(upstream.filter { $0 > 1 }).values)

        let tryFilter = Events(
            Publishers.TryFilter(upstream: upstream) { value in
                if value == 3 { throw TestError(code: 3) }
                return value > 1
            })
        #expect(tryFilter.values == [2, 2])
        #expect((tryFilter.failure as? TestError) == TestError(code: 3))

        let drop = Events(Publishers.Drop(upstream: upstream, count: 2))
        #expect(drop.values == [2, 3, 1] && drop.isFinished)
        #expect(drop.values == Events(upstream.dropFirst(2)).values)

        let dropWhile = Events(Publishers.DropWhile(upstream: upstream) { $0 < 2 })
        #expect(dropWhile.values == [2, 2, 3, 1])
        #expect(dropWhile.values == Events(upstream.drop { $0 < 2 }).values)

        let prefixWhile = Events(Publishers.PrefixWhile(upstream: upstream) { $0 < 3 })
        #expect(prefixWhile.values == [1, 2, 2] && prefixWhile.isFinished)
        #expect(prefixWhile.values == Events(upstream.prefix { $0 < 3 }).values)

        let removeDuplicates = Events(
            Publishers.RemoveDuplicates(upstream: upstream, predicate: ==))
        #expect(removeDuplicates.values == [1, 2, 3, 1])
        #expect(removeDuplicates.values == Events(upstream.removeDuplicates()).values)

        let ignoreOutput = Events(Publishers.IgnoreOutput(upstream: upstream))
        #expect(ignoreOutput.values.isEmpty && ignoreOutput.isFinished)
    }

    @Test("Scan and TryScan send each partial result, as scan and tryScan do")
    func scanning() {
        let upstream = [1, 2, 3].publisher
        let scan = Events(
            Publishers.Scan(upstream: upstream, initialResult: 10, nextPartialResult: +))
        #expect(scan.values == [11, 13, 16] && scan.isFinished)
        #expect(scan.values == Events(upstream.scan(10, +)).values)

        let tryScan = Events(
            Publishers.TryScan(upstream: upstream, initialResult: 10) { sum, value in
                if value == 3 { throw TestError(code: 3) }
                return sum + value
            })
        #expect(tryScan.values == [11, 13])
        #expect((tryScan.failure as? TestError) == TestError(code: 3))
    }

    @Test("ReplaceEmpty, ReplaceError, Catch, TryCatch and AssertNoFailure built directly")
    func replacing() {
        let empty = Empty<Int, Never>()
        let replaceEmpty = Events(Publishers.ReplaceEmpty(upstream: empty, output: 9))
        #expect(replaceEmpty.values == [9] && replaceEmpty.isFinished)
        #expect(replaceEmpty.values == Events(empty.replaceEmpty(with: 9)).values)

        let failing = Fail<Int, TestError>(error: TestError(code: 1))
        let replaceError = Events(Publishers.ReplaceError(upstream: failing, output: 9))
        #expect(replaceError.values == [9] && replaceError.isFinished)
        #expect(replaceError.values == Events(failing.replaceError(with: 9)).values)

        let caught = Events(Publishers.Catch(upstream: failing) { Just($0.code + 6) })
        #expect(caught.values == [7] && caught.isFinished)
        #expect(caught.values == Events(failing.catch { Just($0.code + 6) }).values)

        let tryCaught = Events(
            Publishers.TryCatch(upstream: failing) { error -> Just<Int> in
                throw TestError(code: error.code + 1)
            })
        #expect(tryCaught.values.isEmpty)
        #expect((tryCaught.failure as? TestError) == TestError(code: 2))

        let asserted = Events(
            Publishers.AssertNoFailure(
                upstream: Just(1).setFailureType(to: TestError.self), prefix: "never",
                file: #fileID, line: #line))
        #expect(asserted.values == [1] && asserted.isFinished)
    }

    @Test("Retry subscribes again after each failure, up to its retries, as retry does")
    func retrying() {
        let attempts = Attempts()
        let upstream = Deferred { () -> Fail<Int, TestError> in
            attempts.count += 1
            return Fail(error: TestError(code: attempts.count))
        }
        let retry = Events(Publishers.Retry(upstream: upstream, retries: 2))
        #expect(attempts.count == 3)
        #expect(retry.failure == TestError(code: 3))
        _ = Events(upstream.retry(2))
        #expect(attempts.count == 6)
    }

    @Test("Delay, Debounce, ReceiveOn and SubscribeOn deliver on their scheduler, as their methods")
    func scheduling() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let delay = Events(
            Publishers.Delay(
                upstream: subject, interval: .milliseconds(10), tolerance: .zero,
                scheduler: scheduler))
        let delayMethod = Events(subject.delay(for: .milliseconds(10), scheduler: scheduler))
        let debounce = Events(
            Publishers.Debounce(
                upstream: subject, dueTime: .milliseconds(10), scheduler: scheduler, options: nil))
        let debounceMethod = Events(subject.debounce(for: .milliseconds(10), scheduler: scheduler))
        let receiveOn = Events(
            Publishers.ReceiveOn(upstream: subject, scheduler: scheduler, options: nil))

        subject.send(1)
        #expect(receiveOn.values.isEmpty)
        scheduler.advance(by: .milliseconds(5))
        #expect(receiveOn.values == [1])
        subject.send(2)
        scheduler.advance(by: .milliseconds(5))
        #expect(delay.values == [1] && delayMethod.values == [1])
        #expect(debounce.values.isEmpty)
        scheduler.advance(by: .milliseconds(10))
        #expect(delay.values == [1, 2] && delayMethod.values == [1, 2])
        #expect(debounce.values == [2] && debounceMethod.values == [2])

        let subscribeOn = Events(
            Publishers.SubscribeOn(upstream: [1, 2].publisher, scheduler: scheduler, options: nil))
        #expect(subscribeOn.values.isEmpty)
        scheduler.run()
        #expect(subscribeOn.values == [1, 2] && subscribeOn.isFinished)
    }

    @Test("MeasureInterval and CollectByTime measure and group on their scheduler")
    func timing() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let intervals = Events(Publishers.MeasureInterval(upstream: subject, scheduler: scheduler))
        let groups = Events(
            Publishers.CollectByTime(
                upstream: subject, strategy: .byTime(scheduler, .milliseconds(10)), options: nil))
        let groupsMethod = Events(subject.collect(.byTime(scheduler, .milliseconds(10))))

        scheduler.advance(by: .milliseconds(3))
        subject.send(1)
        subject.send(2)
        #expect(intervals.values == [.milliseconds(3), .zero])
        scheduler.advance(by: .milliseconds(7))
        #expect(groups.values == [[1, 2]] && groupsMethod.values == [[1, 2]])
        groups.cancel()
        groupsMethod.cancel()
    }

    // MARK: ==

    @Test("Drop, IgnoreOutput, Retry, SetFailureType and Output are equal when their parts are")
    func equalSingleUpstream() {
        #expect(Publishers.Drop(upstream: Just(1), count: 1) == .init(upstream: Just(1), count: 1))
        #expect(Publishers.Drop(upstream: Just(1), count: 1) != .init(upstream: Just(1), count: 2))
        #expect(Publishers.Drop(upstream: Just(1), count: 1) != .init(upstream: Just(2), count: 1))

        #expect(Publishers.IgnoreOutput(upstream: Just(1)) == .init(upstream: Just(1)))
        #expect(Publishers.IgnoreOutput(upstream: Just(1)) != .init(upstream: Just(2)))

        #expect(
            Publishers.Retry(upstream: Just(1), retries: 1) == .init(upstream: Just(1), retries: 1))
        #expect(
            Publishers.Retry(upstream: Just(1), retries: 1)
                != .init(upstream: Just(1), retries: nil))
        #expect(
            Publishers.Retry(upstream: Just(1), retries: 1) != .init(upstream: Just(2), retries: 1))

        typealias SetFailure = Publishers.SetFailureType<Just<Int>, TestError>
        #expect(SetFailure(upstream: Just(1)) == SetFailure(upstream: Just(1)))
        #expect(SetFailure(upstream: Just(1)) != SetFailure(upstream: Just(2)))

        #expect(
            Publishers.Output(upstream: Just(1), range: 0..<2)
                == .init(upstream: Just(1), range: 0..<2))
        #expect(
            Publishers.Output(upstream: Just(1), range: 0..<2)
                != .init(upstream: Just(1), range: 1..<2))
        #expect(
            Publishers.Output(upstream: Just(1), range: 0..<2)
                != .init(upstream: Just(2), range: 0..<2))
    }

    @Test("ReplaceEmpty and ReplaceError are equal when their upstreams and outputs are")
    func equalReplacing() {
        // Built directly: Combine's `Just` answers `replaceEmpty(with:)` with a `Just`.
        typealias ReplaceEmpty = Publishers.ReplaceEmpty<Just<Int>>
        #expect(ReplaceEmpty(upstream: Just(1), output: 0) == .init(upstream: Just(1), output: 0))
        #expect(ReplaceEmpty(upstream: Just(1), output: 0) != .init(upstream: Just(1), output: 5))
        #expect(ReplaceEmpty(upstream: Just(1), output: 0) != .init(upstream: Just(2), output: 0))

        typealias ReplaceError = Publishers.ReplaceError<Fail<Int, TestError>>
        let (failing, other) = (
            Fail<Int, TestError>(error: TestError(code: 1)),
            Fail<Int, TestError>(error: TestError(code: 2))
        )
        #expect(ReplaceError(upstream: failing, output: 0) == .init(upstream: failing, output: 0))
        #expect(ReplaceError(upstream: failing, output: 0) != .init(upstream: failing, output: 5))
        #expect(ReplaceError(upstream: failing, output: 0) != .init(upstream: other, output: 0))
    }

    @Test("Concatenate and DropUntilOutput are equal when both their publishers are")
    func equalPairs() {
        typealias Concatenate = Publishers.Concatenate<Just<Int>, Just<Int>>
        #expect(
            Concatenate(prefix: Just(1), suffix: Just(2)) == .init(prefix: Just(1), suffix: Just(2))
        )
        #expect(
            Concatenate(prefix: Just(1), suffix: Just(2)) != .init(prefix: Just(1), suffix: Just(3))
        )
        #expect(
            Concatenate(prefix: Just(1), suffix: Just(2)) != .init(prefix: Just(0), suffix: Just(2))
        )

        typealias DropUntil = Publishers.DropUntilOutput<Just<Int>, Just<Int>>
        #expect(
            DropUntil(upstream: Just(1), other: Just(2)) == .init(upstream: Just(1), other: Just(2))
        )
        #expect(
            DropUntil(upstream: Just(1), other: Just(2)) != .init(upstream: Just(1), other: Just(3))
        )
        #expect(
            DropUntil(upstream: Just(1), other: Just(2)) != .init(upstream: Just(0), other: Just(2))
        )
    }

    @Test("CombineLatest to CombineLatest4 are equal when all their publishers are")
    func equalCombineLatest() {
        let (one, two) = (Just(1), Just(2))
        #expect(one.combineLatest(two) == one.combineLatest(two))
        #expect(one.combineLatest(two) != one.combineLatest(one))
        #expect(one.combineLatest(two, two) == one.combineLatest(two, two))
        #expect(one.combineLatest(two, two) != one.combineLatest(two, one))
        #expect(one.combineLatest(two, two, two) == one.combineLatest(two, two, two))
        #expect(one.combineLatest(two, two, two) != two.combineLatest(two, two, two))
    }

    @Test(
        "Zip to Zip4 are equal when all their publishers are",
        .skippedInAppleImitation("OpenCombine's Zip, Zip3 and Zip4 are not Equatable"))
    func equalZip() {
        #if !APPLE_SIM
            let (one, two) = (Just(1), Just(2))
            #expect(one.zip(two) == one.zip(two))
            #expect(one.zip(two) != one.zip(one))
            #expect(one.zip(two, two) == one.zip(two, two))
            #expect(one.zip(two, two) != one.zip(two, one))
            #expect(one.zip(two, two, two) == one.zip(two, two, two))
            #expect(one.zip(two, two, two) != two.zip(two, two, two))
        #endif
    }

    @Test("Sequence, Optional.Publisher and Result.Publisher are equal when what they send is")
    func equalValuePublishers() {
        #expect([1, 2].publisher == [1, 2].publisher)
        #expect([1, 2].publisher != [2, 1].publisher)

        #expect(Optional(1).publisher == Optional<Int>.Publisher(1))
        #expect(Optional(1).publisher != Optional<Int>.Publisher(2))
        #expect(Optional(1).publisher != Optional<Int>.Publisher(nil))

        typealias ResultPublisher = Result<Int, TestError>.Publisher
        #expect(ResultPublisher(.success(1)) == ResultPublisher(.success(1)))
        #expect(ResultPublisher(.success(1)) != ResultPublisher(.success(2)))
        #expect(ResultPublisher(.success(1)) != ResultPublisher(.failure(TestError(code: 1))))
        #expect(
            ResultPublisher(.failure(TestError(code: 1)))
                != ResultPublisher(.failure(TestError(code: 2))))
    }
}
