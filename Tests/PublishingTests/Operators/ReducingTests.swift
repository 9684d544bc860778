// The operators that send one value, or a few, for many: reduce, collect by count, count, min,
// max, contains, allSatisfy, first, last and output, with their throwing forms
// (ReducingTests.Throwing). Every test here compiles and passes in both configurations (.ci/apple-
// sim runs them against Combine) unless it says otherwise.
import ObservationTesting
import Publishing
import Testing

@Suite(
    "Reducing and selecting: reduce, collect, count, min, max, contains, allSatisfy, first, last, output"
)
struct ReducingTests {
    @Test("reduce, collect and count send one value when the upstream finishes, none on failure")
    func reducing() {
        let subject = PassthroughSubject<Int, TestError>()
        let reduced = Events(subject.reduce(0, +))
        let collected = Events(subject.collect())
        let counted = Events(subject.count())
        subject.send(1)
        subject.send(2)
        #expect(reduced.values.isEmpty)
        subject.send(completion: .finished)
        #expect(reduced.values == [3])
        #expect(collected.values == [[1, 2]])
        #expect(counted.values == [2])
        #expect(counted.isFinished)

        let failing = Events(Fail<Int, TestError>(error: TestError()).collect())
        #expect(failing.values.isEmpty)
        #expect(failing.failure == TestError())
    }

    @Test("collect(_:) sends full arrays, then the rest on finishing")
    func collectByCount() {
        #expect(Events((1...5).publisher.collect(2)).values == [[1, 2], [3, 4], [5]])
        #expect(Events((1...4).publisher.collect(2)).values == [[1, 2], [3, 4]])
    }

    @Test("first and first(where:) send one value, finish, and cancel the upstream")
    func first() {
        let upstream = TrackedSubject<Int, Never>()
        let first = Events(upstream.first())
        let firstEven = Events(upstream.first { $0.isMultiple(of: 2) })
        upstream.send(1)
        #expect(first.values == [1])
        #expect(first.isFinished)
        #expect(upstream.liveSubscriptions == 1)
        upstream.send(3)
        upstream.send(4)
        #expect(firstEven.values == [4])
        #expect(upstream.liveSubscriptions == 0)
        #expect(Events(Empty<Int, Never>().first()).isFinished)
    }

    @Test("last and last(where:) send on finishing; min and max pick by order")
    func lastMinMax() {
        let values = [3, 1, 4, 1, 5].publisher
        #expect(Events(values.last()).values == [5])
        #expect(Events(values.last { $0 < 4 }).values == [1])
        #expect(Events(values.min()).values == [1])
        #expect(Events(values.max()).values == [5])
        #expect(Events(values.max { $0 % 3 < $1 % 3 }).values == [5])
        #expect(Events(Empty<Int, Never>().last()).values.isEmpty)
    }

    @Test("output(at:) and output(in:) pick by position and finish after the last")
    func output() {
        let upstream = TrackedSubject<Int, Never>()
        let third = Events(upstream.output(at: 2))
        let range = Events(upstream.output(in: 1...2))
        let open = Events(upstream.output(in: 3...))
        for value in 0..<5 { upstream.send(value) }
        #expect(third.values == [2])
        #expect(range.values == [1, 2])
        #expect(third.isFinished && range.isFinished)
        #expect(open.values == [3, 4])
        #expect(upstream.liveSubscriptions == 1)
        #expect(Events([1, 2].publisher.prefix(0)).isFinished)
    }

    @Test("contains and allSatisfy decide at the first deciding value, or on finishing")
    func containsAndAllSatisfy() {
        let upstream = TrackedSubject<Int, Never>()
        let hasTwo = Events(upstream.contains(2))
        let allSmall = Events(upstream.allSatisfy { $0 < 2 })
        upstream.send(1)
        upstream.send(2)
        #expect(hasTwo.values == [true])
        #expect(allSmall.values == [false])
        #expect(upstream.liveSubscriptions == 0)
        #expect(Events([1, 3].publisher.contains(2)).values == [false])
        #expect(Events([1, 3].publisher.contains { $0 > 2 }).values == [true])
        #expect(Events([1, 1].publisher.allSatisfy { $0 < 2 }).values == [true])
    }

