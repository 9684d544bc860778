import Publishing

/// How far a wait has come: the step pending, the values met, and the failure message so far.
struct WaitProgress<Output> {
    let plan: WaitPlan<Output>
    var report: FailureMessage<Output>
    let start: ContinuousClock.Instant
    private var isActionRunning: Bool
    /// Where a `never` or `stays` window stands.
    private var windowStage = WindowStage.open
    /// Asks the source to post ``WaitEvent/settled`` once the values of changes made so far are
    /// posted; `nil` for sources that post each value as it happens.
    var settle: (() -> Void)?

    /// Index into `plan.steps` of the condition waited for.
    private var step = 0
    /// `never` steps in force: passed over, and not yet followed by a met condition.
    private var forbidden: [Condition<Output>] = []
    /// How many conditions have been met.
    private var metCount = 0
    private var consumed = 0
    private var previous: Output?
    private var idleGeneration = 0
    private var idleTimer: DeadlineTimer?
    private var idleDue: ContinuousClock.Instant?
    private var idleGrace = StarvationGrace()
    /// When the timeout comes due: `start` plus the timeout, moved once by its grace.
    private var timeoutDue: ContinuousClock.Instant
    private var timeoutTimer: DeadlineTimer?
    private var timeoutGrace = StarvationGrace()
    /// When the action passed to `perform:` began, once it has; `nil` without an action.
    private let actionStarted: Locked<ContinuousClock.Instant?>?

    init(
        plan: WaitPlan<Output>,
        report: FailureMessage<Output>,
        start: ContinuousClock.Instant,
        actionStarted: Locked<ContinuousClock.Instant?>?
    ) {
        self.plan = plan
        self.report = report
        self.report.waitStart = start
        self.start = start
        self.isActionRunning = actionStarted != nil
        self.actionStarted = actionStarted
        self.timeoutDue = start.advanced(by: report.timeout)
    }

    /// Whether the action, if any, has had the chance to run: see ``StarvationGrace``.
    private var hasActionStarted: Bool { actionStarted?.withLock { $0 != nil } ?? true }

    /// Where a running action stands: begun, and when, or not yet begun.
    private func actionStage() -> ActionStage {
        guard let began = actionStarted?.withLock({ $0 }) else { return .notBegun }
        return .running(since: began - start)
    }

    /// Stops both timers; the wait calls it as it returns.
    func cancelTimers() {
        timeoutTimer?.cancel()
        idleTimer?.cancel()
    }

    private var areConditionsMet: Bool { step >= plan.steps.count }

    private var isDone: Bool {
        guard areConditionsMet, !isActionRunning else { return false }
        switch plan.ending {
        case .conditionsMet: return true
        case .finished, .failed: return false
        case .window: return windowStage == .settled
        }
    }

    /// Once a window could end, asks the source for the values still to come first.
    private mutating func settleIfDue() {
        guard case .window = plan.ending, windowStage == .over, areConditionsMet, !isActionRunning
        else { return }
        guard let settle else {
            windowStage = .settled
            return
        }
        windowStage = .settling
        settle()
    }

    /// Moves past `never` steps, putting them in force, to the next condition to meet.
    private mutating func passForbiddingSteps() {
        while step < plan.steps.count, plan.steps[step].isForbidding {
            forbidden.append(plan.steps[step])
            step += 1
        }
    }

    private mutating func armTimeout<Failure>(
        _ mailbox: Mailbox<WaitEvent<Output, Failure>>,
        after delay: Duration
    ) {
        timeoutTimer?.cancel()
        timeoutTimer = DeadlineTimer(after: delay) { mailbox.post(.timedOut) }
    }

    private mutating func armIdleTimer<Failure>(
        _ mailbox: Mailbox<WaitEvent<Output, Failure>>
    ) {
        guard let idleTimeout = plan.idleLimit else { return }
        idleTimer?.cancel()
        idleGeneration += 1
        let generation = idleGeneration
        idleDue = ContinuousClock.now.advanced(by: idleTimeout)
        idleTimer = DeadlineTimer(after: idleTimeout) {
            mailbox.post(.idle(generation: generation))
        }
    }

