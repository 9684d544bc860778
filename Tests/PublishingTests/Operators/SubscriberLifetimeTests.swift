// What append, switchToLatest, prefix(untilOutputFrom:) and drop(untilOutputFrom:) keep alive,
// and for how long, as Combine's do (OpenCombine's ConcatenateTests, SwitchToLatestTests,
// PrefixUntilOutputTests and DropUntilOutputTests lifecycle tests, run against Apple's Combine):
// their subscription holds its subscriber for its whole life, and append holds its suffix until
// the stream ends or is cancelled. Every test here compiles and passes in both configurations.
import Publishing
import Testing

@Suite("append, switchToLatest, prefix and drop(untilOutputFrom:): what they keep alive")
struct SubscriberLifetimeTests {
    @Test("append holds its suffix until cancelled, whatever becomes of its prefix")
    func appendHoldsItsSuffix() {
        let subscriber = KeepingSubscriber<Int, Never>()
        weak var released: PassthroughSubject<Int, Never>?
        do {
            let prefix = RecordingUpstream<Int, Never>()
            let suffix = PassthroughSubject<Int, Never>()
            released = suffix
            prefix.append(suffix).subscribe(subscriber)
        }
        // The prefix, and the subscriber it was given, are gone; the suffix is still to come.
        #expect(released != nil)
        subscriber.subscription?.cancel()
        #expect(released == nil)
    }

    @Test("append keeps a subscriber that keeps its subscription after a failure, until it lets go")
    func appendKeepsItsSubscriber() {
        // A publisher that keeps its subscriber (the stage's), as Combine's own tests' does.
        var prefix: RecordingUpstream<Int, TestError>? = RecordingUpstream()
        weak var released: KeepingSubscriber<Int, TestError>?
        do {
            let subscriber = KeepingSubscriber<Int, TestError>()
            released = subscriber
            prefix?.append(Empty()).subscribe(subscriber)
        }
        prefix?.send(completion: .failure(TestError()))
        #expect(released?.completions == [.failure(TestError())])
        #expect(released != nil)
        released?.subscription?.cancel()
        #expect(released != nil)
        released?.subscription = nil
        prefix = nil
        #expect(released == nil)
    }

    @Test(
        "switchToLatest keeps a subscriber that keeps its subscription after a failure, until it lets go"
    )
    func switchToLatestKeepsItsSubscriber() {
        let publishers = PassthroughSubject<PassthroughSubject<Int, TestError>, TestError>()
        weak var released: KeepingSubscriber<Int, TestError>?
        do {
            let subscriber = KeepingSubscriber<Int, TestError>()
            released = subscriber
            publishers.switchToLatest().subscribe(subscriber)
        }
        publishers.send(completion: .failure(TestError()))
        #expect(released?.completions == [.failure(TestError())])
        #expect(released != nil)
        released?.subscription?.cancel()
        #expect(released != nil)
        released?.subscription = nil
        #expect(released == nil)
    }

    @Test("prefix(untilOutputFrom:) keeps a subscriber that keeps its subscription after the end")
    func prefixUntilOutputKeepsItsSubscriber() {
        let upstream = PassthroughSubject<Int, Never>()
        // Its subscriber is let go, not cancelled, once it has sent its value, as Combine's is:
        // the publisher keeps it.
        var trigger: RecordingUpstream<Int, Never>? = RecordingUpstream()
        weak var released: KeepingSubscriber<Int, Never>?
        do {
            let subscriber = KeepingSubscriber<Int, Never>()
            released = subscriber
            if let trigger { upstream.prefix(untilOutputFrom: trigger).subscribe(subscriber) }
        }
        trigger?.send(1)
        #expect(released?.completions == [.finished])
        trigger = nil
        #expect(released != nil)
        released?.subscription = nil
        #expect(released == nil)
    }

    @Test("drop(untilOutputFrom:) keeps a subscriber that keeps its subscription after a failure")
    func dropUntilOutputKeepsItsSubscriber() {
        let upstream = PassthroughSubject<Int, TestError>()
        // Kept subscribed to after the upstream's failure, as Combine's is.
        var trigger: RecordingUpstream<Int, TestError>? = RecordingUpstream()
        weak var released: KeepingSubscriber<Int, TestError>?
        do {
            let subscriber = KeepingSubscriber<Int, TestError>()
            released = subscriber
            if let trigger { upstream.drop(untilOutputFrom: trigger).subscribe(subscriber) }
        }
        upstream.send(completion: .failure(TestError()))
        #expect(released?.completions == [.failure(TestError())])
        trigger = nil
        #expect(released != nil)
        released?.subscription?.cancel()
        #expect(released != nil)
        released?.subscription = nil
        #expect(released == nil)
    }
}
