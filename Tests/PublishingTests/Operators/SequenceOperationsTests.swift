// The operators that cut or extend a stream as a sequence: dropFirst, drop(while:), prefix,
// prefix(while:), ignoreOutput, prepend, append, and the untilOutputFrom forms. Every test here
// compiles and passes in both configurations (.ci/apple-sim runs them against Combine) unless it
// says otherwise.
import ObservationTesting
import Publishing
import Testing

@Suite("Sequence operations: drop, prefix, prepend, append, and their untilOutputFrom forms")
struct SequenceOperationsTests {
    /// Erased, so that Combine's `Sequence` publisher's own overloads (which return other types)
    /// are not picked.
    private let values = [3, 1, 4, 1, 5].publisher.eraseToAnyPublisher()

    @Test("dropFirst skips values per subscription, and the replayed current value counts")
    func dropFirst() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let dropped = subject.dropFirst()
        var first: [Int] = []
        var second: [Int] = []
        let one = dropped.sink { first.append($0) }
        subject.send(1)
        let two = dropped.sink { second.append($0) }
        subject.send(2)
        #expect(first == [1, 2])
        #expect(second == [2])
        var none: [Int] = []
        let zero = subject.dropFirst(0).sink { none.append($0) }
        #expect(none == [2])
        withExtendedLifetime((one, two, zero)) {}
    }

    @Test("prefix forwards the first values, finishes, and cancels upstream")
    func prefix() {
        let subject = PassthroughSubject<Int, Never>()
        let log = EventLog<Int, Never>()
        var upstreamCancelled = false
        let token = log.subscribe(
            to: subject.handleEvents(receiveCancel: { upstreamCancelled = true }).prefix(2)
        )
        subject.send(1)
        #expect(!upstreamCancelled)
        subject.send(2)
        // As in Combine, the value after the last one taken ends it, not the last one itself.
        #expect(log.completions.isEmpty)
        subject.send(3)
        #expect(log.values == [1, 2])
        #expect(log.completions == [.finished])
        #expect(upstreamCancelled)
        withExtendedLifetime(token) {}
    }

    @Test("prefix on a current value finishes inside sink and still cancels upstream")
    func prefixOfCurrentValue() {
        let subject = CurrentValueSubject<Int, Never>(7)
        let log = EventLog<Int, Never>()
        var cancels = 0
        let token = log.subscribe(
            to: subject.handleEvents(receiveCancel: { cancels += 1 }).prefix(1)
        )
        subject.send(8)
        #expect(log.values == [7])
        #expect(log.completions == [.finished])
        #expect(cancels == 1)
        token.cancel()
        #expect(cancels == 1)
    }

    @Test("prefix(0) finishes when the first value comes; an upstream completion ends prefix early")
    func prefixEdges() {
        let subject = PassthroughSubject<Int, TestError>()
        let zero = EventLog<Int, TestError>()
        let zeroToken = zero.subscribe(to: subject.prefix(0))
        #expect(zero.completions.isEmpty)
        subject.send(0)
        #expect(zero.values.isEmpty)
        #expect(zero.completions == [.finished])
        withExtendedLifetime(zeroToken) {}

        let log = EventLog<Int, TestError>()
        let token = log.subscribe(to: subject.prefix(5))
        subject.send(1)
        subject.send(completion: .failure(TestError(code: 1)))
        #expect(log.values == [1])
        #expect(log.completions == [.failure(TestError(code: 1))])
        withExtendedLifetime(token) {}
    }

    @Test("dropFirst through a CurrentValueSubject: its current value comes when asked for")
    func dropFirstOnACurrentValue() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        subject.dropFirst().subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(subscriber.values == [1])
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 3])
    }

    @Test("dropFirst asks its upstream for the values it drops at once, whatever is asked of it")
    func dropFirstAsksUpFront() {
        var requests: [Subscribers.Demand] = []
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        [1, 2, 3].publisher.handleEvents(receiveRequest: { requests.append($0) }).dropFirst(2)
            .subscribe(subscriber)
        #expect(requests == [.max(2)])
        #expect(subscriber.values.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(requests == [.max(2), .max(1)])
        #expect(subscriber.values == [3])
        #expect(subscriber.completions.count == 1)

        // What the subscriber asks for when it is subscribed goes up with them, in one request.
        requests = []
        let asking = DemandProbe<Int, Never>(initial: .max(1))
        [1, 2, 3].publisher.handleEvents(receiveRequest: { requests.append($0) }).dropFirst(2)
            .subscribe(asking)
        #expect(requests == [.max(3)])
        #expect(asking.values == [3])
    }

    @Test("prepend asks the prefix, then the rest of the stream only for what is still owed")
    func prependPassesDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        subject.prepend(1, 2).subscribe(subscriber)
        #expect(subscriber.values == [1])
        subscriber.subscription?.request(.max(1))
        subject.send(3)  // nothing asked for: the subject drops it
        #expect(subscriber.values == [1, 2])
        subscriber.subscription?.request(.max(1))
        subject.send(4)
        #expect(subscriber.values == [1, 2, 4])
    }

    @Test("catch and append neither cancel an upstream that has completed nor ask it again")
    func completedStagesAreNotCancelled() {
        let failing = RecordingUpstream<Int, TestError>()
        let caught = DemandProbe<Int, Never>(initial: .max(3))
        failing.catch { _ in Just(9) }.subscribe(caught)
        failing.send(completion: .failure(TestError()))
        #expect(failing.events == [.request(.max(3))])
        #expect(caught.values == [9])
        let prefix = RecordingUpstream<Int, Never>()
        let appended = DemandProbe<Int, Never>(initial: .max(3))
        prefix.append(7).subscribe(appended)
        prefix.send(completion: .finished)
        #expect(prefix.events == [.request(.max(3))])
        #expect(appended.values == [7])
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
        let failing = Events(values.tryPrefix { if $0 == 4 { throw TestError() } else { true } })
        #expect(failing.values == [3, 1])
        #expect(failing.failure is TestError)
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
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        [1, 2, 3].publisher
            .prefix(
                untilOutputFrom: trigger.handleEvents(receiveRequest: { triggerRequests.append($0) }
                )
            )
            .subscribe(subscriber)
        // The sequence waits to be asked: one value, no finish.
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.count == 0)
        #expect(triggerRequests == [.max(1)])
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2])
        // The other publisher's value finishes the stream, though nothing more was asked for.
        trigger.send(())
        #expect(subscriber.completions.count == 1)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2])
    }

    @Test("drop(untilOutputFrom:) subscribes its subscriber first; dropped values use up demand")
    func dropUntilOutputDemand() {
        let (source, trigger) = (
            PassthroughSubject<Int, Never>(), PassthroughSubject<Void, Never>()
        )
        let subscriber = DemandProbe<Int, Never>(initial: .max(2))
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
        #expect(subscriber.completions.count == 0)
    }

    @Test("prefix(untilOutputFrom:) whose other publisher sends at once finishes, and cancels")
    func prefixUntilImmediateOutput() {
        let source = PassthroughSubject<Int, Never>()
        var cancels = 0
        let subscriber = DemandProbe<Int, Never>(initial: .unlimited)
        source.handleEvents(receiveCancel: { cancels += 1 })
            .prefix(untilOutputFrom: Just(()))
            .subscribe(subscriber)
        source.send(1)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.count == 1)
        #expect(cancels == 1)
    }
}
