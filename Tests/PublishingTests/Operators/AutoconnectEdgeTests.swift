// What autoconnect and share do at their edges, as Combine's do: autoconnect hands each
// subscriber the upstream's own subscription and passes every event on as it comes; a
// subscriber counts until it cancels, not until it completes. Every test here compiles and
// passes in both configurations (.ci/apple-sim runs them against Combine).
import Publishing
import Testing

/// A connectable publisher that gives each subscriber a ``RecordingUpstream`` of its own, and
/// records its connections and their cancels.
private final class RecordingConnectable: ConnectablePublisher {
    typealias Output = Int
    typealias Failure = TestError

    enum Event: Equatable {
        case connected
        case disconnected
    }

    /// A connection that records its cancel, and nothing when it is released.
    final class Connection: Cancellable {
        private let onCancel: () -> Void
        init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }
        func cancel() { onCancel() }
    }

    private(set) var upstreams: [RecordingUpstream<Int, TestError>] = []
    private(set) var events: [Event] = []
    /// Called with each subscriber, before it is subscribed.
    var willSubscribe: () -> Void = {}

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        willSubscribe()
        let upstream = RecordingUpstream<Int, TestError>()
        upstreams.append(upstream)
        upstream.receive(subscriber: subscriber)
    }

    func connect() -> any Cancellable {
        events.append(.connected)
        return Connection { [weak self] in self?.events.append(.disconnected) }
    }
}

@Suite("autoconnect and share at their edges")
struct AutoconnectEdgeTests {
    @Test("autoconnect hands its subscriber the upstream's own subscription")
    func subscriberGetsTheUpstreamsSubscription() throws {
        let connectable = RecordingConnectable()
        let subscriber = DemandProbe<Int, TestError>(initial: .max(3), perValue: .max(2))
        connectable.autoconnect().subscribe(subscriber)
        let upstream = try #require(connectable.upstreams.first)
        let subscription = try #require(subscriber.subscription)

        #expect(upstream.events == [.request(.max(3))])
        #expect(subscription.combineIdentifier == upstream.subscription.combineIdentifier)
        #expect(String(describing: subscription) == String(describing: upstream.subscription))
        subscription.request(.max(5))
        #expect(upstream.events == [.request(.max(3)), .request(.max(5))])
        // The subscriber's demand for a value is the value's delivery's, returned.
        #expect(upstream.send(1) == .max(2))
    }

    @Test("autoconnect passes every event on as it comes, a value after the completion too")
    func eventsPassOnAsTheyCome() throws {
        let connectable = RecordingConnectable()
        let subscriber = DemandProbe<Int, TestError>(initial: .max(1), perValue: .max(1))
        connectable.autoconnect().subscribe(subscriber)
        let upstream = try #require(connectable.upstreams.first)

        upstream.send(1)
        upstream.send(completion: .finished)
        #expect(upstream.send(2) == .max(1))
        upstream.send(completion: .failure(TestError()))

        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions == [.finished, .failure(TestError())])
    }

    @Test(
        "autoconnect connects at the first subscriber and disconnects at the last one's cancel, not at a completion"
    )
    func subscribersCountUntilTheyCancel() throws {
        let connectable = RecordingConnectable()
        let autoconnect = connectable.autoconnect()
        let first = DemandProbe<Int, TestError>(initial: .max(1))
        let second = DemandProbe<Int, TestError>(initial: .max(1))
        autoconnect.subscribe(first)
        autoconnect.subscribe(second)
        #expect(connectable.events == [.connected])

        for upstream in connectable.upstreams { upstream.send(completion: .finished) }
        #expect(connectable.events == [.connected])

        second.cancel()
        #expect(connectable.events == [.connected])
        first.cancel()
        #expect(connectable.events == [.connected, .disconnected])
        // A cancel again reaches the upstream, and changes nothing else.
        first.cancel()
        #expect(connectable.events == [.connected, .disconnected])
        #expect(connectable.upstreams[0].events == [.request(.max(1)), .cancel, .cancel])
    }

    @Test(
        "autoconnect: a subscriber that subscribes while the first connects connects again, and one cancel disconnects"
    )
    func aSubscriberDuringTheFirstConnectsAgain() throws {
        let connectable = RecordingConnectable()
        let autoconnect = connectable.autoconnect()
        let inner = DemandProbe<Int, TestError>(initial: .none)
        var isFirst = true
        connectable.willSubscribe = {
            // The first subscriber's subscribe, before the first connect: a second subscribes.
            guard isFirst else { return }
            isFirst = false
            autoconnect.subscribe(inner)
        }
        let outer = DemandProbe<Int, TestError>(initial: .none)
        autoconnect.subscribe(outer)
        #expect(connectable.events == [.connected, .connected])

        outer.cancel()
        #expect(connectable.events == [.connected, .connected, .disconnected])
        inner.cancel()
        #expect(connectable.events == [.connected, .connected, .disconnected])
    }

    @Test(
        "share: a subscriber after the completion gets it, and the upstream is not subscribed again"
    )
    func shareAfterTheCompletionDoesNotResubscribe() {
        let upstream = RecordingUpstream<Int, TestError>()
        let share = upstream.share()
        let early = DemandProbe<Int, TestError>(initial: .unlimited)
        share.subscribe(early)
        upstream.send(1)
        upstream.send(completion: .finished)

        let late = DemandProbe<Int, TestError>(initial: .max(1))
        share.subscribe(late)
        #expect(upstream.events == [.request(.unlimited)])
        #expect(early.values == [1])
        #expect(early.completions == [.finished])
        #expect(late.values.isEmpty)
        #expect(late.completions == [.finished])
    }
}
