import Publishing

/// Driving the code under test: advancing once it sleeps, and through a chain of sleeps.
extension TestClock {
    /// Waits until `sleepers` tasks are asleep on the clock, then moves time forward by
    /// `duration`: the habit of advancing right after starting the code under test, made safe.
    ///
    /// ```swift
    /// let task = Task { await viewModel.refresh() }      // sleeps for 1 s on `clock`
    /// await clock.advance(by: .seconds(1), whenAsleep: 1)
    /// ```
    ///
    /// If fewer are asleep when `timeout` has passed, the failure is recorded here, with the
    /// counts seen, and time does not move.
    ///
    /// - Parameters:
    ///   - duration: How far to move. Must not be negative.
    ///   - sleepers: How many tasks must be asleep on the clock first; at least one.
    ///   - timeout: How long to wait for them; `nil` uses the default.
    ///   - isolation: The caller's actor, inferred.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    public func advance(
        by duration: Duration,
        whenAsleep sleepers: Int,
        timeout: (any TimeoutConvertible)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard sleepers > 0 else {
            FailureReporter.record(
                "TestClock.advance(by:whenAsleep:) was asked to wait for \(sleepers) sleepers; "
                    + "pass one or more, or call advance(by:).",
                at: callSite)
            return
        }
        var plan = WaitPlan<Int>(
            steps: [Condition("\(sleepers) or more asleep") { $0 >= sleepers }])
        plan.timeoutHint = { [self] in notAsleepHint(awaited: sleepers) }
        let asleep = await Waiter.wait(
            on: sleeperCounts.waitSource,
            plan: plan,
            timeout: TimeoutRequest(timeout),
            helper: "TestClock.advance(by:whenAsleep:)",
            isolation: isolation,
            at: callSite
        )
        guard asleep != nil else { return }
        await advance(
            by: duration, isolation: isolation, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// What to check when fewer than `awaited` tasks went to sleep on this clock: the code under
    /// test was given another clock, was not started, or never reaches its sleep.
    func notAsleepHint(awaited: Int) -> String {
        let here = sleeperCount
        let elsewhere = max(TestClock.sleepersInCurrentTest - here, 0)
        var hint =
            "\(here == 0 ? "No task" : "Only \(here) of \(awaited)") went to sleep on this "
            + "TestClock. Check that the code under test was given this clock (not another "
            + "TestClock, a ContinuousClock, or a default it makes itself), that it was started "
            + "before this call, and that it reaches its sleep (an early return or a thrown error "
            + "skips it)."
        if elsewhere > 0 {
            hint +=
                " " + ValueDescription.count(elsewhere, "task", "tasks")
                + " of this test \(elsewhere == 1 ? "is" : "are") asleep on another test clock."
        }
        return hint
    }

    /// Advances to each sleeper's deadline in turn, for as long as `operation` runs.
    ///
    /// Returns when `operation` returns. Until then, whenever a task is asleep on the clock,
    /// time moves to the earliest deadline; when nobody is, `run` waits for the next sleep or
    /// for `operation` to return, without polling. So a chain of sleeps, each registered only
    /// after the one before has woken, is driven to its end:
    ///
    /// ```swift
    /// let task = Task { await viewModel.refreshThreeTimes() }   // sleeps 1 s, 2 s, 3 s
    /// await clock.run { await task.value }
    /// ```
    ///
    /// Time jumps straight to the earliest deadline of those asleep: a sleep that registers
    /// later with an earlier deadline wakes at once, at the time already reached.
    ///
    /// When `timeout` of real time has passed and `operation` has not returned, such as with a
    /// timer loop that sleeps forever, `run` records a failure naming the sleepers, cancels
    /// `operation` and returns without waiting for it, so it never hangs. (A budget that
    /// passes while the process is too busy to run `operation` is given once more; see
    /// <doc:TimeoutsAndCI>.)
    ///
    /// - Parameters:
    ///   - timeout: How much real time the run may take; ten seconds by default.
    ///   - isolation: The caller's actor, inferred: `operation` runs on it.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    ///   - operation: The work to drive, such as `await task.value`.
    public func run(
        timeout: any TimeoutConvertible = 10,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        _ operation: @escaping () async -> Void
    ) async {
        let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let budget: Duration
        switch TimeoutPolicy.resolve(.given(timeout.timeoutValue), scale: .success(1)) {
        case .success(let resolved):
            budget = resolved
        case .failure(let problem):
            FailureReporter.record(
                problem.message(helper: "TestClock.run(timeout:_:)"), at: callSite)
            return
        }
        // Wakes the loop below when it has nothing to advance: a new sleeper, the operation's
        // end, or the budget's.
        let wake = Mailbox<Void>()
        let hasStarted = Locked(false)
        let hasReturned = Locked(false)
        let clock = ContinuousClock()
        var deadline = clock.now.advanced(by: budget)
        var grace = StarvationGrace()
        let subscription = counts.withLock { $0 }.sink { _ in wake.post(()) }
        defer { subscription.cancel() }
        let schedulingSubscription = scheduling.withLock { $0 }.sink { wake.post(()) }
        defer { schedulingSubscription.cancel() }
        var timer = DeadlineTimer(after: budget) { wake.post(()) }
        defer { timer.cancel() }
        // Holds the non-Sendable operation in a task on the caller's isolation, so it can be
        // cancelled and left behind if it never returns.
        let task = Task {
            _ = isolation
            hasStarted.withLock { $0 = true }
            await operation()
            hasReturned.withLock { $0 = true }
            wake.post(())
        }
        var steps = 0
        while !hasReturned.withLock({ $0 }) {
            let now = clock.now
            if now >= deadline,
                let more = grace.extraTime(
                    of: budget, due: deadline, handledAt: now,
                    workHasStarted: hasStarted.withLock { $0 })
            {
                deadline = now.advanced(by: more)
                timer.cancel()
                timer = DeadlineTimer(after: more) { wake.post(()) }
            }
            guard now < deadline else {
                let (asleep, next) = state.withLock { ($0.sleepers.count, $0.sleepers.first) }
                let nextWake = next.map { ", the next until \($0.deadline)" } ?? ""
                FailureReporter.record(
                    """
                    TestClock.run(timeout:_:) gave up after \(budget.shortSecondsText) of real \
                    time and \(steps) steps: the operation had not returned; \(asleep) task(s) \
                    asleep on the clock\(nextWake).

                    Something keeps sleeping again, such as a timer loop, or the operation waits \
                    for something the clock does not drive. Advance by a fixed amount with \
                    advance(by:) instead, or cancel the looping task. The operation was \
                    cancelled, and not waited for.
                    """,
                    at: callSite
                )
                task.cancel()
                return
            }
            let next = state.withLock { state in
                [state.sleepers.first?.deadline, state.scheduled.first?.deadline].compactMap { $0 }
                    .min()
            }
            if let next {
                await advance(to: next)
                steps += 1
            } else if await wake.receive(isolation: isolation) == nil {
                // This task was cancelled: so is the operation, left to end on its own.
                task.cancel()
                return
            }
        }
    }
}