    /// Feeds the mailbox's events to the steps until an outcome is reached.
    ///
    /// The timeout's timer is armed only when the wait first has to suspend, for what is left of
    /// the timeout: a wait whose value is already there never touches the deadline thread.
    mutating func run<Failure>(
        from mailbox: Mailbox<WaitEvent<Output, Failure>>,
        isolation: isolated (any Actor)? = #isolation,
        at callSite: CallSite
    ) async -> WaitOutcome? {
        let clock = ContinuousClock()
        passForbiddingSteps()
        armIdleTimer(mailbox)
        // The timer is needed once; asking the mailbox takes its lock.
        var isPreparedToSuspend = false
        while !isDone {
            settleIfDue()
            if isDone { break }
            if !isPreparedToSuspend, !mailbox.hasMessage {
                armTimeout(mailbox, after: timeoutDue - clock.now)
                isPreparedToSuspend = true
            }
            // `nil`: the waiting task was cancelled. That is the caller's decision, not a failed
            // expectation, so nothing is recorded.
            guard let event = await mailbox.receive(isolation: isolation) else { return nil }
            report.pending = metCount
            switch event {
            case .value(let value, let arrived):
                if areConditionsMet, case .conditionsMet = plan.ending { continue }
                consumed += 1
                armIdleTimer(mailbox)
                if let duplicateTest = plan.duplicateTest {
                    defer { previous = value }
                    if let previous, duplicateTest(previous, value) { continue }
                }
                if !take(value, arrivedAfter: arrived - start, at: callSite) { return nil }
            case .completion(let completion, let arrived):
                switch (completion, plan.ending) {
                case (.finished, .finished) where areConditionsMet:
                    return WaitOutcome(consumed: consumed)
                case (.failure(let error), .failed) where areConditionsMet:
                    return WaitOutcome(consumed: consumed, failure: error)
                case (.finished, .window) where areConditionsMet:
                    // It can send nothing more, so the window is as good as over.
                    windowStage.end()
                case (_, .conditionsMet) where areConditionsMet:
                    continue
                default:
                    report.fail(.ended(from: completion), after: arrived - start, at: callSite)
                    return nil
                }
            case .timedOut:
                // Due with the window's end (a window as long as the timeout) and the action has
                // returned: the window has passed clean, whichever of the two timers came first;
                // only the settling may still be on its way, and the wait ends as it would have.
                if case .window(let window) = plan.ending, !isActionRunning,
                    clock.now - start >= window
                {
                    windowStage = windowStage == .settling ? .settled : .over
                    continue
                }
                if let more = timeoutGrace.extraTime(
                    of: report.timeout, due: timeoutDue, handledAt: clock.now,
                    workHasStarted: hasActionStarted)
                {
                    timeoutDue = clock.now.advanced(by: more)
                    armTimeout(mailbox, after: more)
                    continue
                }
                if isActionRunning { report.action = actionStage() }
                report.fail(.timedOut, after: report.timeout, at: callSite)
                return nil
            case .windowPassed:
                windowStage.end()
            case .idle(let generation):
                guard generation == idleGeneration, let idleTimeout = plan.idleLimit,
                    let idleDue
                else { continue }
                if idleGrace.extraTime(
                    of: idleTimeout, due: idleDue, handledAt: clock.now,
                    workHasStarted: hasActionStarted) != nil
                {
                    armIdleTimer(mailbox)
                    continue
                }
                report.fail(.idle(idleTimeout), after: clock.now - start, at: callSite)
                return nil
            case .job(let job):
                job.run()
            case .settled:
                if windowStage == .settling { windowStage = .settled }
            case .actionFinished(let thrown, let returned):
                isActionRunning = false
                report.action = .returned(
                    at: returned - start,
                    ranFor: returned - (actionStarted?.withLock { $0 } ?? start))
                if let thrown {
                    report.fail(.actionThrew(thrown), after: clock.now - start, at: callSite)
                    return nil
                }
            }
        }
        return WaitOutcome(consumed: consumed)
    }

    /// Tests one value against the steps in force; `false` once the wait has failed.
    private mutating func take(
        _ value: Output,
        arrivedAfter elapsed: Duration,
        at callSite: CallSite
    ) -> Bool {
        do {
            for condition in forbidden where try condition.isMet(by: value) {
                report.timeline.record(value, elapsed: elapsed, metCondition: nil)
                report.fail(.forbidden(condition.label), after: elapsed, at: callSite)
                return false
            }
            guard !areConditionsMet else {
                report.timeline.record(value, elapsed: elapsed, metCondition: nil)
                return true
            }
            let isMet = try plan.steps[step].isMet(by: value)
            if plan.expectedDescriptions != nil { report.received.append(value) }
            report.timeline.record(
                value,
                elapsed: elapsed,
                metCondition: isMet ? metCount : nil
            )
            if isMet {
                metCount += 1
                step += 1
                forbidden.removeAll()
                passForbiddingSteps()
                report.pending = metCount
            } else if plan.isStrict {
                report.fail(.mismatch, after: elapsed, at: callSite)
                return false
            }
            return true
        } catch {
            report.timeline.record(value, elapsed: elapsed, metCondition: nil)
            report.fail(.conditionThrew(error), after: elapsed, at: callSite)
            return false
        }
    }
}

/// Where the window of a `never` or `stays` stands: watched until it passes (or its source
/// ends), then settled with the source, whose reads of changes made within it may still be on
/// their way.
private enum WindowStage {
    case open
    /// Watched for its whole length, or its source has ended.
    case over
    /// Over, and the source asked to post what is still to come.
    case settling
    /// Over, with nothing more to come: the wait can end.
    case settled

    /// Ends the watching, if it had not ended.
    mutating func end() {
        if self == .open { self = .over }
    }
}
