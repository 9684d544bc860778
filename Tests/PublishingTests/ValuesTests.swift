import Publishing
import Testing

@Suite("values")
struct ValuesTests {
    @Test(
        "values yields the current value and later ones, and ends when the publisher finishes",
        .linuxDifference(
            "values keeps what is sent before next() awaits; Combine asks for one value at a time")
    )
    func yieldsUntilFinished() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        var iterator = subject.values.makeAsyncIterator()
        // Sent after iteration started, before anyone awaits: buffered, not lost.
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        var received: [Int] = []
        while let value = await iterator.next() {
            received.append(value)
        }
        #expect(received == [0, 1, 2])
        #expect(await iterator.next() == nil)
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
