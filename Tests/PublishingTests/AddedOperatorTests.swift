// Combine operators Linux lacked (the throwing forms, prefix/drop(untilOutputFrom:)), asserted
// the same way in both configurations (.ci/apple-sim runs this suite against Combine): their
// types, results, and a throw failing the stream.
import Publishing
import Testing

private struct Boom: Error {}

@Suite("Operators Linux lacked, as Combine's: the throwing forms and untilOutputFrom")
struct AddedOperatorTests {
    /// Erased, so that Combine's `Sequence` publisher's own overloads (which return other types)
    /// are not picked.
    private let values = [3, 1, 4, 1, 5].publisher.eraseToAnyPublisher()

    @Test("tryReduce, tryAllSatisfy, tryContains, tryFirst, tryLast, tryMax and tryMin")
    func reducing() {
        let reduced: Publishers.TryReduce<AnyPublisher<Int, Never>, Int> = values.tryReduce(0, +)
        let all: Publishers.TryAllSatisfy<AnyPublisher<Int, Never>> = values.tryAllSatisfy {
            $0 > 0
        }
        let contains: Publishers.TryContainsWhere<AnyPublisher<Int, Never>> = values.tryContains {
            $0 == 4
        }
        let first: Publishers.TryFirstWhere<AnyPublisher<Int, Never>> = values.tryFirst { $0 > 3 }
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
                if value == 4 { throw Boom() }
                return sum + value
            })
        #expect(failing.values.isEmpty)
        #expect(failing.failure is Boom)
        let comparing = Events(values.tryMax { _, _ in throw Boom() })
        #expect(comparing.values.isEmpty)
        #expect(comparing.failure is Boom)
    }

    @Test("tryDrop(while:), tryPrefix(while:) and tryRemoveDuplicates(by:)")
    func filtering() {
        let dropped: Publishers.TryDropWhile<AnyPublisher<Int, Never>> = values.tryDrop {
            $0 != 4
        }
        let prefixed: Publishers.TryPrefixWhile<AnyPublisher<Int, Never>> = values.tryPrefix {
            $0 != 4
        }
        let unique: Publishers.TryRemoveDuplicates<AnyPublisher<Int, Never>> =
            [1, 1, 2, 2, 1].publisher.eraseToAnyPublisher().tryRemoveDuplicates(by: ==)
        #expect(Events(dropped).values == [4, 1, 5])
        #expect(Events(dropped).isFinished)
        #expect(Events(prefixed).values == [3, 1])
        #expect(Events(prefixed).isFinished)
        #expect(Events(unique).values == [1, 2, 1])
        let failing = Events(values.tryPrefix { if $0 == 4 { throw Boom() } else { true } })
        #expect(failing.values == [3, 1])
        #expect(failing.failure is Boom)
    }

    @Test("prefix(untilOutputFrom:) and drop(untilOutputFrom:) end or start at another's value")
    func untilOutputFrom() {
        let (source, trigger) = (
            PassthroughSubject<Int, Never>(), PassthroughSubject<Void, Never>()
        )
        let prefixed:
            Publishers.PrefixUntilOutput<
                PassthroughSubject<Int, Never>, PassthroughSubject<Void, Never>
            > = source.prefix(untilOutputFrom: trigger)
        let dropped:
            Publishers.DropUntilOutput<
                PassthroughSubject<Int, Never>, PassthroughSubject<Void, Never>
            > = source.drop(untilOutputFrom: trigger)
        let (before, after) = (Events(prefixed), Events(dropped))
        source.send(1)
        trigger.send(())
        source.send(2)
        #expect(before.values == [1])
        #expect(before.isFinished)
        #expect(after.values == [2])
        #expect(!after.isFinished)
        // A trigger that finishes without a value ends drop(untilOutputFrom:) the same way.
        let quiet = PassthroughSubject<Void, Never>()
        let never = Events(source.drop(untilOutputFrom: quiet))
        quiet.send(completion: .finished)
        source.send(3)
        #expect(never.values.isEmpty)
        #expect(never.isFinished)
    }

    @Test("prefix(untilOutputFrom:) passes demand on, and asks the other publisher for one value")
    func prefixUntilOutputDemand() {
        let trigger = PassthroughSubject<Void, Never>()
        var triggerRequests: [Subscribers.Demand] = []
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        [1, 2, 3].publisher
            .prefix(
                untilOutputFrom: trigger.handleEvents(receiveRequest: { triggerRequests.append($0) }
                )
            )
            .subscribe(subscriber)
        // The sequence waits to be asked: one value, no finish.
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == 0)
        #expect(triggerRequests == [.max(1)])
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2])
        // The other publisher's value finishes the stream, though nothing more was asked for.
        trigger.send(())
        #expect(subscriber.completions == 1)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2])
    }

    @Test("drop(untilOutputFrom:) subscribes its subscriber first; dropped values use up demand")
    func dropUntilOutputDemand() {
        let (source, trigger) = (
            PassthroughSubject<Int, Never>(), PassthroughSubject<Void, Never>()
        )
        let subscriber = PacedSubscriber<Int>(initial: .max(2))
        source.drop(untilOutputFrom: trigger).subscribe(subscriber)
        #expect(subscriber.subscription != nil)
        source.send(1)  // dropped: one of the two asked for is used up
        trigger.send(())
        source.send(2)
        source.send(3)  // nothing asked for: the subject drops it
        #expect(subscriber.values == [2])
        subscriber.subscription?.request(.max(1))
        source.send(4)
        #expect(subscriber.values == [2, 4])
        #expect(subscriber.completions == 0)
    }

    @Test("prefix(untilOutputFrom:) whose other publisher sends at once finishes, and cancels")
    func prefixUntilImmediateOutput() {
        let source = PassthroughSubject<Int, Never>()
        var cancels = 0
        let subscriber = PacedSubscriber<Int>(initial: .unlimited)
        source.handleEvents(receiveCancel: { cancels += 1 })
            .prefix(untilOutputFrom: Just(()))
            .subscribe(subscriber)
        source.send(1)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == 1)
        #expect(cancels == 1)
    }
}
