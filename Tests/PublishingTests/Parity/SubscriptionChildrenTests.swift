// What a subscription shows of its state in `dump()` and the debugger, where Combine's shows
// it: a subject's subscription its subject, subscriber and demand; a value publisher's its
// value; a sequence's what is left to send; a few operators' their subscriber and what they
// hold. OpenCombine's tests, run against Apple's Combine, record each.
import Foundation
import Publishing
import Testing

/// Keeps the subscription it receives, asks for `initial`, and lets each value ask for nothing.
private final class ChildrenProbe<Input, Failure: Error>: Subscriber, CustomStringConvertible {
    let combineIdentifier = CombineIdentifier()
    let initial: Subscribers.Demand
    var subscription: (any Subscription)?
    let description = "ChildrenProbe"

    init(asking initial: Subscribers.Demand = .none) {
        self.initial = initial
    }

    func receive(subscription: any Subscription) {
        self.subscription = subscription
        if initial > 0 { subscription.request(initial) }
    }
    func receive(_ input: Input) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<Failure>) {}
}

/// The labels and described values of what `subscription` shows in a mirror.
private func children(of subscription: (any Subscription)?) -> [String] {
    guard let subscription else { return ["no subscription"] }
    return Mirror(reflecting: subscription).children.map { "\($0.label ?? "_"): \($0.value)" }
}

private func dumped(_ subscription: (any Subscription)?) -> String {
    var text = ""
    if let subscription { dump(subscription, to: &text) }
    return text
}

@Suite("Subscriptions show their state as Combine's do")
struct SubscriptionChildrenTests {
    @Test("objectWillChange's subscription shows its subscriber")
    func objectWillChangeSubscriptionShowsItsSubscriber() {
        let publisher = ObservableObjectPublisher()
        let probe = ChildrenProbe<Void, Never>(asking: .max(1))
        publisher.subscribe(probe)
        #expect(children(of: probe.subscription).count == 1)
        #expect(children(of: probe.subscription).first?.hasPrefix("downstream: ") == true)
        #expect(children(of: probe.subscription).first?.contains("ChildrenProbe") == true)
    }

    @Test("A subject's subscription shows its subject, subscriber and demand, until it ends")
    func subjectSubscriptionShowsItsParts() {
        let subject = PassthroughSubject<Int, Never>()
        let probe = ChildrenProbe<Int, Never>(asking: .max(3))
        subject.subscribe(probe)
        subject.send(1)
        let subjectText = "\(subject)"
        #expect(
            children(of: probe.subscription) == [
                "parent: Optional(\(subjectText))", "downstream: Optional(ChildrenProbe)",
                "demand: max(2)", "subject: Optional(\(subjectText))",
            ])

