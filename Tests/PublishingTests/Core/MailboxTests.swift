import Testing

@testable import Publishing

/// Whether a receiver has gone past its `receive`; touched only on the main actor.
@MainActor
private final class Flag {
    var isSet = false
}

/// A message whose release a test can see.
private final class Token {
    let number: Int

    init(_ number: Int = 0) {
        self.number = number
    }
}

// The time limit turns a lost wake into a failure; it is no bound for speed. Thousands of rounds
// on the main actor share it with every other main-actor test: on a loaded machine one test took
// 65 s in a plain run and 64 s under ThreadSanitizer, against 6-14 s on a quiet one.
@Suite("Mailbox", .timeLimit(.minutes(5)))
struct MailboxTests {
    @Test("A receiver on the main actor runs before code that posted there and then yielded")
    @MainActor
    func mainActorReceiverRunsAheadOfThePostersYield() async {
        // The receiver must be enqueued on the main actor by the post itself: a wake that went
        // through another thread first let the poster's yield end before it, now and then.
        var lateWakes = 0
        for _ in 0..<3_000 {
            let mailbox = Mailbox<Int>()
            let received = Flag()
            let poster = Task { @MainActor in
                mailbox.post(1)
                await Task.yield()
                return received.isSet
            }
            let message = await mailbox.receive()
            received.isSet = true
            #expect(message == 1)
            if await !poster.value { lateWakes += 1 }
        }
        #expect(lateWakes == 0)
    }

    @Test("A receiver on the main actor takes messages from another thread, in order")
    @MainActor
    func mainActorReceiverTakesMessagesInOrder() async {
        #expect(await messagesPostedFromAnotherThread(count: 2_000) == Array(0..<2_000))
    }

    @Test("Messages queued before any is taken come out in order, however many are queued")
    func queuedMessagesComeOutInOrder() async {
        // The first two are kept in place and the rest in a queue: every split must keep order,
        // also when messages are posted between takes.
        for queued in 1...5 {
            let mailbox = Mailbox<Int>()
            for message in 0..<queued { mailbox.post(message) }
            var received: [Int] = []
            for message in queued..<(queued + 3) {
                received.append(await mailbox.receive() ?? -1)
                mailbox.post(message)
            }
            for _ in 0..<queued { received.append(await mailbox.receive() ?? -1) }
            #expect(received == Array(0..<(queued + 3)))
            #expect(!mailbox.hasMessage)
        }
    }

    @Test("A receiver with no actor takes messages from another thread, in order")
    func receiverWithoutAnActorTakesMessagesInOrder() async {
        #expect(await messagesPostedFromAnotherThread(count: 2_000) == Array(0..<2_000))
    }

    @Test("Cancelling a receiver on the main actor, parked or not yet, wakes it with nothing")
    @MainActor
    func cancellingAMainActorReceiverWakesItEmpty() async {
        for round in 0..<500 {
            let mailbox = Mailbox<Int>()
            let receiver = Task { @MainActor in await mailbox.receive() }
            // Every other round the receiver parks before the cancel; otherwise it is cancelled
            // before it starts.
            if round.isMultiple(of: 2) { await Task.yield() }
            receiver.cancel()
            #expect(await receiver.value == nil)
        }
    }

    @Test("Cancelling a receiver with no actor wakes it with nothing")
    func cancellingAReceiverWithoutAnActorWakesItEmpty() async {
        for _ in 0..<500 {
            let mailbox = Mailbox<Int>()
            let receiver = Task.detached { await mailbox.receive() }
            receiver.cancel()
            #expect(await receiver.value == nil)
        }
    }

    @Test("A receiver on the main actor woken with no message and no cancel waits on")
    @MainActor
    func mainActorReceiverWokenWithNothingWaitsOn() async {
        // Taken for a cancel, such a wake ended the caller's wait with no failure recorded.
        let mailbox = Mailbox<Int>()
        let receiver = Task { @MainActor in await mailbox.receive() }
        #expect(await messageAfterAWakeWithNothing(in: mailbox, to: receiver) == 7)
    }

    @Test("A receiver with no actor woken with no message and no cancel waits on")
    func receiverWithoutAnActorWokenWithNothingWaitsOn() async {
        let mailbox = Mailbox<Int>()
        let receiver = Task.detached { await mailbox.receive() }
        #expect(await messageAfterAWakeWithNothing(in: mailbox, to: receiver) == 7)
    }

    @Test("Messages taken are released once the mailbox is drained: it keeps room, not messages")
    func takenMessagesAreReleased() async {
        let mailbox = Mailbox<Token>()
        weak var first: Token?
        weak var second: Token?
        do {
            let tokens = (Token(), Token())
            (first, second) = tokens
            mailbox.post(tokens.0)
            mailbox.post(tokens.1)
        }
        _ = await mailbox.receive()
        _ = await mailbox.receive()
        #expect(first == nil)
        #expect(second == nil)
        // The room kept is used again, in order.
        for message in 0..<6 { mailbox.post(Token(message)) }
        var received: [Int] = []
        for _ in 0..<6 { received.append(await mailbox.receive()?.number ?? -1) }
        #expect(received == Array(0..<6))
    }

    @Test("A message posted before the receive is taken at once, on the main actor")
    @MainActor
    func waitingMessageIsTakenAtOnce() async {
        let mailbox = Mailbox<String>()
        mailbox.post("first")
        mailbox.post("second")
        #expect(await mailbox.receive() == "first")
        #expect(mailbox.hasMessage)
        #expect(await mailbox.receive() == "second")
        #expect(!mailbox.hasMessage)
    }
}

/// Wakes `receiver`, once parked in `mailbox`, with nothing; checks that it parks again; then
/// posts 7 and returns what it received.
private func messageAfterAWakeWithNothing(
    in mailbox: Mailbox<Int>,
    to receiver: Task<Int?, Never>,
    isolation: isolated (any Actor)? = #isolation
) async -> Int? {
    #expect(await parks(mailbox))
    mailbox.wakeReceiverWithNothing()
    #expect(await parks(mailbox))
    mailbox.post(7)
    return await receiver.value
}

/// Whether a receiver parks in `mailbox` within a generous number of the caller's yields (the
/// receiver runs on the main actor or on another thread; either gets there in a few).
private func parks(
    _ mailbox: Mailbox<Int>,
    isolation: isolated (any Actor)? = #isolation
) async -> Bool {
    for _ in 0..<100_000 where !mailbox.hasParkedReceiver {
        await Task.yield()
    }
    return mailbox.hasParkedReceiver
}

/// Posts `0..<count` from a detached task and receives them on the caller's isolation, which
/// decides how the receiver parks (main actor: through the gate; none: on a continuation).
private func messagesPostedFromAnotherThread(
    count: Int,
    isolation: isolated (any Actor)? = #isolation
) async -> [Int] {
    let mailbox = Mailbox<Int>()
    Task.detached {
        for message in 0..<count { mailbox.post(message) }
    }
    var received: [Int] = []
    while received.count < count, let message = await mailbox.receive(isolation: isolation) {
        received.append(message)
    }
    return received
}
