import ObservationTesting
import Publishing
import Testing

@Suite("values")
struct ValuesTests {
    @Test("values asks for one value per next(): a current value subject gives its latest")
    func currentValueSubjectGivesItsLatest() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        var iterator = subject.values.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        // Sent while nobody awaits: the next value asked for is the subject's current one.
        subject.send(1)
        subject.send(2)
        #expect(await iterator.next() == 2)
        subject.send(3)
        subject.send(completion: .finished)
        // A completion needs no demand: it ends the sequence before the unasked-for value.
        #expect(await iterator.next() == nil)
        #expect(await iterator.next() == nil)
    }

    @Test("values drops a passthrough subject's values sent while nobody awaits")
    func passthroughSubjectDropsUnaskedValues() async {
        let subject = PassthroughSubject<Int, Never>()
        var iterator = subject.values.makeAsyncIterator()
        subject.send(1)
        subject.send(completion: .finished)
        #expect(await iterator.next() == nil)
    }

    @Test("Through an operator that passes values on, the source's rule still applies")
    func sourceRuleThroughOperators() async {
        let subject = PassthroughSubject<Int, Never>()
        var iterator = subject.map { $0 * 10 }.filter { $0 > 0 }.values.makeAsyncIterator()
        subject.send(1)  // nobody awaits: dropped at the source, as in Combine
        subject.send(completion: .finished)
        #expect(await iterator.next() == nil)

        let current = CurrentValueSubject<Int, Never>(0)
        var latest = current.map { $0 * 10 }.values.makeAsyncIterator()
        #expect(await latest.next() == 0)
        current.send(1)
        current.send(2)
        #expect(await latest.next() == 20)
    }

    @Test("values of a sequence, Just or Record lose nothing: they wait to be asked")
    func waitingPublishersLoseNothing() async {
        var received: [Int] = []
        for await value in [1, 2, 3].publisher.values { received.append(value) }
        for await value in Just(4).values { received.append(value) }
        for await value in Record<Int, Never>(output: [5, 6], completion: .finished).values {
            received.append(value)
        }
        #expect(received == [1, 2, 3, 4, 5, 6])
    }

    @Test("values wakes a waiting loop when another task sends")
    func wakesWaitingLoop() async {
        let subject = PassthroughSubject<Int, Never>()
        await confirmation("received 3 values", expectedCount: 3) { received in
            let loop = Task {
                var count = 0
                for await _ in subject.values {
                    received()
                    count += 1
                    if count == 3 { break }
                }
            }
            // Subscribing happens inside the loop task: keep sending until it has seen 3.
            let sender = Task {
                while !Task.isCancelled {
                    subject.send(1)
                    await Task.yield()
                }
            }
            await loop.value
            sender.cancel()
        }
    }

    @Test("values throws the publisher's error")
    func throwsFailure() async throws {
        var iterator = Fail<Int, TestError>(error: TestError(code: 9)).prepend(1).values
            .makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        await #expect(throws: TestError(code: 9)) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test(
        "values has Combine's types: AsyncPublisher, and AsyncThrowingPublisher throwing any Error")
    func combinesTypes() async {
        let plain: AsyncPublisher<Just<Int>> = Just(1).values
        var received: [Int] = []
        for await value in plain { received.append(value) }
        #expect(received == [1])
        let failing: AsyncThrowingPublisher<Fail<Int, TestError>> =
            Fail(error: TestError(code: 3)).values
        do {
            for try await _ in failing {}
            Issue.record("The failing publisher's sequence finished")
        } catch {
            // `any Error`, as on Apple platforms: the publisher's error is reached by a cast.
            #expect(error as? TestError == TestError(code: 3))
        }
    }

    @Test("Cancelling the iterating task ends the sequence instead of hanging")
    func cancellationEnds() async {
        let subject = PassthroughSubject<Int, Never>()
        let sequence = subject.values
        let task = Task {
            var count = 0
            for await _ in sequence { count += 1 }
            return count
        }
        task.cancel()
        #expect(await task.value == 0)
    }

    @Test(
        "Dropping the iterator cancels its subscription",
        .skippedInAppleImitation(
            "OpenCombine's values iterator keeps its subscription when dropped; Apple's is not checked here"
        )
    )
    func iteratorReleaseCancels() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        var cancelled = false
        do {
            var iterator = subject.handleEvents(receiveCancel: { cancelled = true }).values
                .makeAsyncIterator()
            _ = await iterator.next()
        }
        #expect(cancelled)
    }

    // Several tasks awaiting one iterator, and cancelling them, as OpenCombine's
    // PublisherConcurrencyTests record Combine doing. Each runs on the serial executor, so
    // `settle()` returns once every task waits in `next()`, with no sleeping.

    @Test(
        "Cancelling one of several tasks awaiting an iterator ends them all and cancels it",
        .serialExecutor)
    func cancellingOneAwaitingTaskEndsThemAll() async throws {
        let upstream = RecordingUpstream<Int, Never>()
        let values = SharedValues(upstream.values.makeAsyncIterator())
        let waiting = (0..<3).map { _ in Task { await values.next() } }
        await settle()
        // Each `next()` asked for one value of its own.
        #expect(upstream.events == Array(repeating: .request(.max(1)), count: 3))
        waiting[1].cancel()
        for task in waiting { #expect(await task.value == nil) }
        #expect(upstream.events == Array(repeating: .request(.max(1)), count: 3) + [.cancel])
        // The iterator has ended: a later call asks for nothing.
        #expect(await values.next() == nil)
        #expect(upstream.events.count == 4)

        let failing = RecordingUpstream<Int, TestError>()
        let throwing = SharedThrowingValues(failing.values.makeAsyncIterator())
        let first = Task { try await throwing.next() }
        let second = Task { try await throwing.next() }
        await settle()
        first.cancel()
        #expect(try await first.value == nil)
        #expect(try await second.value == nil)
        #expect(failing.events == [.request(.max(1)), .request(.max(1)), .cancel])
    }

    @Test(
        "A task cancelled before it awaits gets nil, not a @Published current value",
        .serialExecutor)
    func cancelledTaskGetsNothing() async {
        let form = EmailForm()
        let loop = Task {
            var seen: [String] = []
            for await email in form.$email.values { seen.append(email) }
            return seen
        }
        loop.cancel()  // before the task has run
        #expect(await loop.value == [])

        let upstream = RecordingUpstream<Int, Never>()
        let values = SharedValues(upstream.values.makeAsyncIterator())
        let cancelled = Task { await values.next() }
        cancelled.cancel()
        #expect(await cancelled.value == nil)
        // Cancelled before asking: the subscription is cancelled, nothing asked of it.
        #expect(upstream.events == [.cancel])
    }

    @Test(
        "Values awaited before the subscription comes are asked for when it does",
        .serialExecutor)
    func awaitedBeforeSubscription() async {
        let upstream = RecordingUpstream<Int, Never>(subscribesAtOnce: false)
        let values = SharedValues(upstream.values.makeAsyncIterator())
        let waiting = (0..<3).map { _ in Task { await values.next() } }
        await settle()
        upstream.sendSubscription()
        #expect(upstream.events == [.request(.max(3))])
        for value in 1...3 { upstream.send(value) }
        var received: [Int] = []
        for task in waiting { received += [await task.value].compactMap { $0 } }
        #expect(received.sorted() == [1, 2, 3])
        #expect(upstream.returnedDemands == [.none, .none, .none])
    }

    @Test(
        "A value before the subscription is dropped and ends the waiting calls; the iterator goes on",
        .serialExecutor)
    func valueBeforeSubscriptionEndsTheWaitingCalls() async {
        let upstream = RecordingUpstream<Int, Never>(subscribesAtOnce: false)
        let values = SharedValues(upstream.values.makeAsyncIterator())
        let waiting = (0..<2).map { _ in Task { await values.next() } }
        await settle()
        // An upstream that breaks the protocol: a value before its subscription.
        upstream.send(1)
        for task in waiting { #expect(await task.value == nil) }
        upstream.sendSubscription()
        #expect(upstream.events == [.request(.max(2))])
        let next = Task { await values.next() }
        await settle()
        upstream.send(2)
        #expect(await next.value == 2)
        #expect(upstream.events == [.request(.max(2)), .request(.max(1))])
    }

    @Test(
        "A task cancelled before the subscription comes ends the iterator, cancelling it then",
        .serialExecutor)
    func cancelledBeforeSubscription() async {
        let upstream = RecordingUpstream<Int, Never>(subscribesAtOnce: false)
        let values = SharedValues(upstream.values.makeAsyncIterator())
        let waiting = Task { await values.next() }
        await settle()
        waiting.cancel()
        #expect(await waiting.value == nil)
        upstream.sendSubscription()
        #expect(upstream.events == [.cancel])
    }

    @Test(
        "A failure goes to the task that has waited longest; the others end",
        .serialExecutor)
    func failureGoesToTheLongestWaiting() async throws {
        let upstream = RecordingUpstream<Int, TestError>()
        let values = SharedThrowingValues(upstream.values.makeAsyncIterator())
        let first = Task { try await values.next() }
        await settle()
        let second = Task { try await values.next() }
        await settle()
        upstream.send(completion: .failure(TestError(code: 4)))
        await #expect(throws: TestError(code: 4)) { try await first.value }
        #expect(try await second.value == nil)
        #expect(upstream.events == [.request(.max(1)), .request(.max(1))])
    }
}

/// One `values` iterator awaited by several tasks, as a view model's tasks may: each call
/// awaits a copy, and the copies share the one subscription.
// @unchecked: the iterator is only copied after init; Combine's iterator, and Publishing's, may
// be awaited from several tasks at once (OpenCombine's PublisherConcurrencyTests do so).
private final class SharedValues<P: Publisher>: @unchecked Sendable where P.Failure == Never {
    private let iterator: AsyncPublisher<P>.Iterator

    init(_ iterator: AsyncPublisher<P>.Iterator) {
        self.iterator = iterator
    }

    func next() async -> P.Output? {
        var copy = iterator
        return await copy.next()
    }
}

/// ``SharedValues`` for a publisher that can fail.
// @unchecked: as for ``SharedValues``.
private final class SharedThrowingValues<P: Publisher>: @unchecked Sendable {
    private let iterator: AsyncThrowingPublisher<P>.Iterator

    init(_ iterator: AsyncThrowingPublisher<P>.Iterator) {
        self.iterator = iterator
    }

    func next() async throws -> P.Output? {
        var copy = iterator
        return try await copy.next()
    }
}

extension ValuesTests {
    // Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can
    // start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        // As Combine's (OpenCombine's testNonThrowingCrashesWhenReceivingUnwantedInput, run
        // against Apple's Combine).
        @Test("values stops the program at a value sent beyond what next() asked for")
        func unaskedValueTraps() async {
            await #expect(processExitsWith: .failure) {
                let upstream = RecordingUpstream<Int, Never>()
                let iterator = upstream.values.makeAsyncIterator()
                withExtendedLifetime(iterator) { _ = upstream.send(1) }
            }
            await #expect(processExitsWith: .failure) {
                let upstream = RecordingUpstream<Int, TestError>()
                let iterator = upstream.values.makeAsyncIterator()
                withExtendedLifetime(iterator) { _ = upstream.send(1) }
            }
            // Before the subscription, nothing has been asked, and nothing stops.
            await #expect(processExitsWith: .success) {
                let upstream = RecordingUpstream<Int, Never>(subscribesAtOnce: false)
                let iterator = upstream.values.makeAsyncIterator()
                withExtendedLifetime(iterator) { _ = upstream.send(1) }
            }
        }
    #endif
}
