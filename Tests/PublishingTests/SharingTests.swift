import Publishing
import Testing

@Suite("Sharing: share, multicast, makeConnectable, autoconnect, subscribe(_:)")
struct SharingTests {
    @Test("share makes one upstream subscription for every subscriber, and ends it with the last")
    func share() {
        let upstream = TrackedSubject<Int, Never>()
        let shared = upstream.share()
        let first = Events(shared)
        let second = Events(shared)
        #expect(upstream.subscriptionsMade == 1)
        upstream.send(1)
        #expect(first.values == [1])
        #expect(second.values == [1])
        first.cancel()
        #expect(upstream.liveSubscriptions == 1)
        second.cancel()
        #expect(upstream.liveSubscriptions == 0)
        #expect(shared == shared)
    }

    @Test("share runs a cold upstream's work once: Deferred is made once for two subscribers")
    func shareRunsWorkOnce() {
        var made = 0
        let subject = PassthroughSubject<Int, Never>()
        let shared = Deferred { () -> PassthroughSubject<Int, Never> in
            made += 1
            return subject
        }.share()
        let one = Events(shared)
        let two = Events(shared)
        subject.send(5)
        subject.send(completion: .finished)
        #expect(made == 1)
        #expect(one.values == [5] && two.values == [5])
        #expect(one.isFinished && two.isFinished)
    }

    @Test("multicast and makeConnectable subscribe upstream only on connect")
    func connect() {
        let upstream = TrackedSubject<Int, Never>()
        let multicast = upstream.multicast(subject: PassthroughSubject())
        let events = Events(multicast)
        #expect(upstream.subscriptionsMade == 0)
        let connection = multicast.connect()
        upstream.send(1)
        #expect(events.values == [1])
        connection.cancel()
        #expect(upstream.liveSubscriptions == 0)

        let connectable = [1, 2].publisher.makeConnectable()
        let late = Events(connectable)
        #expect(late.values.isEmpty)
        let lateConnection = connectable.connect()
        #expect(late.values == [1, 2])
        #expect(late.isFinished)
        lateConnection.cancel()

        let made = upstream.multicast { CurrentValueSubject<Int, Never>(0) }
        #expect(Events(made).values == [0])
    }

    @Test("autoconnect connects on the first subscriber and disconnects after the last")
    func autoconnect() {
        let upstream = TrackedSubject<Int, Never>()
        let auto = upstream.makeConnectable().autoconnect()
        let first = Events(auto)
        #expect(upstream.liveSubscriptions == 1)
        let second = Events(auto)
        #expect(upstream.liveSubscriptions == 1)
        upstream.send(3)
        #expect(first.values == [3] && second.values == [3])
        first.cancel()
        second.cancel()
        #expect(upstream.liveSubscriptions == 0)
    }

    @Test("subscribe(_:) feeds a subject every value and the completion")
    func subscribeSubject() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let events = Events(subject)
        let token = [1, 2].publisher.subscribe(subject)
        #expect(events.values == [0, 1, 2])
        #expect(events.isFinished)
        #expect(subject.value == 2)
        withExtendedLifetime(token) {}
    }
}

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
}
