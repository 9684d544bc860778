import Foundation
import Testing

@testable import Publishing

/// The delivery engine on its own (`DeliveryTurn`, `DeliveryQueue`): an owner built on it the
/// way the package's owners are, with a log of what its subscriber saw and where.
@Suite("Delivery engine")
struct DeliveryTurnTests {
    @Test("A send from inside a delivery, with the nested policy, goes out at once, inside it")
    func reentrantSendIsNested() {
        let owner = QueueOwner()
        owner.onDeliver = { value in
            if value == 1 { owner.send(2) }
        }
        owner.send(1)
        #expect(owner.log == ["begin 1", "begin 2", "end 2", "end 1"])
        #expect(!owner.isTaken)
    }

    @Test("A request from inside a delivery, with the by-loop policy, is served once it returns")
    func reentrantRequestIsServedByTheLoop() {
        let owner = DemandOwner(values: [1, 2, 3])
        owner.onDeliver = { value in
            // Asked for from inside: the loop under way serves it, never a nested delivery.
            if value < 3 { owner.request(1) }
        }
        owner.request(1)
        #expect(owner.log == ["begin 1", "end 1", "begin 2", "end 2", "begin 3", "end 3"])
        #expect(!owner.isTaken)
    }

    @Test("A request from inside a delivery, with the nested policy, is served at once, inside it")
    func reentrantRequestIsNested() {
        let owner = DemandOwner(values: [1, 2], policy: .nested)
        owner.onDeliver = { value in
            if value == 1 { owner.request(1) }
        }
        owner.request(1)
        #expect(owner.log == ["begin 1", "begin 2", "end 2", "end 1"])
        #expect(!owner.isTaken)
    }

    @Test("A cancel from inside a delivery stops it: what waited is never delivered")
    func cancelInsideDelivery() throws {
        let owner = QueueOwner()
        let queued = DispatchSemaphore(value: 0)
        owner.onDeliver = { value in
            guard value == 1 else { return }
            // Another thread's events wait for this delivery; then the subscriber cancels.
            Thread.detachNewThread {
                owner.send(2)
                owner.send(3)
                queued.signal()
            }
            #expect(queued.wait(timeout: .now() + 60) == .success)
            owner.cancel()
        }
        owner.send(1)
        owner.send(4)
        #expect(owner.log == ["begin 1", "end 1"])
        #expect(!owner.isTaken)
    }

    @Test("Another thread's event waits for the thread delivering, which delivers it after its own")
    func twoThreads() throws {
        let owner = QueueOwner()
        let sent = DispatchSemaphore(value: 0)
        let sendingThread = ThreadID.current
        let deliveredElsewhere = Locked<[Bool]>([])
        owner.onDeliver = { value in
            deliveredElsewhere.withLock { $0.append(!sendingThread.isCurrent) }
            guard value == 1 else { return }
            Thread.detachNewThread {
                // Returns at once, queued: the turn is the other thread's.
                owner.send(2)
                owner.note("2 sent")
                sent.signal()
            }
            #expect(sent.wait(timeout: .now() + 60) == .success)
        }
        owner.send(1)
        // Both went out on this thread, the second after its sender had returned.
        #expect(owner.log == ["begin 1", "2 sent", "end 1", "begin 2", "end 2"])
        #expect(deliveredElsewhere.withLock { $0 } == [false, false])
        #expect(!owner.isTaken)
    }

    @Test("A backlog other threads queued goes out in the order it was queued")
    func backlogOrder() throws {
        let owner = QueueOwner()
        let queued = DispatchSemaphore(value: 0)
        owner.onDeliver = { value in
            guard value == 0 else { return }
            Thread.detachNewThread {
                for value in 1...50 { owner.send(value) }
                queued.signal()
            }
            #expect(queued.wait(timeout: .now() + 60) == .success)
        }
        owner.send(0)
        let delivered = owner.log.filter { $0.hasPrefix("begin") }
        #expect(delivered == (0...50).map { "begin \($0)" })
        #expect(!owner.isTaken)
    }

