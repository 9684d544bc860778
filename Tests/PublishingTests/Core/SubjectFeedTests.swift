// What a subject does with the publishers feeding it (`send(subscription:)`) and with subscribers
// that come after its completion, as Combine's subjects do. Every test here compiles and passes
// in both configurations (.ci/apple-sim runs them against Combine).
import Publishing
import Testing

@Suite("A subject's feed, and its end")
struct SubjectFeedTests {
    typealias Recording = RecordingUpstream<Int, Never>.Recording

    @Test("A passthrough subject asks its feed for values only once a subscriber asks")
    func passthroughAsksItsFeedOnDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let early = Recording()
        subject.send(subscription: early)
        #expect(early.events.isEmpty)
        let waiting = DemandProbe<Int, Never>(initial: .none)
        subject.subscribe(waiting)
        #expect(early.events.isEmpty)
        waiting.request(.max(1))
        #expect(early.events == [.request(.unlimited)])
        // From then on, each new feed is asked at once, and a later request asks nothing more.
        let late = Recording()
        subject.send(subscription: late)
        #expect(late.events == [.request(.unlimited)])
        waiting.request(.max(1))
        #expect(early.events == [.request(.unlimited)])
    }

    @Test("A value fed before anyone subscribed reaches the first sink")
    func feedWaitsForTheFirstSink() {
        let subject = PassthroughSubject<Int, Never>()
        let feeding = Just(7).subscribe(subject)
        var received: [Int] = []
        var finished = false
        let token = subject.sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
        #expect(received == [7])
        #expect(finished)
        withExtendedLifetime((feeding, token)) {}
    }

    @Test("A current-value subject asks its feed for every value at once")
    func currentValueAsksItsFeedAtOnce() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let feed = Recording()
        subject.send(subscription: feed)
        #expect(feed.events == [.request(.unlimited)])
    }

    @Test("A subject that goes cancels every subscription it was fed")
    func subjectsCancelTheirFeedWhenTheyGo() {
        let passthroughFeed = Recording()
        let currentValueFeed = Recording()
        do {
            let passthrough = PassthroughSubject<Int, Never>()
            let currentValue = CurrentValueSubject<Int, Never>(0)
            passthrough.send(subscription: passthroughFeed)
            passthrough.send(subscription: passthroughFeed)
            currentValue.send(subscription: currentValueFeed)
            #expect(passthroughFeed.events.isEmpty)
        }
        #expect(passthroughFeed.events == [.cancel, .cancel])
        #expect(currentValueFeed.events == [.request(.unlimited), .cancel])
    }

    @Test("A subscriber after the completion gets the empty subscription, then the completion")
    func lateSubscriberGetsEmpty() {
        let passthrough = PassthroughSubject<Int, TestError>()
        let currentValue = CurrentValueSubject<Int, TestError>(1)
        passthrough.send(completion: .finished)
        currentValue.send(completion: .failure(TestError()))
        let afterPassthrough = DemandProbe<Int, TestError>(initial: .unlimited)
        let afterCurrentValue = DemandProbe<Int, TestError>(initial: .unlimited)
        passthrough.subscribe(afterPassthrough)
        currentValue.subscribe(afterCurrentValue)
        #expect(afterPassthrough.subscription.map { "\($0)" } == "Empty")
        #expect(afterCurrentValue.subscription.map { "\($0)" } == "Empty")
        #expect(afterPassthrough.completions == [.finished])
        #expect(afterCurrentValue.completions == [.failure(TestError())])
        #expect(afterCurrentValue.values.isEmpty)
    }

    @Test("After the completion, setting `value` stores it; `send(_:)` does not")
    func currentValueAfterCompletion() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var received: [Int] = []
        let token = subject.sink { received.append($0) }
        subject.send(completion: .finished)
        subject.send(1)
        #expect(subject.value == 0)
        subject.value = 2
        #expect(subject.value == 2)
        #expect(received == [0])
        withExtendedLifetime(token) {}
    }
}
