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
}
