// The publishers that make values: Future, Deferred, Record, Result, Optional, Sequence and Empty,
// and how a sequence meets demand. Every test here compiles and passes in both configurations
// (.ci/apple-sim runs them against Combine) unless it says otherwise.
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("Publishers: Future, Deferred, Record, Result, Optional, Sequence, Empty")
struct SourceTests {
    @Test("Future runs its closure once, at creation, and replays the result to late subscribers")
    func future() {
        var runs = 0
        var fulfill: Future<Int, TestError>.Promise?
        let future = Future<Int, TestError> { promise in
            runs += 1
            fulfill = promise
        }
        #expect(runs == 1)
        let early = Events(future)
        fulfill?(.success(1))
        fulfill?(.success(2))
        fulfill?(.failure(TestError()))
        let late = Events(future)
        #expect(runs == 1)
        #expect(early.values == [1] && early.isFinished)
        #expect(late.values == [1] && late.isFinished)
    }

    @Test("Future fails with a failed promise; a promise from another thread is delivered")
    func futureFailureAndThreads() async {
        let failed = Future<Int, TestError> { $0(.failure(TestError(code: 3))) }
        #expect(Events(failed).failure == TestError(code: 3))
        let fromTask = Future<Int, Never> { promise in
            // As in Combine, the promise is not `Sendable`; any thread may call it.
            let promise = Locked(promise)
            Task.detached { promise.withLock { $0 }(.success(42)) }
        }
        let value = await fromTask.values.first { _ in true }
        #expect(value == 42)
    }

    @Test("Future's promise is kept only once when called from many threads at once")
    func futureRace() async {
        for _ in 0..<20 {
            let promise = Locked<Future<Int, Never>.Promise?>(nil)
            let future = Future<Int, Never> { made in promise.withLock { $0 = made } }
            let fulfill = promise
            let log = EventLog<Int, Never>()
            let token = log.subscribe(to: future)
            await withTaskGroup(of: Void.self) { group in
                for value in 0..<4 {
                    group.addTask { fulfill.withLock { $0 }?(.success(value)) }
                }
            }
            #expect(log.values.count == 1)
            #expect(log.completions.count == 1)
            withExtendedLifetime(token) {}
        }
    }

    @Test("Deferred makes its publisher anew for each subscriber")
    func deferred() {
        var made = 0
        let deferred = Deferred { () -> Just<Int> in
            made += 1
            return Just(made)
        }
        #expect(made == 0)
        #expect(Events(deferred).values == [1])
        #expect(Events(deferred).values == [2])
    }