    @Test("first() and collect() finish only once their subscriber has asked for something")
    func reducersFinishOnlyWhenAsked() {
        let first = DemandProbe<Int, Never>(initial: .none)
        Empty<Int, Never>().first().subscribe(first)
        #expect(first.completions.count == 0)
        first.subscription?.request(.max(1))
        #expect(first.completions.count == 1)
        #expect(first.values.isEmpty)
        let collected = DemandProbe<[Int], Never>(initial: .none)
        [1, 2].publisher.collect().subscribe(collected)
        #expect(collected.values.isEmpty)
        collected.subscription?.request(.max(1))
        #expect(collected.values == [[1, 2]])
        #expect(collected.completions.count == 1)
    }

    @Test("collect(_:) by count asks for whole arrays: a subject drops what comes between")
    func collectByCountPassesDemand() {
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = DemandProbe<[Int], Never>(initial: .max(1))
        subject.handleEvents(receiveRequest: { requests.append($0) }).collect(2)
            .subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        #expect(subscriber.values == [[1, 2]])
        subscriber.subscription?.request(.max(1))
        for value in 5...6 { subject.send(value) }
        #expect(subscriber.values == [[1, 2], [5, 6]])
        #expect(requests == [.max(2), .max(2)])
    }
}

extension ReducingTests {
    @Suite(
        "The throwing forms: tryReduce, tryAllSatisfy, tryContains, tryFirst, tryLast, tryMax, tryMin"
    )
    struct Throwing {
        /// Erased, so that Combine's `Sequence` publisher's own overloads (which return other
        /// types) are not picked.
        private let values = [3, 1, 4, 1, 5].publisher.eraseToAnyPublisher()

        @Test("tryReduce, tryAllSatisfy, tryContains, tryFirst, tryLast, tryMax and tryMin")
        func reducing() {
            let reduced: Publishers.TryReduce<AnyPublisher<Int, Never>, Int> = values.tryReduce(
                0, +)
            let all: Publishers.TryAllSatisfy<AnyPublisher<Int, Never>> = values.tryAllSatisfy {
                $0 > 0
            }
            let contains: Publishers.TryContainsWhere<AnyPublisher<Int, Never>> = values.tryContains
            {
                $0 == 4
            }
            let first: Publishers.TryFirstWhere<AnyPublisher<Int, Never>> = values.tryFirst {
                $0 > 3
            }
            let last: Publishers.TryLastWhere<AnyPublisher<Int, Never>> = values.tryLast { $0 < 4 }
            let greatest: Publishers.TryComparison<AnyPublisher<Int, Never>> = values.tryMax(by: <)
            #expect(Events(reduced).values == [14])
            #expect(Events(all).values == [true])
            #expect(Events(contains).values == [true])
            #expect(Events(first).values == [4])
            #expect(Events(last).values == [1])
            #expect(Events(greatest).values == [5])
            #expect(Events(values.tryMin(by: <)).values == [1])
            #expect(Events(values.tryAllSatisfy { $0 > 1 }).values == [false])
            #expect(Events(values.tryContains { $0 > 9 }).values == [false])
        }

        @Test("A throw in a reducing closure fails the stream and sends no result")
        func reducingThrows() {
            let failing = Events(
                values.tryReduce(0) { sum, value in
                    if value == 4 { throw TestError() }
                    return sum + value
                })
            #expect(failing.values.isEmpty)
            #expect(failing.failure is TestError)
            let comparing = Events(values.tryMax { _, _ in throw TestError() })
            #expect(comparing.values.isEmpty)
            #expect(comparing.failure is TestError)
        }
    }
}
