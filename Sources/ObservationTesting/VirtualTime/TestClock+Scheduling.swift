import Publishing

/// Scheduled actions, for the test schedulers that run on a test clock.
extension TestClock {
    /// Schedules `action` to run when time reaches `deadline` (at once, on the next advance, if
    /// it has passed); returns its key for ``cancelScheduled(_:)``. `isRepeat` for a repeating
    /// action's next run, armed by a run of it.
    func schedule(
        at deadline: Instant, isRepeat: Bool = false, _ action: @escaping () -> Void
    ) -> UInt64 {
        defer { scheduling.withLock { $0 }.send(()) }
        let (id, isAdoptable) = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            let work = Scheduled(
                id: id, deadline: max(deadline, state.now), isRepeat: isRepeat, action: action)
            let index =
                state.scheduled.firstIndex { $0.deadline > work.deadline }
                ?? state.scheduled.endIndex
            state.scheduled.insert(work, at: index)
            return (id, state.isAdoptable)
        }
        if isAdoptable { enrollInEndOfTestChecks() }
        return id
    }

    /// Drops a scheduled action that has not run; `isCutShort` when the work it belongs to never
    /// ran at all (a debounce cancelled before it fired, not a repeating timer between ticks).
    func cancelScheduled(_ id: UInt64, isCutShort: Bool = false) {
        let removed = state.withLock { state -> Scheduled? in
            guard let index = state.scheduled.firstIndex(where: { $0.id == id }) else { return nil }
            let removed = state.scheduled.remove(at: index)
            if isCutShort, removed.deadline > state.now {
                state.cutShort.removeAll { $0 <= state.now }
                state.cutShort.append(removed.deadline)
            }
            return removed
        }
        withExtendedLifetime(removed) {}
    }

    /// How many scheduled actions have not run yet.
    var scheduledCount: Int {
        state.withLock { $0.scheduled.count }
    }

    /// The earliest deadline of a scheduled action, if any.
    var nextScheduledDeadline: Instant? {
        state.withLock { $0.scheduled.first?.deadline }
    }

    /// Moves time to `target` at once, running scheduled actions and waking sleepers in time
    /// order; sleepers are not waited for. Returns how many actions ran, stopping (and leaving
    /// time where it is) once `limit` have.
    func advanceSynchronously(to target: Instant, limit: Int = .max) -> Int {
        var ran = 0
        while ran < limit {
            let (action, woken) = state.withLock { takeNextDue(through: target, in: &$0) }
            if let action {
                action()
                ran += 1
            } else if !woken.isEmpty {
                countSleepers(woken.map(\.test), arrived: false)
                for sleeper in woken {
                    sleeper.continuation.resume(returning: Wake(isAwaited: false))
                }
            } else {
                return ran
            }
        }
        return ran
    }
}

extension TestClock {
    /// A woken sleeper has resumed: once every one an advance woke has, the advance goes on.
    func checkIn() {
        let advancers = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.awaitedCheckIns -= 1
            guard state.awaitedCheckIns == 0 else { return [] }
            defer { state.advancers = [] }
            return state.advancers
        }
        for advancer in advancers { advancer.resume() }
    }
}