    @Test("Record replays its values and completion to each subscriber")
    func record() {
        let record = Record<Int, TestError> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .failure(TestError(code: 9)))
        }
        for _ in 0..<2 {
            let events = Events(record)
            #expect(events.values == [1, 2])
            #expect(events.failure == TestError(code: 9))
        }
        let listed = Events(Record<Int, Never>(output: [3], completion: .finished))
        #expect(listed.values == [3] && listed.isFinished)
    }

    @Test("Result, Optional and Sequence publishers")
    func valuePublishers() {
        let success = Events(Result<Int, TestError>.success(1).publisher)
        #expect(success.values == [1] && success.isFinished)
        #expect(
            Events(Result<Int, TestError>.failure(TestError()).publisher).failure == TestError())
        #expect(Events(Optional(2).publisher).values == [2])
        let none = Events(Int?.none.publisher)
        #expect(none.values.isEmpty && none.isFinished)
        #expect(Events(Publishers.Sequence<[Int], TestError>(sequence: [1, 2])).values == [1, 2])
    }

    @Test("A sequence publisher cut short by prefix sends no more values, and finishes once")
    func sequencePrefix() {
        let events = Events((1...100).publisher.prefix(3))
        #expect(events.values == [1, 2, 3])
        #expect(events.all.count == 4)
        #expect(events.isFinished)
    }

    @Test("Empty(completeImmediately: false) never finishes")
    func emptyNever() {
        let never = Events(Empty<Int, Never>(completeImmediately: false))
        #expect(never.all.isEmpty)
    }

    @Test("An endless sequence through map and filter is asked for only what values takes")
    func endlessSequenceThroughOperatorsIntoValues() async {
        var taken: [Int] = []
        // Erased: Combine's Sequence publisher has its own `map` and `filter`, which build an array.
        let endless = (1...).publisher.eraseToAnyPublisher()
        for await value in endless.map({ $0 * 3 }).filter({ $0.isMultiple(of: 2) }).values {
            taken.append(value)
            if taken.count == 3 { break }
        }
        #expect(taken == [6, 12, 18])
    }

    @Test("Empty finishes a subscriber that cancelled on its subscription, as Combine's")
    func emptyFinishesAfterCancel() {
        var completions: [Subscribers.Completion<Never>] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: { $0.cancel() }, receiveValue: { _ in .none },
            receiveCompletion: { completions.append($0) })
        Empty<Int, Never>().subscribe(subscriber)
        #expect(completions == [.finished])
        Empty<Int, Never>(completeImmediately: false).subscribe(subscriber)
        #expect(completions == [.finished])
    }

    @Test(
        "Optional and Result send their value and finish inside the first request, even one a subscriber makes on its subscription before cancelling"
    )
    func onceSendsInsideRequest() {
        var events: [String] = []
        let subscriber = AnySubscriber<Int, TestError>(
            receiveSubscription: {
                $0.request(.max(1))
                events.append("asked")
                $0.cancel()
            },
            receiveValue: {
                events.append("\($0)")
                return .none
            },
            receiveCompletion: { events.append("\($0)") })
        Optional(42).publisher.setFailureType(to: TestError.self).subscribe(subscriber)
        #expect(events == ["42", "finished", "asked"])
        events = []
        Result<Int, TestError>.Publisher(42).subscribe(subscriber)
        #expect(events == ["42", "finished", "asked"])
    }

    @Test(
        "Optional's nil and Result's failure complete at once, after the empty subscription, whatever is asked"
    )
    func noValueCompletesAtOnce() {
        var subscriptions: [String] = []
        var completions: [Subscribers.Completion<TestError>] = []
        let subscriber = AnySubscriber<Int, TestError>(
            receiveSubscription: {
                subscriptions.append(String(describing: $0))
                $0.cancel()
            },
            receiveValue: { _ in .none }, receiveCompletion: { completions.append($0) })
        Optional<Int>.none.publisher.setFailureType(to: TestError.self).subscribe(subscriber)
        Result<Int, TestError>.Publisher(TestError(code: 3)).subscribe(subscriber)
        #expect(subscriptions == ["Empty", "Empty"])
        #expect(completions == [.finished, .failure(TestError(code: 3))])
    }

    @Test("Just's append and prepend read a collection's underestimatedCount, never its count")
    func justReadsUnderestimatedCount() {
        let appended = CountReadingCollection([2, 3])
        #expect(Just(1).append(appended).sequence == [1, 2, 3])
        #expect(appended.countReads == 0)
        let prepended = CountReadingCollection([1, 2])
        #expect(Just(3).prepend(prepended).sequence == [1, 2, 3])
        #expect(prepended.countReads == 0)
    }
}

/// A collection that counts how often its `count`, which a lazy collection computes by walking
/// it, is read.
private final class CountReadingCollection: Collection {
    private let elements: [Int]
    private(set) var countReads = 0

    init(_ elements: [Int]) { self.elements = elements }

    var startIndex: Int { elements.startIndex }
    var endIndex: Int { elements.endIndex }
    var count: Int {
        countReads += 1
        return elements.count
    }
    // Its own, as a collection whose `count` walks it would have: the default reads `count`.
    var underestimatedCount: Int { 0 }
    subscript(position: Int) -> Int { elements[position] }
    func index(after index: Int) -> Int { elements.index(after: index) }
}
