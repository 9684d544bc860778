import ObservationTesting
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

    @Test("share and Deferred over a subject drop what nobody asked for, as the subject does")
    func sharedAndDeferredSubjectsDrop() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = DemandProbe<Int, Never>(initial: .max(1))
        subject.share().subscribe(shared)
        let deferred = DemandProbe<Int, Never>(initial: .max(1))
        Deferred { subject }.subscribe(deferred)
        subject.send(1)
        subject.send(2)
        shared.subscription?.request(.max(1))
        deferred.subscription?.request(.max(1))
        subject.send(3)
        #expect(shared.values == [1, 3])
        #expect(deferred.values == [1, 3])
    }
}
