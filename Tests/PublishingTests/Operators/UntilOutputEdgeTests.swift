// What prefix(untilOutputFrom:) and drop(untilOutputFrom:) do at their edges, as Combine's do:
// the subscriber they attach to the other publisher, a subscription that comes late or again, a
// value that comes before a subscription or after a completion, and a value nobody asked for.
// Every test here compiles and passes in both configurations (.ci/apple-sim runs them against
// Combine).
import Publishing
import Testing

@Suite("prefix(untilOutputFrom:) and drop(untilOutputFrom:) at their edges")
struct UntilOutputEdgeTests {
    @Test("The subscriber attached to the other publisher shares the subscription's identifier")
    func triggerSharesTheIdentifier() throws {
        let upstream = RecordingUpstream<Int, TestError>()
        let other = RecordingUpstream<Int, TestError>()
        upstream.drop(untilOutputFrom: other).subscribe(DemandProbe<Int, TestError>(initial: .none))
        let dropping = try #require(upstream.receivedSubscriber as? any Subscriber)
        let dropTrigger = try #require(other.receivedSubscriber as? any Subscriber)
        #expect(dropTrigger.combineIdentifier == dropping.combineIdentifier)
        #expect(String(describing: dropTrigger) == "DropUntilOutput")

        let prefixUpstream = RecordingUpstream<Int, TestError>()
        let prefixOther = RecordingUpstream<Int, TestError>()
        prefixUpstream.prefix(untilOutputFrom: prefixOther)
            .subscribe(DemandProbe<Int, TestError>(initial: .none))
        let prefixing = try #require(prefixUpstream.receivedSubscriber as? any Subscriber)
        let prefixTrigger = try #require(prefixOther.receivedSubscriber as? any Subscriber)
        #expect(prefixTrigger.combineIdentifier == prefixing.combineIdentifier)
    }

    @Test(
        "drop: an upstream subscription that comes after the other publisher has finished is kept and asked for the demand"
    )
    func dropKeepsALateSubscription() {
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let subscriber = DemandProbe<Int, TestError>(initial: .max(10))
        upstream.drop(untilOutputFrom: Empty<Void, TestError>()).subscribe(subscriber)
        subscriber.request(.max(4))
        #expect(subscriber.completions == [.finished])

        upstream.sendSubscription()
        #expect(upstream.events == [.request(.max(14))])
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.values.isEmpty)
    }

    @Test(
        "drop: after the other publisher's value, a later subscription from it is asked for one value, and cancelled with the stream"
    )
    func dropTakesTheOtherPublishersLaterSubscription() throws {
        let upstream = RecordingUpstream<Int, TestError>()
        let other = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .max(2))
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)
        let trigger = try #require(other.subscriberObject)

        // While the first is kept, a second is cancelled.
        let second = RecordingUpstream<Int, TestError>.Recording()
        trigger.receive(subscription: second)
        #expect(second.events == [.cancel])

        #expect(other.send(1000) == .none)
        let third = RecordingUpstream<Int, TestError>.Recording()
        trigger.receive(subscription: third)
        #expect(third.events == [.request(.max(1))])

        subscriber.cancel()
        #expect(third.events == [.request(.max(1)), .cancel])
        #expect(other.events == [.request(.max(1))])
        #expect(upstream.events == [.request(.max(2)), .cancel])
        #expect(subscriber.completions.isEmpty)
    }

    @Test("prefix: the other publisher's value after its completion ends nothing")
    func prefixIgnoresAValueAfterTheOthersCompletion() {
        for completion in [Subscribers.Completion<TestError>.finished, .failure(TestError())] {
            let upstream = RecordingUpstream<Int, TestError>()
            let other = RecordingUpstream<Int, TestError>()
            let subscriber = DemandProbe<Int, TestError>(initial: .none, perValue: .max(2))
            upstream.prefix(untilOutputFrom: other).subscribe(subscriber)

            other.send(completion: completion)
            #expect(other.send(42) == .none)
            other.send(completion: .finished)
            #expect(upstream.send(1) == .max(2))

            #expect(subscriber.values == [1])
            #expect(subscriber.completions.isEmpty)
            #expect(upstream.events.isEmpty)
            #expect(other.events == [.request(.max(1))])
        }
    }

    @Test("prefix: a value before a subscription, from either publisher, is not heard")
    func prefixIgnoresValuesBeforeSubscriptions() {
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let other = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .max(1))
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        #expect(upstream.send(31) == .none)
        #expect(subscriber.subscription == nil)
        #expect(subscriber.values.isEmpty)

        let lateOther = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let secondUpstream = RecordingUpstream<Int, TestError>()
        let second = DemandProbe<Int, TestError>(initial: .max(1))
        secondUpstream.prefix(untilOutputFrom: lateOther).subscribe(second)
        #expect(lateOther.send(31) == .none)
        #expect(second.completions.isEmpty)
        #expect(secondUpstream.events == [.request(.max(1))])
    }

    @Test(
        "prefix: the other publisher's value before the upstream's subscription finishes the subscriber at once, and the subscription is cancelled"
    )
    func prefixFinishesBeforeTheUpstreamsSubscription() {
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let other = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .max(1))
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        #expect(other.events == [.request(.max(1))])

        #expect(other.send(-1) == .none)
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.subscription == nil)

        upstream.sendSubscription()
        #expect(upstream.events == [.cancel])
        #expect(subscriber.subscription == nil)
        #expect(subscriber.completions == [.finished])
        #expect(other.events == [.request(.max(1))])
    }

    // Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can
    // start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        @Test("drop: a value before the other publisher's that was not asked for stops the program")
        func dropStopsAtAValueNotAskedFor() async {
            // Asked for one: the second dropped value was not asked for.
            let secondValue = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let upstream = RecordingUpstream<Int, TestError>()
                let other = PassthroughSubject<Int, TestError>()
                let subscriber = DemandProbe<Int, TestError>(initial: .max(1))
                upstream.drop(untilOutputFrom: other).subscribe(subscriber)
                upstream.send(1)
                upstream.send(2)
            }
            expectStopped(
                secondValue, saying: "DropUntilOutput was sent a value it did not ask for")
            // The other publisher finished first: still counted, as Combine's.
            let afterEmpty = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let upstream = RecordingUpstream<Int, TestError>()
                let subscriber = DemandProbe<Int, TestError>(initial: .none)
                upstream.drop(untilOutputFrom: Empty<Int, TestError>()).subscribe(subscriber)
                upstream.send(0)
            }
            expectStopped(afterEmpty, saying: "DropUntilOutput was sent a value it did not ask for")
        }
    #endif

    @Test("drop: values dropped before the other publisher's use up the demand they met")
    func dropCountsDroppedValues() {
        let upstream = RecordingUpstream<Int, TestError>()
        let other = PassthroughSubject<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .max(2), perValue: .max(1))
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        other.send(0)
        #expect(upstream.send(3) == .max(1))
        #expect(subscriber.values == [3])
        #expect(upstream.events == [.request(.max(2))])
    }
}

