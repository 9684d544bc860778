import Foundation
import Publishing
import Testing

@Suite("Sequencing and reducing: scan, reduce, collect, first, last, output, prepend…")
struct ReducingTests {
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

    @Test("ignoreOutput, drop(while:) and prefix(while:)")
    func droppingAndPrefixing() {
        let ignored = Events([1, 2].publisher.ignoreOutput())
        #expect(ignored.all.count == 1)
        #expect(ignored.isFinished)
        #expect(Events([1, 2, 3, 1].publisher.drop { $0 < 2 }).values == [2, 3, 1])
        let upstream = TrackedSubject<Int, Never>()
        let prefix = Events(upstream.prefix { $0 < 3 })
        for value in [1, 2, 3, 1] { upstream.send(value) }
        #expect(prefix.values == [1, 2])
        #expect(prefix.isFinished)
        #expect(upstream.liveSubscriptions == 0)
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

    @Test("prepend and append values, sequences and publishers")
    func prependAndAppend() {
        let middle = [3].publisher
        #expect(Events(middle.prepend(1, 2)).values == [1, 2, 3])
        #expect(Events(middle.prepend([1, 2])).values == [1, 2, 3])
        #expect(Events(middle.prepend(Just(0))).values == [0, 3])
        #expect(Events(middle.append(4, 5)).values == [3, 4, 5])
        #expect(Events(middle.append(4...5)).values == [3, 4, 5])
        #expect(Events(middle.append(Just(9))).values == [3, 9])
        let subject = CurrentValueSubject<Int, Never>(1)
        let current = Events(subject.prepend(0))
        subject.send(2)
        #expect(current.values == [0, 1, 2])
        let failed = Events(Fail<Int, TestError>(error: TestError()).append(1))
        #expect(failed.values.isEmpty)
        #expect(failed.failure == TestError())
    }

    @Test("print writes each event, prefixed, to a stream, as Apple's documented example shows")
    func print() {
        final class Lines: TextOutputStream {
            var text = ""
            func write(_ string: String) { text += string }
        }
        let lines = Lines()
        let events = Events([1].publisher.print("n", to: lines))
        #expect(events.values == [1])
        // The imitation's Combine (OpenCombine) also writes "request max: (0) (synchronous)"
        // after each value a sink takes; Apple's example in print(_:to:) shows no such line.
        let afterValue = isAppleImitation ? "n: request max: (0) (synchronous)\n" : ""
        #expect(
            lines.text
                == "n: receive subscription: ([1])\nn: request unlimited\nn: receive value: (1)\n"
                + afterValue + "n: receive finished\n")
    }
}
