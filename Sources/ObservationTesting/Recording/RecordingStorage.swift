import Publishing

/// A recorder's values, kept under a lock: the source appends from its own thread, waits and
/// subscribers read from theirs.
///
/// Each reader is a tap: the values from its starting position, then each new event, delivered
/// outside the lock by `DeliveryTurn`'s rule: one thread at a time; another thread's event waits
/// in the tap's queue for the thread delivering; one recorded from inside a delivery, on its
/// thread, goes out at once, nested in it, unless events wait before it in the queue (the
/// backlog it must not overtake). So a reader can read the recorder (or make its source send)
/// from inside a delivery without deadlocking, and no live event can overtake the backlog.
// @unchecked: `state` is a `Locked`, so every access holds its lock; a tap's `deliver` is called
// only by the thread whose turn it is (`Tap.turn`).
final class RecordingStorage<Output, Failure: Error>: @unchecked Sendable {
    typealias Event = WaitEvent<Output, Failure>

    struct Tap {
        /// What waits for the turn: events another thread recorded, or the backlog.
        var pending = FIFO<Event>()
        /// Whose turn it is to deliver to this tap.
        var turn = DeliveryTurn()
        let deliver: (Event) -> Void

        /// Claims the turn for `event`, under the lock: whether the calling thread delivers it
        /// now (nested, if it is delivering already), or it waits in `pending`: for another
        /// thread's delivery, or behind the backlog it must not overtake.
        mutating func claim(_ event: Event) -> Bool {
            guard pending.isEmpty, turn.claim(.nested) else {
                pending.push(event)
                return false
            }
            return true
        }

        /// After a delivery, under the lock: the next event waiting, for the outermost delivery
        /// to deliver too, or `nil`, which ends this delivery.
        mutating func next() -> Event? {
            turn.proceed(to: turn.isOutermost ? pending.pop() : nil)
        }
    }

    struct State {
        var values: [Output] = []
        var arrivals: [ContinuousClock.Instant] = []
        var completion: Subscribers.Completion<Failure>?
        var completionArrival = ContinuousClock.now
        var taps: [UInt64: Tap] = [:]
        /// `taps.count`, kept apart: the value path runs unspecialised, and reading a plain
        /// integer there costs nothing, where asking a dictionary of generic taps does.
        var tapCount = 0
        var nextTap: UInt64 = 0
        /// How many values the recorder's reader has seen (by its waits, or all of them through
        /// `values`): what the end-of-test checks count as read.
        var seen = 0
        /// Whether what is left unread was dealt with: a change recorder finished, or reported
        /// when it was released or when its test ended.
        var isSettled = false
        /// For a recorder made outside any test's end-of-test checks and claimed by none:
        /// enrolls it in the checks of the test it records in, at each value.
        var enrollOnUse: (@Sendable (RecordingStorage) -> Void)?
    }

    let state = Locked(State())

    /// Enrolls the recorder with `enroll` in the checks of the test it is made in; made outside
    /// any, in those of each test it records in, until one claims it.
    func enrollWhenMade(_ enroll: @escaping @Sendable (RecordingStorage) -> Bool) {
        guard !enroll(self) else { return }
        state.withLock { $0.enrollOnUse = { _ = enroll($0) } }
    }

    /// Enrolls the recorder in the running test's checks, which keep it from then on.
    func claimForEndOfTestChecks() {
        let enroll = state.withLock { state in
            defer { state.enrollOnUse = nil }
            return state.enrollOnUse
        }
        enroll?(self)
    }

    /// Notes that the reader has seen the first `count` values.
    func markSeen(_ count: Int) {
        state.withLock { $0.seen = max($0.seen, count) }
    }

    /// Records `event`; a value is dropped if `isRepeat`, asked under the same lock, says it
    /// repeats the last one recorded (two readers of one change, on two threads, record it once).
    func receive(_ event: Event, droppingIf isRepeat: (_ last: Output?) -> Bool = { _ in false }) {
        var enroll: (@Sendable (RecordingStorage) -> Void)?
        defer { enroll?(self) }
        // Ids only: a result of a generic type would be looked up at run time on every value,
        // this code being compiled once for every recorder's types.
        let claimed = state.withLock { state -> [UInt64]? in
            switch event {
            case .value(let value, let arrived):
                guard state.completion == nil, !isRepeat(state.values.last) else { return nil }
                state.values.append(value)
                state.arrivals.append(arrived)
                enroll = state.enrollOnUse
            case .completion(let completion, let arrived):
                guard state.completion == nil else { return nil }
                state.completion = completion
                state.completionArrival = arrived
            case .timedOut, .windowPassed, .idle, .actionFinished, .job, .settled:
                return nil
            }
            // The common case, recording with nobody reading, touches no tap.
            guard state.tapCount > 0 else { return nil }
            var claimed: [UInt64] = []
            for id in state.taps.keys where state.taps[id]?.claim(event) == true {
                claimed.append(id)
            }
            return claimed
        }
        for id in claimed ?? [] {
            guard let deliver = state.withLock({ $0.taps[id]?.deliver }) else { continue }
            deliverInTurn(event, to: id, deliver)
        }
    }

    /// Feeds `deliver` the values from `position` on, then each new event, until cancelled.
    func tap(from position: Int, _ deliver: @escaping (Event) -> Void) -> AnyCancellable {
        let id = state.withLock { state -> UInt64 in
            var tap = Tap(deliver: deliver)
            for index in position..<state.values.count {
                tap.pending.push(.value(state.values[index], arrived: state.arrivals[index]))
            }
            if let completion = state.completion {
                tap.pending.push(.completion(completion, arrived: state.completionArrival))
            }
            // The backlog is this thread's to deliver: events recorded meanwhile queue behind it.
            _ = tap.turn.claim(.nested)
            defer { state.nextTap += 1 }
            state.taps[state.nextTap] = tap
            state.tapCount += 1
            return state.nextTap
        }
        deliverInTurn(nil, to: id, deliver)
        return AnyCancellable {
            self.state.withLock { state in
                if state.taps.removeValue(forKey: id) != nil { state.tapCount -= 1 }
            }
        }
    }

    /// Delivers `first`, claimed for tap `id`, then what waits in its queue, until none is left
    /// or the tap is cancelled.
    private func deliverInTurn(_ first: Event?, to id: UInt64, _ deliver: (Event) -> Void) {
        DeliveryTurn.loop(
            first, next: { state.withLock { $0.taps[id]?.next() } }, deliver: deliver)
    }
}
