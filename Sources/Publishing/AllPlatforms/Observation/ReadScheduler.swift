import Dispatch

#if canImport(Darwin)
    import Observation
#else
    // `withObservationTracking(_:didSet:)` is SPI, for SwiftUI; this toolchain has it.
    @_spi(SwiftUI) import Observation
#endif

/// When Observation tells an observer of a change: before or after the new value is stored.
@usableFromInline
enum ChangeSignal {
    /// After the store (`withObservationTracking(_:didSet:)`): a read enqueued then cannot miss
    /// it. Where that form is unavailable (Apple platforms), this falls back to `beforeStore`.
    case afterStore
    /// Before the store (the public `onChange`): a read may run before a store on another thread
    /// lands, so each read after a change is confirmed by later ones.
    case beforeStore

    /// The exact signal, where the platform has it.
    @usableFromInline
    static var preferred: ChangeSignal { ChangeSignal.afterStore.available }
}

/// Schedules an observer's reads: one after each change, on the observer's actor, and with a
/// ``ChangeSignal/beforeStore`` signal, the reads that confirm it.
///
/// Not generic, so the `@Sendable` closures that reach it from Observation and Dispatch capture
/// no metatype of the model.
@usableFromInline
// @unchecked: all mutable state, the read closure included, is guarded by `state`'s lock; the
// read closure is taken out under the lock and called only in jobs that `runner` runs on the
// observer's actor.
package final class ReadScheduler: Cancellable, @unchecked Sendable {
    struct State {
        var read: ((Bool) -> Void)?
        /// Where reads go instead of `runner`, until the subscription is cancelled.
        var handoff: JobHandoff?
        var isReadScheduled = false
        /// Bumped by each change, so a confirming read knows a newer read has taken over.
        var changeCount = 0
    }

    /// Delays, in milliseconds, of the reads that confirm a read made after a `beforeStore`
    /// signal: long enough in all for a store on another thread to land.
    private static var confirmationDelays: [Int] { [0, 1, 5, 25, 125, 625] }

    private let runner: ActorRunner
    private let signal: ChangeSignal
    /// Internal, not private, for the wait seam's `afterScheduledReads` and `readOnceMore`.
    let state: Locked<State>

    /// - Parameter handoff: Takes the reads instead of `runner`, for a subscriber suspended on the
    ///   main actor that runs them when it wakes.
    @usableFromInline
    init(runner: ActorRunner, handoff: JobHandoff? = nil, signal: ChangeSignal) {
        self.runner = runner
        self.signal = signal.available
        state = Locked(State(handoff: handoff))
    }

    /// Makes the first, tracking read, on the caller's thread.
    @usableFromInline
    func start(reading read: @escaping (Bool) -> Void) {
        // Marked scheduled while the first read runs, on this thread: a change noticed meanwhile
        // must not start a read on the observer's actor beside it (both would send, and touch
        // the observer's last value at once); it is read once this one is done.
        let change = state.withLock { state in
            state.read = read
            state.isReadScheduled = true
            return state.changeCount
        }
        read(true)
        var handoff: JobHandoff?
        let changedMeanwhile = state.withLock { state -> Bool in
            guard state.changeCount != change, state.read != nil else {
                state.isReadScheduled = false
                return false
            }
            handoff = state.handoff
            return true
        }
        if changedMeanwhile { run({ self.readAfterChange() }, handingTo: handoff) }
        // Told before the store, a change whose notice came while the first read was registering
        // (too early to be heard) may land after the read: the first read is confirmed too.
        if case .beforeStore = signal {
            confirm(change: change, attempt: 0)
        }
    }

    /// Ends the subscription: no read starts after this returns.
    @usableFromInline
    package func cancel() {
        // The hand-off's owner (a wait) is done: nothing more may reach it, nor be kept for it.
        // Moved out into locals of the stored types and released after the lock. (Returned
        // through `withLock`'s generic result, a closure is re-wrapped in a new one: an
        // allocation each, on every wait's way out.)
        var read: ((Bool) -> Void)?
        var handoff: JobHandoff?
        state.withLock { state in
            // Assigned, not `swap`ped: the generic `swap` re-wraps closures too.
            read = state.read
            handoff = state.handoff
            state.read = nil
            state.handoff = nil
        }
        _ = consume read
        _ = consume handoff
    }

    /// Registers for the next change of what `access` reads.
    @usableFromInline
    func track(_ access: () -> Void) {
        #if !canImport(Darwin)
            if case .afterStore = signal {
                withObservationTracking(
                    access,
                    didSet: { [self] tracking in
                        // One notice per registration, as with `onChange`: the read it schedules
                        // registers again. The read is scheduled first, so that the observer's
                        // wake is under way while the registration is removed.
                        self.noteChange()
                        tracking.cancel()
                    })
                return
            }
        #endif
        withObservationTracking(access) { [self] in noteChange() }
    }

    /// Called on the changing thread: by Observation before or after the store, per `signal`,
    /// and by the `ObservableObject`s an observer watches.
    @usableFromInline
    func noteChange() {
        // Copied out through a local, not `withLock`'s result: see `cancel()`.
        var handoff: JobHandoff?
        let shouldSchedule = state.withLock { state -> Bool in
            state.changeCount += 1
            guard state.read != nil, !state.isReadScheduled else { return false }
            state.isReadScheduled = true
            handoff = state.handoff
            return true
        }
        guard shouldSchedule else { return }
        // Enqueued on the observer's actor before the changing code there can suspend again,
        // so a change followed by any suspension point is read before the next change.
        run({ self.readAfterChange() }, handingTo: handoff)
    }

    /// Runs `job` on the observer's actor: through `handoff` if there is one, else `runner`.
    func run(_ job: @escaping @Sendable () -> Void, handingTo handoff: JobHandoff?) {
        if let handoff {
            handoff(job)
        } else {
            runner.run(job)
        }
    }

    /// Runs on the observer's actor.
    private func readAfterChange() {
        // Copied out through locals, not `withLock`'s result: see `cancel()`.
        var read: ((Bool) -> Void)?
        var handoff: JobHandoff?
        let change = state.withLock { state in
            state.isReadScheduled = false
            read = state.read
            handoff = state.handoff
            return state.changeCount
        }
        guard let read else { return }
        guard let handoff else { return readTracking(read, change: change) }
        // The subscriber that runs this job looks at the value before it runs the next one, and
        // stops there if the value is what it waited for: registering for a change nobody waits
        // for (most of a read's cost) is then never done. The tracked read that follows reads
        // again, so a store landing in between is still sent.
        read(false)
        // Capturing only `self`, the job needs no allocation of its own.
        handoff { [self] in readTrackingAfterHandoff() }
    }

    /// The tracked read that follows a handed-off read. Runs on the observer's actor.
    private func readTrackingAfterHandoff() {
        var read: ((Bool) -> Void)?
        let change = state.withLock { state in
            read = state.read
            return state.changeCount
        }
        if let read { readTracking(read, change: change) }
    }

    /// Reads, registering for the next change first. Runs on the observer's actor.
    private func readTracking(_ read: (Bool) -> Void, change: Int) {
        read(true)
        // Told before the store, the read may have come before a store on another thread
        // landed, whether or not it saw something new: look again, unless a newer change does.
        if case .beforeStore = signal {
            confirm(change: change, attempt: 0)
        }
    }

    private func confirm(change: Int, attempt: Int) {
        let delays = Self.confirmationDelays
        guard attempt < delays.count else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(delays[attempt])) {
            // Ended here, off the observer's actor, once the subscription is cancelled or a newer
            // change has taken over: a cancelled wait's confirmations would otherwise each queue
            // a job on that actor, which on the main actor delays whatever the test does next.
            var handoff: JobHandoff?
            let isCurrent = self.state.withLock { state -> Bool in
                handoff = state.handoff
                return state.read != nil && state.changeCount == change
            }
            guard isCurrent else { return }
            self.run({ self.readToConfirm(change: change, attempt: attempt) }, handingTo: handoff)
        }
    }

    /// Runs on the observer's actor.
    private func readToConfirm(change: Int, attempt: Int) {
        var read: ((Bool) -> Void)?
        state.withLock { if $0.changeCount == change { read = $0.read } }
        guard let read else { return }
        read(false)
        confirm(change: change, attempt: attempt + 1)
    }
}

extension ChangeSignal {
    /// This signal where the platform has it, else ``beforeStore``.
    fileprivate var available: ChangeSignal {
        #if canImport(Darwin)
            .beforeStore
        #else
            self
        #endif
    }
}