extension UntilOutputEdgeTests {
    // OpenCombine's DropUntilOutputTests.testOtherCompletesBeforeTriggering and its two
    // ReceiveCompletionBeforeSubscription tests, run against Apple's Combine: only the
    // upstream's completion, or a cancel, stops Combine's drop(untilOutputFrom:).
    @Test(
        "drop: the other publisher's completion cancels the upstream and ends the stream, but stops nothing a broken publisher sends after it"
    )
    func dropPassesWhatComesAfterTheOthersCompletion() {
        let upstream = RecordingUpstream<Int, TestError>()
        let other = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .max(100), perValue: .max(5))
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)
        #expect(upstream.send(1) == .none)
        other.send(completion: .finished)
        other.send(completion: .finished)
        #expect(subscriber.completions == [.finished, .finished])
        #expect(upstream.events == [.request(.max(100)), .cancel])
        #expect(other.events == [.request(.max(1))])
        // Before the other publisher's value, an upstream value is still dropped; after it,
        // sent on.
        #expect(upstream.send(2) == .none)
        other.send(0)
        #expect(upstream.send(3) == .max(5))
        #expect(subscriber.values == [3])
        // The upstream's own completion goes on once, and stops what comes after it.
        upstream.send(completion: .finished)
        upstream.send(completion: .finished)
        #expect(upstream.send(4) == .none)
        #expect(subscriber.completions == [.finished, .finished, .finished])
        #expect(subscriber.values == [3])
    }

    @Test("drop: a completion from each publisher reaches the subscriber, before any subscription")
    func dropPassesEachPublishersCompletion() {
        let upstream = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let subscriber = DemandProbe<Int, TestError>(initial: .max(1))
        upstream.drop(untilOutputFrom: Empty<Int, TestError>()).subscribe(subscriber)
        upstream.send(completion: .failure(TestError()))
        #expect(subscriber.completions == [.finished, .failure(TestError())])
        let other = RecordingUpstream<Int, TestError>(subscribesAtOnce: false)
        let second = DemandProbe<Int, TestError>(initial: .max(1))
        Empty<Int, TestError>().drop(untilOutputFrom: other).subscribe(second)
        other.send(completion: .finished)
        #expect(second.completions == [.finished, .finished])
        // A cancel stops the upstream's.
        let cancelled = DemandProbe<Int, TestError>(initial: .max(1))
        let third = RecordingUpstream<Int, TestError>()
        third.drop(untilOutputFrom: RecordingUpstream<Int, TestError>()).subscribe(cancelled)
        cancelled.cancel()
        third.send(completion: .finished)
        #expect(cancelled.completions.isEmpty)
    }

    @Test(
        "drop: two well-behaved publishers that both finish end the stream once",
        .skippedInAppleImitation(
            "the imitation's drop(untilOutputFrom:) (OpenCombine's) sends a second completion for the publisher that finishes second; no test run against Apple's Combine shows Apple's, and a second completion breaks the protocol"
        ))
    func dropEndsOnceForWellBehavedPublishers() {
        // The upstream first, then the other publisher.
        let other = PassthroughSubject<Int, TestError>()
        let upstreamFirst = DemandProbe<Int, TestError>(initial: .max(1))
        Just(1).setFailureType(to: TestError.self).drop(untilOutputFrom: other)
            .subscribe(upstreamFirst)
        other.send(completion: .finished)
        #expect(upstreamFirst.completions == [.finished])
        // The other publisher first, before the upstream's subscription; then the upstream.
        let otherFirst = DemandProbe<Int, TestError>(initial: .max(1))
        Just(1).setFailureType(to: TestError.self).drop(untilOutputFrom: Empty<Int, TestError>())
            .subscribe(otherFirst)
        #expect(otherFirst.completions == [.finished])
        #expect(otherFirst.values.isEmpty)
    }
}
