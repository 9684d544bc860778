public import Publishing

/// The one engine behind every helper: feeds a source's values to ordered steps.
///
/// The source only posts events to a mailbox; conditions run here, on the caller's isolation,
/// after each wake. That is why non-`Sendable` view models, values and closures work from a
/// `@MainActor` test. Every outcome (matched, timed out, ended early, threw, cancelled) leaves
/// through `wait`, whose `defer`s release the subscription and the timers, and which never
/// returns before the action has ended.
@usableFromInline
enum Waiter {
    /// Runs `plan` over `source`'s values: the one way every verb waits.
    static func wait<Output, Failure>(
        on source: WaitSource<Output, Failure>,
        plan: WaitPlan<Output>,
        timeout request: TimeoutRequest,
        helper: String,
        isolation: isolated (any Actor)?,
        at callSite: CallSite,
        performing action: (() async throws -> Void)? = nil
    ) async -> WaitResult<Output>? {
        // The values meeting conditions are kept as they pass the typed condition, in room
        // made before the wait, so no `Any` is cast back to `Output` (nor a generic array made)
        // between the last condition met and the test's next line.
        let met = MatchedValues<Output>(capacity: plan.steps.count)
        var erased = plan.erased(met: met)
        erased.sourceNoun = source.noun
        erased.coalescesChanges = source.coalescesChanges
        erased.valuesReadBefore = source.valuesReadBefore
        guard
            let result = await wait(
                subscribing: source.subscribe,
                plan: erased,
                recorders: source.recorders,
                timeout: request,
                helper: helper,
                isolation: isolation,
                at: callSite,
                performing: action
            )
        else { return nil }
        source.didConsume?(result.consumed)
        return WaitResult(
            matched: met.values,
            consumed: result.consumed,
            failure: result.failure
        )
    }

    /// Waits for `steps` (already erased, as `until`'s inlinable forwarders make them), in
    /// order; returns how many values the wait took, or `nil` if it failed.
    @usableFromInline
    static func wait(
        subscribing subscribe: EventSubscription,
        source noun: String,
        coalescesChanges: Bool,
        valuesReadBefore: Int,
        recorders: StateRecorders.Match?,
        steps: [Condition<Any>],
        idleTimeout: Timeout?,
        timeout: Timeout?,
        helper: String,
        isolation: isolated (any Actor)?,
        at callSite: CallSite,
        performing action: (() async throws -> Void)?
    ) async -> Int? {
        var plan = WaitPlan<Any>(steps: steps, idleTimeout: idleTimeout)
        plan.sourceNoun = noun
        plan.coalescesChanges = coalescesChanges
        plan.valuesReadBefore = valuesReadBefore
        return await wait(
            subscribing: subscribe,
            plan: plan,
            recorders: recorders,
            timeout: TimeoutRequest(timeout),
            helper: helper,
            isolation: isolation,
            at: callSite,
            performing: action
        )?.consumed
    }

    private static func wait(
        subscribing subscribe: EventSubscription,
        plan: WaitPlan<Any>,
        recorders: StateRecorders.Match?,
        timeout request: TimeoutRequest,
        helper: String,
        isolation: isolated (any Actor)?,
        at callSite: CallSite,
        performing action: (() async throws -> Void)? = nil
    ) async -> WaitOutcome? {
        var timeout: Duration
        switch TimeoutPolicy.resolve(request) {
        case .success(let resolved):
            timeout = resolved
        case .failure(let problem):
            FailureReporter.record(problem.message(helper: helper), at: callSite)
            return nil
        }
        // A window is how long to watch, not a margin for slow machines: it is never scaled
        // (and checked by the verb that was given it). The timeout bounds the action, which may
        // run past the window, so never ends first.
        let window = plan.ending.window
        if let window { timeout = max(timeout, window) }
        var plan = plan
        if let idleTimeout = plan.idleTimeout {
            switch TimeoutPolicy.resolve(.given(idleTimeout)) {
            case .success(let resolved):
                plan.idleLimit = resolved
            case .failure(let problem):
                FailureReporter.record(problem.message(helper: helper), at: callSite)
                return nil
            }
        }

        let watched = HangWatch.waitBegan()
        defer { HangWatch.waitEnded(watched) }
        let mailbox = Mailbox<ErasedEvent>()
        let start = ContinuousClock.now
        let subscription = subscribe(mailbox)
        defer { subscription.cancel() }
        let windowTimer = window.map { DeadlineTimer(after: $0) { mailbox.post(.windowPassed) } }
        defer { windowTimer?.cancel() }

        // The action runs on the caller's isolation, concurrently with the wait, so a timeout is
        // reported even if the action never returns. It never outlives the wait: it has finished,
        // or has been cancelled and awaited, before the wait returns.
        let actionStarted = action.map { _ in Locked<ContinuousClock.Instant?>(nil) }
        let actionTask = action.map { action in
            Task {
                _ = isolation
                actionStarted?.withLock { $0 = .now }
                do {
                    try await action()
                    mailbox.post(.actionFinished(thrown: nil, at: .now))
                } catch {
                    mailbox.post(.actionFinished(thrown: error, at: .now))
                }
            }
        }
        var progress = WaitProgress(
            plan: plan,
            report: FailureMessage(
                helper: helper,
                steps: plan.steps,
                timeout: timeout,
                ending: plan.ending,
                sourceNoun: plan.sourceNoun,
                expected: plan.expectedDescriptions,
                violation: plan.violation,
                coalescesChanges: plan.coalescesChanges,
                valuesReadBefore: plan.valuesReadBefore,
                timeoutHint: plan.timeoutHint
            ),
            start: start,
            actionStarted: actionStarted
        )
        // Observed state is read on the wait's actor after each change: a window must not end
        // while a read of a change made within it (by the action, say) is still to come.
        if case .window = plan.ending, let reads = subscription as? ReadScheduler {
            progress.settle = { reads.afterScheduledReads { mailbox.post(.settled) } }
        }
        let result = await progress.run(from: mailbox, at: callSite)
        progress.cancelTimers()
        if let actionTask {
            actionTask.cancel()
            await actionTask.value
        }
        // Recorders of the same state read it on their own schedule: the test resumes after
        // they have read what this wait saw, not between them.
        await StateRecorders.settle(recorders, isolation: isolation)
        return result
    }
}
