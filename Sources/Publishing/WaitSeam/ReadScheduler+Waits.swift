// The wait seam (see CONTRIBUTING.md): how ObservationTesting settles the reads of observed
// state still under way before a wait returns. It lives in `Publishing` because it queues behind
// the reads of the internal ``ReadScheduler`` that the public `publisher(for:on:)` runs.

extension ReadScheduler {
    /// Runs `action` on the observer's actor behind every read scheduled so far: what a change
    /// noted before this call has been read and sent by the time it runs. (With the
    /// ``ChangeSignal/beforeStore`` signal, a store still landing on another thread is seen only
    /// by the confirming reads that follow.)
    ///
    /// A wait that watches a window (`stays`, `never`) asks this before it ends the window, so
    /// that a change made inside it is judged, not dropped (`Waiter`).
    package func afterScheduledReads(_ action: @escaping @Sendable () -> Void) {
        var handoff: JobHandoff?
        state.withLock { handoff = $0.handoff }
        run(action, handingTo: handoff)
    }

    /// Reads once more on the observer's actor, behind every read scheduled so far, then runs
    /// `action` there: whatever was stored before this call has been read and sent by then, even
    /// where the change's signal came before its store (``ChangeSignal/beforeStore``) and the
    /// reads that confirm it are still due. Once cancelled, only `action` runs.
    ///
    /// A wait asks this of every recorder of the model it waited on before it returns, so that
    /// the recorders have seen what the wait saw (`StateRecorders`).
    package func readOnceMore(then action: @escaping @Sendable () -> Void) {
        var handoff: JobHandoff?
        state.withLock { handoff = $0.handoff }
        run(
            { [self] in
                var read: ((Bool) -> Void)?
                state.withLock { read = $0.read }
                read?(false)
                action()
            }, handingTo: handoff)
    }
}