        // Once cancelled it lets go of both, and asks nothing more: the demand stays as it was.
        probe.subscription?.cancel()
        probe.subscription?.request(.max(5))
        #expect(
            children(of: probe.subscription) == [
                "parent: nil", "downstream: nil", "demand: max(2)", "subject: nil",
            ])
    }

    @Test("A current value subject's subscription shows the same, and lets go at the completion")
    func currentValueSubjectSubscriptionLetsGoAtCompletion() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let probe = ChildrenProbe<Int, Never>()
        subject.subscribe(probe)
        #expect(
            children(of: probe.subscription).map { $0.prefix { $0 != ":" } } == [
                "parent", "downstream", "demand", "subject",
            ])
        #expect(children(of: probe.subscription)[2] == "demand: max(0)")
        subject.send(completion: .finished)
        #expect(
            children(of: probe.subscription) == [
                "parent: nil", "downstream: nil", "demand: max(0)", "subject: nil",
            ])
    }

    @Test("Just's, an optional's and a result's subscriptions dump as Combine's, with their value")
    func valuePublisherSubscriptionsShowTheirValue() {
        let just = ChildrenProbe<Int, Never>()
        Just(42).subscribe(just)
        #expect(dumped(just.subscription) == "▿ Just #0\n  - 42\n")

        let optional = ChildrenProbe<Int, Never>()
        Optional(42).publisher.subscribe(optional)
        #expect(dumped(optional.subscription) == "▿ Optional #0\n  - 42\n")

        let result = ChildrenProbe<Int, TestError>()
        Result<Int, TestError>.success(42).publisher.subscribe(result)
        #expect(dumped(result.subscription) == "▿ Once #0\n  - 42\n")
    }

    @Test("With no value, an optional's and a result's subscriptions are the empty one")
    func valuelessPublishersHandOverTheEmptySubscription() {
        let optional = ChildrenProbe<Int, Never>()
        Int?.none.publisher.subscribe(optional)
        #expect(optional.subscription.map { "\($0)" } == "Empty")
        #expect(optional.subscription?.combineIdentifier == Subscriptions.empty.combineIdentifier)

        let result = ChildrenProbe<Int, TestError>()
        Result<Int, TestError>.failure(TestError()).publisher.subscribe(result)
        #expect(result.subscription.map { "\($0)" } == "Empty")
    }

    @Test("A sequence's subscription is named for its sequence until it is spent")
    func spentSequenceSubscriptionsAreRenamed() {
        let sequence = ChildrenProbe<Int, Never>()
        [1, 2].publisher.subscribe(sequence)
        #expect(sequence.subscription.map { "\($0)" } == "[1, 2]")
        sequence.subscription?.request(.max(2))
        #expect(sequence.subscription.map { "\($0)" } == "Sequence")
        #expect(children(of: sequence.subscription) == ["sequence: []"])

        let record = ChildrenProbe<Int, Never>()
        Record<Int, Never>(output: [1, 2], completion: .finished).subscribe(record)
        #expect(children(of: record.subscription) == ["sequence: [1, 2]", "completion: finished"])
        record.subscription?.cancel()
        #expect(record.subscription.map { "\($0)" } == "Cancelled Events")
    }

    @Test("Operators that keep state show their subscriber and that state")
    func statefulOperatorSubscriptionsShowTheirState() {
        let subject = PassthroughSubject<Int, Never>()
        let removeDuplicates = ChildrenProbe<Int, Never>(asking: .unlimited)
        subject.removeDuplicates().subscribe(removeDuplicates)
        let collect = ChildrenProbe<[Int], Never>(asking: .max(1))
        subject.collect(3).subscribe(collect)
        let tryFilter = ChildrenProbe<Int, any Error>()
        subject.tryFilter { _ in true }.subscribe(tryFilter)
        let buffer = ChildrenProbe<Int, Never>()
        subject.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest).subscribe(buffer)
        subject.send(7)

        #expect(
            children(of: removeDuplicates.subscription) == [
                "downstream: ChildrenProbe", "last: Optional(7)",
            ])
        let collected = children(of: collect.subscription)
        #expect(
            collected.map { $0.prefix { $0 != ":" } } == [
                "downstream", "upstreamSubscription", "buffer", "count",
            ])
        #expect(collected[2...] == ["buffer: [7]", "count: 3"])
        #expect(children(of: tryFilter.subscription) == ["downstream: ChildrenProbe"])
        let buffered = children(of: buffer.subscription)
        #expect(
            buffered.map { $0.prefix { $0 != ":" } } == [
                "values", "state", "downstreamDemand", "terminal",
            ])
        #expect(buffered[0] == "values: [7]")
        #expect(buffered[2...] == ["downstreamDemand: max(0)", "terminal: nil"])
    }

    @Test("scan's result may be read from a mirror while values arrive on another thread")
    func scanMirrorReadDuringDelivery() throws {
        let subject = PassthroughSubject<Int, Never>()
        let probe = ChildrenProbe<Int, Never>(asking: .unlimited)
        subject.scan(0, +).subscribe(probe)
        // scan passes its subscriber the subject's subscription, whose subscriber is scan's own.
        let subscription = try #require(probe.subscription)
        let downstream = try #require(
            Mirror(reflecting: subscription).children.first { $0.label == "downstream" })
        let scan = UncheckedBox(downstream.value)
        // Under ThreadSanitizer, a result kept unlocked is a reported race.
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for value in 1...200 {
                if thread == 0 {
                    subject.send(value)
                } else {
                    _ = Mirror(reflecting: scan.value).descendant(0, "result")
                }
            }
        }
        let result = Mirror(reflecting: scan.value).descendant(0, "result")
        #expect(result as? Int == 20100)
    }
}

/// A value handed to threads that only read it through its own locking.
// @unchecked: a subscription's mirror takes the subscription's own lock.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension SubscriptionChildrenTests {
    private final class Model: ObservableObject {
        @Published var count = 0
    }

    // OpenCombine's PublishedTests.testPublishedSubjectConduitReflection, run against Apple's
    // Combine.
    @Test("A property's subscription shows its subject, subscriber and demand, until it ends")
    func publishedSubscriptionShowsItsParts() {
        let model = Model()
        let probe = ChildrenProbe<Int, Never>(asking: .max(3))
        model.$count.subscribe(probe)
        let shown = children(of: probe.subscription)
        #expect(
            shown.map { $0.prefix { $0 != ":" } } == ["parent", "downstream", "demand", "subject"])
        #expect(shown[0].contains("PublishedSubject"))
        #expect(shown[1] == "downstream: Optional(ChildrenProbe)")
        // The current value used one of the three.
        #expect(shown[2] == "demand: max(2)")
        #expect(shown[3] == shown[0].replacingOccurrences(of: "parent", with: "subject"))
        probe.subscription?.cancel()
        #expect(
            children(of: probe.subscription) == [
                "parent: nil", "downstream: nil", "demand: max(2)", "subject: nil",
            ])
    }

}