    @Test("Many threads at once: each value once, each thread's in order, one delivery at a time")
    func manyThreads() async {
        let owner = QueueOwner(logsEnds: false)
        let inside = Locked(0)
        owner.onDeliver = { _ in
            let depth = inside.withLock { depth -> Int in
                depth += 1
                return depth
            }
            #expect(depth == 1, "two deliveries at once")
            inside.withLock { $0 -= 1 }
        }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<1_000 { owner.send(thread * 10_000 + index) }
                }
            }
        }
        let values = owner.log.map { Int($0.dropFirst("begin ".count))! }
        #expect(values.count == 4_000)
        for thread in 0..<4 {
            let own = values.filter { $0 / 10_000 == thread }
            #expect(own == (0..<1_000).map { thread * 10_000 + $0 })
        }
        #expect(!owner.isTaken)
    }

    @Test("The turn's claims follow the policy; proceeding to nothing ends the innermost delivery")
    func turnClaims() throws {
        var turn = DeliveryTurn()
        let first = turn.claim(.byLoop)
        #expect(first && turn.isInsideDelivery && turn.isOutermost)
        // From inside: the nested policy nests, the by-loop one leaves it to the loop.
        let byLoop = turn.claim(.byLoop)
        let nested = turn.claim(.nested)
        #expect(!byLoop && nested && !turn.isOutermost)
        let passedOn = turn.proceed(to: 7)
        let endedNested = turn.proceed(to: Int?.none)
        #expect(passedOn == 7 && endedNested == nil && turn.isOutermost)
        // Another thread may claim neither way while this one holds it.
        let held = Locked(turn)
        let claims = Locked<[Bool]>([])
        let claimed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let answers = held.withLock { [$0.claim(.nested), $0.claim(.byLoop), $0.mayDeliver] }
            claims.withLock { $0 = answers }
            claimed.signal()
        }
        #expect(claimed.wait(timeout: .now() + 60) == .success)
        #expect(claims.withLock { $0 } == [false, false, false])
        let ended = turn.proceed(to: Int?.none)
        #expect(ended == nil && !turn.isTaken && turn.mayDeliver)
    }
}

/// An owner on `DeliveryQueue`: other threads' events queue; one sent from inside a delivery
/// goes out at once, nested.
// @unchecked: every mutable field is in `state`, behind its lock; `onDeliver` is set before any
// send.
private final class QueueOwner: @unchecked Sendable {
    struct State {
        var turns = DeliveryQueue<Int>()
        var log: [String] = []
        var isCancelled = false
    }

    let state = Locked(State())
    let logsEnds: Bool
    var onDeliver: (Int) -> Void = { _ in }

    init(logsEnds: Bool = true) {
        self.logsEnds = logsEnds
    }

    var log: [String] { state.withLock { $0.log } }
    var isTaken: Bool { state.withLock { $0.turns.isTaken } }

    func note(_ line: String) {
        state.withLock { $0.log.append(line) }
    }

    func send(_ value: Int) {
        let isTurn = state.withLock { state in
            !state.isCancelled && state.turns.claim(value)
        }
        guard isTurn else { return }
        DeliveryTurn.loop(
            value,
            // A cancel drops what waits: the turn then ends.
            next: { state.withLock { $0.turns.next() } },
            deliver: deliver)
    }

    func cancel() {
        let dropped = state.withLock { state in
            state.isCancelled = true
            return state.turns.dropQueued()
        }
        withExtendedLifetime(dropped) {}
    }

    private func deliver(_ value: Int) {
        note("begin \(value)")
        onDeliver(value)
        if logsEnds { note("end \(value)") }
    }
}

/// An owner whose values go out as they are asked for, its requests served by its policy.
// @unchecked: every mutable field is in `state`, behind its lock; `onDeliver` is set before any
// request.
private final class DemandOwner: @unchecked Sendable {
    struct State {
        var turn = DeliveryTurn()
        var values: FIFO<Int>
        var demand = 0
        var log: [String] = []
    }

    let state: Locked<State>
    let policy: Reentrancy
    var onDeliver: (Int) -> Void = { _ in }

    init(values: [Int], policy: Reentrancy = .byLoop) {
        var queue = FIFO<Int>()
        for value in values { queue.push(value) }
        state = Locked(State(values: queue))
        self.policy = policy
    }

    var log: [String] { state.withLock { $0.log } }
    var isTaken: Bool { state.withLock { $0.turn.isTaken } }

    func request(_ demand: Int) {
        let isTurn = state.withLock { state in
            state.demand += demand
            return state.turn.claim(policy)
        }
        guard isTurn else { return }
        DeliveryTurn.loop(
            nil,
            next: {
                state.withLock { state -> Int? in
                    guard state.demand > 0, let value = state.values.pop() else {
                        return state.turn.proceed(to: nil)
                    }
                    state.demand -= 1
                    return state.turn.proceed(to: value)
                }
            },
            deliver: { value in
                state.withLock { $0.log.append("begin \(value)") }
                onDeliver(value)
                state.withLock { $0.log.append("end \(value)") }
            })
    }
}
