// Demand through operators, asserted the same way in both configurations (.ci/apple-sim runs
// this suite against Combine): an operator passes its subscriber's demand on to the upstream,
// so a value nobody asked for meets the source's own rule before the operator counts it.
import Dispatch
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("Demand through operators, as Combine passes it", .untilTimeout(.seconds(30)))
struct OperatorDemandTests {
    @Test("scan accumulates only the values asked for: a subject drops the others")
    func scanCountsOnlyWhatWasAskedFor() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        subject.scan(0, +).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(subscriber.values == [1])
        subscriber.subscription?.request(.max(1))
        subject.send(4)
        #expect(subscriber.values == [1, 5])
    }

    @Test("removeDuplicates compares with the last value it was asked for and sent")
    func removeDuplicatesSeesOnlyWhatWasAskedFor() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = PacedSubscriber<Int>(initial: .max(2))
        subject.removeDuplicates().subscribe(subscriber)
        subject.send(1)
        subject.send(1)  // a duplicate: dropped, and one more asked for in its place
        subject.send(2)
        subject.send(3)  // nothing asked for: the subject drops it
        subscriber.subscription?.request(.max(1))
        subject.send(2)
        #expect(subscriber.values == [1, 2])
        subject.send(4)
        #expect(subscriber.values == [1, 2, 4])
    }

    @Test("dropFirst through a CurrentValueSubject: its current value comes when asked for")
    func dropFirstOnACurrentValue() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
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
        let subscriber = PacedSubscriber<Int>(initial: .none)
        [1, 2, 3].publisher.handleEvents(receiveRequest: { requests.append($0) }).dropFirst(2)
            .subscribe(subscriber)
        #expect(requests == [.max(2)])
        #expect(subscriber.values.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(requests == [.max(2), .max(1)])
        #expect(subscriber.values == [3])
        #expect(subscriber.completions == 1)

        // What the subscriber asks for when it is subscribed goes up with them, in one request.
        requests = []
        let asking = PacedSubscriber<Int>(initial: .max(1))
        [1, 2, 3].publisher.handleEvents(receiveRequest: { requests.append($0) }).dropFirst(2)
            .subscribe(asking)
        #expect(requests == [.max(3)])
        #expect(asking.values == [3])
    }

    @Test("first() and collect() finish only once their subscriber has asked for something")
    func reducersFinishOnlyWhenAsked() {
        let first = PacedSubscriber<Int>(initial: .none)
        Empty<Int, Never>().first().subscribe(first)
        #expect(first.completions == 0)
        first.subscription?.request(.max(1))
        #expect(first.completions == 1)
        #expect(first.values.isEmpty)
        let collected = PacedSubscriber<[Int]>(initial: .none)
        [1, 2].publisher.collect().subscribe(collected)
        #expect(collected.values.isEmpty)
        collected.subscription?.request(.max(1))
        #expect(collected.values == [[1, 2]])
        #expect(collected.completions == 1)
    }

    @Test("replaceError passes demand on, and sends its value and finishes once asked")
    func replaceErrorWaitsForDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        subject.replaceError(with: -1).subscribe(subscriber)
        subject.send(1)
        subject.send(2)  // nothing asked for: the subject drops it
        subject.send(completion: .failure(TestError()))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == 0)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, -1])
        #expect(subscriber.completions == 1)
    }

    @Test("replaceEmpty sends its value and finishes once asked")
    func replaceEmptyWaitsForDemand() {
        let subscriber = PacedSubscriber<Int>(initial: .none)
        Empty<Int, Never>().replaceEmpty(with: 7).subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == 0)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [7])
        #expect(subscriber.completions == 1)
    }

    @Test("collect(_:) by count asks for whole arrays: a subject drops what comes between")
    func collectByCountPassesDemand() {
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = PacedSubscriber<[Int]>(initial: .max(1))
        subject.handleEvents(receiveRequest: { requests.append($0) }).collect(2)
            .subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        #expect(subscriber.values == [[1, 2]])
        subscriber.subscription?.request(.max(1))
        for value in 5...6 { subject.send(value) }
        #expect(subscriber.values == [[1, 2], [5, 6]])
        #expect(requests == [.max(2), .max(2)])
    }

    @Test("catch passes demand on, and asks the replacement only for what is still owed")
    func catchPassesDemand() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = PacedSubscriber<Int>(initial: .max(2))
        subject.catch { _ in [7, 8, 9].publisher }.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(TestError()))
        #expect(subscriber.values == [1, 7])
        #expect(subscriber.completions == 0)
        subscriber.subscription?.request(.max(5))
        #expect(subscriber.values == [1, 7, 8, 9])
        #expect(subscriber.completions == 1)
    }

    @Test("retry asks each new subscription only for what is still owed")
    func retryPassesDemand() {
        let failing = [1, 2].publisher.setFailureType(to: TestError.self)
            .append(Fail(error: TestError()))
        let subscriber = PacedSubscriber<Int>(initial: .max(3))
        failing.retry(1).replaceError(with: -1).subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 1])
        #expect(subscriber.completions == 0)
        subscriber.subscription?.request(.max(10))
        #expect(subscriber.values == [1, 2, 1, 2, -1])
        #expect(subscriber.completions == 1)
    }

    @Test("prepend asks the prefix, then the rest of the stream only for what is still owed")
    func prependPassesDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        subject.prepend(1, 2).subscribe(subscriber)
        #expect(subscriber.values == [1])
        subscriber.subscription?.request(.max(1))
        subject.send(3)  // nothing asked for: the subject drops it
        #expect(subscriber.values == [1, 2])
        subscriber.subscription?.request(.max(1))
        subject.send(4)
        #expect(subscriber.values == [1, 2, 4])
    }

    @Test("share and Deferred over a subject drop what nobody asked for, as the subject does")
    func sharedAndDeferredSubjectsDrop() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = PacedSubscriber<Int>(initial: .max(1))
        subject.share().subscribe(shared)
        let deferred = PacedSubscriber<Int>(initial: .max(1))
        Deferred { subject }.subscribe(deferred)
        subject.send(1)
        subject.send(2)
        shared.subscription?.request(.max(1))
        deferred.subscription?.request(.max(1))
        subject.send(3)
        #expect(shared.values == [1, 3])
        #expect(deferred.values == [1, 3])
    }

    @Test("A notification posted while nothing is asked for is dropped")
    func notificationsDropWithoutDemand() {
        let name = Notification.Name("OperatorDemandTests.notificationsDropWithoutDemand")
        let center = NotificationCenter()
        let subscriber = PacedSubscriber<Notification>(initial: .max(1))
        center.publisher(for: name).subscribe(subscriber)
        center.post(name: name, object: nil)
        center.post(name: name, object: nil)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values.count == 1)
        center.post(name: name, object: nil)
        #expect(subscriber.values.count == 2)
    }

    @Test("zip asks each upstream for the subscriber's demand: a subject drops the rest")
    func zipPassesDemand() {
        let (letters, numbers) = (
            PassthroughSubject<String, Never>(), PassthroughSubject<Int, Never>()
        )
        let subscriber = PacedSubscriber<(String, Int)>(initial: .max(1))
        letters.zip(numbers).subscribe(subscriber)
        letters.send("a")
        letters.send("b")  // the letters were asked for one: dropped
        numbers.send(1)
        numbers.send(2)  // dropped too
        subscriber.subscription?.request(.max(1))
        letters.send("c")
        numbers.send(3)
        #expect(subscriber.values.map { "\($0)\($1)" } == ["a1", "c3"])
    }

    @Test("timeout delivers each value and the completion on its scheduler, as Combine's does")
    func timeoutDeliversOnItsScheduler() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        var events: [String] = []
        let token = subject.timeout(.seconds(5), scheduler: scheduler)
            .sink(
                receiveCompletion: { _ in events.append("finished") },
                receiveValue: { events.append("\($0)") })
        subject.send(1)
        #expect(events.isEmpty)
        scheduler.advance(by: .milliseconds(0))
        #expect(events == ["1"])
        subject.send(completion: .finished)
        #expect(events == ["1"])
        scheduler.advance(by: .milliseconds(0))
        #expect(events == ["1", "finished"])
        withExtendedLifetime(token) {}
    }

    @Test("switchToLatest asks the latest inner publisher only for what is still owed")
    func switchToLatestPassesDemand() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let (first, second) = (PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>())
        let subscriber = PacedSubscriber<Int>(initial: .max(2))
        outer.switchToLatest().subscribe(subscriber)
        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(2)  // switched away from
        second.send(3)
        second.send(4)  // nothing owed: the subject drops it
        #expect(subscriber.values == [1, 3])
        subscriber.subscription?.request(.max(1))
        second.send(5)
        #expect(subscriber.values == [1, 3, 5])
        second.send(completion: .finished)
        #expect(subscriber.completions == 0)
        outer.send(completion: .finished)
        #expect(subscriber.completions == 1)
    }

    @Test("catch and append neither cancel an upstream that has completed nor ask it again")
    func completedStagesAreNotCancelled() {
        let failing = RecordingUpstream<Int, TestError>()
        let caught = PacedSubscriber<Int>(initial: .max(3))
        failing.catch { _ in Just(9) }.subscribe(caught)
        failing.send(completion: .failure(TestError()))
        #expect(failing.events == [.request(.max(3))])
        #expect(caught.values == [9])
        let prefix = RecordingUpstream<Int, Never>()
        let appended = PacedSubscriber<Int>(initial: .max(3))
        prefix.append(7).subscribe(appended)
        prefix.send(completion: .finished)
        #expect(prefix.events == [.request(.max(3))])
        #expect(appended.values == [7])
    }

    @Test("encode and decode pass demand on, as tryMap does; a subject drops what is not asked")
    func encodeDecodePassDemand() {
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        subject.handleEvents(receiveRequest: { requests.append($0) })
            .encode(encoder: JSONEncoder()).decode(type: Int.self, decoder: JSONDecoder())
            .assertNoFailure().subscribe(subscriber)
        #expect(requests == [.max(1)])
        subject.send(1)
        subject.send(2)  // nothing asked for: the subject drops it
        subscriber.subscription?.request(.max(1))
        subject.send(3)
        #expect(subscriber.values == [1, 3])
        #expect(requests == [.max(1), .max(1)])
    }

    @Test("subscribe(on:) subscribes and asks on its scheduler; a subject drops what is not asked")
    func subscribeOnPassesDemand() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        subject.handleEvents(receiveRequest: { requests.append($0) }).subscribe(on: scheduler)
            .subscribe(subscriber)
        #expect(subscriber.subscription == nil)
        scheduler.advance(by: .milliseconds(0))
        #expect(requests == [.max(1)])
        subject.send(1)
        subject.send(2)  // nothing asked for: the subject drops it
        #expect(subscriber.values == [1])
        subscriber.subscription?.request(.max(1))
        #expect(requests == [.max(1)])
        scheduler.advance(by: .milliseconds(0))
        #expect(requests == [.max(1), .max(1)])
        subject.send(3)
        #expect(subscriber.values == [1, 3])
    }

    @Test("buffer keeps values until asked for; when full, drops the newest or the oldest")
    func bufferKeepsValuesUntilAsked() {
        let subject = PassthroughSubject<Int, Never>()
        let newest = PacedSubscriber<Int>(initial: .none)
        subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(newest)
        let oldest = PacedSubscriber<Int>(initial: .none)
        subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(oldest)
        for value in 1...4 { subject.send(value) }
        newest.subscription?.request(.max(3))
        oldest.subscription?.request(.max(3))
        #expect(newest.values == [1, 2])
        #expect(oldest.values == [3, 4])
        subject.send(5)
        #expect(newest.values == [1, 2, 5])
        #expect(oldest.values == [3, 4, 5])
        subject.send(completion: .finished)
        // Nothing waits, but nothing is asked for either: the finish waits for a request.
        #expect(newest.completions == 0)
        newest.subscription?.request(.max(1))
        #expect(newest.completions == 1)
    }

    @Test("buffer with .keepFull asks for its size, then one more for each value sent on")
    func bufferKeepsFull() {
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = PacedSubscriber<Int>(initial: .none)
        subject.handleEvents(receiveRequest: { requests.append($0) })
            .buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        #expect(requests == [.max(2)])
        for value in 1...3 { subject.send(value) }  // 3 meets no demand: the subject drops it
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1])
        #expect(requests == [.max(2), .max(1)])
        subject.send(4)
        subscriber.subscription?.request(.max(2))
        #expect(subscriber.values == [1, 2, 4])
    }

    @Test("An endless sequence through map and filter is asked for only what values takes")
    func endlessSequenceThroughOperatorsIntoValues() async {
        var taken: [Int] = []
        // Erased: Combine's Sequence publisher has its own `map` and `filter`, which build an array.
        let endless = (1...).publisher.eraseToAnyPublisher()
        for await value in endless.map({ $0 * 3 }).filter({ $0.isMultiple(of: 2) }).values {
            taken.append(value)
            if taken.count == 3 { break }
        }
        #expect(taken == [6, 12, 18])
    }

    @Test("handleEvents sees each request: .unlimited from a sink, the subscriber's own otherwise")
    func handleEventsSeesRequests() {
        var requests: [Subscribers.Demand] = []
        let subject = PassthroughSubject<Int, Never>()
        let observed = subject.handleEvents(receiveRequest: { requests.append($0) })
        let subscriber = PacedSubscriber<Int>(initial: .max(1), perValue: .max(2))
        observed.subscribe(subscriber)
        subject.send(1)
        subscriber.subscription?.request(.max(3))
        #expect(requests == [.max(1), .max(2), .max(3)])
        let token = observed.sink { _ in }
        #expect(requests.last == .unlimited)
        withExtendedLifetime(token) {}
    }

    @Test("print writes the subscription, each request and the demand a value asks for")
    func printWritesDemand() {
        final class Lines: TextOutputStream {
            var text = ""
            func write(_ string: String) { text += string }
        }
        let lines = Lines()
        let subscriber = PacedSubscriber<Int>(initial: .max(1), perValue: .max(1))
        [1, 2].publisher.print("n", to: lines).subscribe(subscriber)
        #expect(
            lines.text == """
                n: receive subscription: ([1, 2])
                n: request max: (1)
                n: receive value: (1)
                n: request max: (1) (synchronous)
                n: receive value: (2)
                n: request max: (1) (synchronous)
                n: receive finished

                """)
        #expect(subscriber.values == [1, 2])
    }

    @Test("debounce drops a value that comes due while nothing is asked for")
    func debounceDropsWithoutDemand() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        subject.debounce(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)
        subject.send(1)
        scheduler.advance(by: .milliseconds(10))
        subject.send(2)
        scheduler.advance(by: .milliseconds(10))
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1])
        subject.send(3)
        scheduler.advance(by: .milliseconds(10))
        #expect(subscriber.values == [1, 3])
    }

    @Test("throttle drops a value that comes due while nothing is asked for")
    func throttleDropsWithoutDemand() {
        let scheduler = DispatchQueue.test
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = PacedSubscriber<Int>(initial: .max(1))
        subject.throttle(for: .milliseconds(10), scheduler: scheduler, latest: true)
            .subscribe(subscriber)
        subject.send(1)
        scheduler.advance(by: .milliseconds(10))
        subject.send(2)
        scheduler.advance(by: .milliseconds(10))
        subscriber.subscription?.request(.max(1))
        scheduler.advance(by: .milliseconds(10))
        #expect(subscriber.values == [1])
        subject.send(3)
        scheduler.advance(by: .milliseconds(10))
        #expect(subscriber.values == [1, 3])
    }

    @Test(
        "throttle sends a @Published property's current value, then one value per interval",
        .skippedInAppleImitation(
            """
            OpenCombine's throttle asks its upstream for values before it hands its subscriber \
            the subscription, so the current value sent while it subscribes meets no demand and \
            is dropped. Apple's sends it: heckj/swiftui-notes UsingCombineTests/\
            DebounceAndThrottleTests.swift, run against Apple's Combine, records [-1, 1, 3, 6] \
            (latest: false) and [-1, 2, 5, 6] (latest: true) on iOS 14.1 for this script.
            """))
    func throttlePublishedCurrentValue() {
        // The script of that test, on a test scheduler instead of a real queue.
        final class Holder {
            @Published var value = -1
        }
        for (latest, expected) in [(false, [-1, 1, 3, 6]), (true, [-1, 2, 5, 6])] {
            let scheduler = DispatchQueue.test
            let holder = Holder()
            var received: [Int] = []
            let token = holder.$value.throttle(
                for: .milliseconds(500), scheduler: scheduler, latest: latest
            )
            .sink { received.append($0) }
            var now = 0
            for (at, value) in [(100, 1), (200, 2), (600, 3), (700, 4), (900, 5), (1200, 6)] {
                scheduler.advance(by: .milliseconds(at - now))
                now = at
                holder.value = value
            }
            scheduler.advance(by: .seconds(2))
            #expect(received == expected, "latest: \(latest)")
            withExtendedLifetime(token) {}
        }
    }
}
