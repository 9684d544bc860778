public import Publishing

/// What can wake a waiting helper.
@usableFromInline
enum WaitEvent<Output, Failure: Error> {
    case value(Output, arrived: ContinuousClock.Instant)
    case completion(Subscribers.Completion<Failure>, arrived: ContinuousClock.Instant)
    case timedOut
    /// The window of a `never` or `stays` has passed.
    case windowPassed
    /// No value arrived for the idle timeout; `generation` tells a stale timer from the live one.
    case idle(generation: Int)
    case actionFinished(thrown: (any Error)?)
    /// Work the source needs done on the wait's isolation, such as reading observed state after
    /// a change: the wait runs it when it wakes, and takes what it posts next.
    case job(WaitJob)
    /// Every read of observed state the source had scheduled when the wait asked has been sent.
    case settled
}

/// Work a source hands to its wait, run on the wait's isolation.
///
/// A struct, not a bare closure in the event: a closure stored in a generic enum's payload is
/// re-wrapped in a new closure on the way in and out (an allocation per change).
@usableFromInline
struct WaitJob: Sendable {
    @usableFromInline let run: @Sendable () -> Void

    @inlinable
    init(run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}

/// An event as the engine sees it: the value's type erased.
///
/// The engine is generic in form but runs at this one instantiation. Generic code is not
/// specialised across modules, so run at the caller's types it asked the runtime for the
/// metadata of each generic type it touched, on every wait: that was most of what a wait cost.
@usableFromInline
typealias ErasedEvent = WaitEvent<Any, any Error>

/// Starts posting a source's events to a wait's mailbox, and stops when the returned handle is
/// cancelled.
///
/// Handed the mailbox itself, not a closure that posts to it: the source's handlers then reach
/// it with one call, and a wait makes one closure fewer.
///
/// Every source (publishers, `@Observable` properties, async sequences, recorders) is reduced to
/// this, so they all share one engine. A publisher's is built in the caller's module (the
/// forwarders are inlinable), where its `sink` and cancel are specialised for the publisher's
/// type instead of looking generic metadata up at run time on every wait.
@usableFromInline
typealias EventSubscription = (Mailbox<ErasedEvent>) -> any Cancellable

/// A source of values, as its adapter (under `Adapters/`) presents it to the engine.
@usableFromInline
struct WaitSource<Output, Failure: Error> {
    /// Starts feeding a wait's mailbox, and stops when the returned handle is cancelled.
    @usableFromInline var subscribe: EventSubscription
    /// What failure messages call it: "publisher", "property", "sequence".
    @usableFromInline var noun: String
    /// Whether it sends changes made with no suspension point between them as one.
    @usableFromInline var coalescesChanges: Bool
    /// Told how many values a wait that succeeded took: a recorder moves on by that many.
    @usableFromInline var didConsume: ((Int) -> Void)?

    @usableFromInline
    init(
        subscribe: @escaping EventSubscription,
        noun: String = "publisher",
        coalescesChanges: Bool = false,
        didConsume: ((Int) -> Void)? = nil
    ) {
        self.subscribe = subscribe
        self.noun = noun
        self.coalescesChanges = coalescesChanges
        self.didConsume = didConsume
    }
}

/// What a wait is for: its steps, and what counts as success.
struct WaitPlan<Output> {
    enum Ending {
        /// Success once every condition is met (and the action has returned).
        case conditionsMet
        /// Success once the source finishes after every condition is met.
        case finished
        /// Success once the source fails after every condition is met.
        case failed
        /// Success once the window has passed (or the source has ended) with no step broken,
        /// and the action has returned: it is waited for within the timeout, never cut short.
        case window(Duration)
    }

    /// Conditions met in order; ``Condition/never(_:_:)`` steps forbid values until the next one.
    var steps: [Condition<Output>]
    var ending = Ending.conditionsMet
    /// Fail at once on a value that does not meet the pending condition: exact sequences.
    var isStrict = false
    /// Fail when no value arrives for this long.
    var idleTimeout: Timeout?
    /// The expected values of an exact sequence, described, for the failure message's diff.
    var expectedDescriptions: [String]?
    /// What failure messages call the source; set from the ``WaitSource``.
    var source = "publisher"
    /// Skip a value that repeats the one before, as this says: `emits(…, ignoringDuplicates:)`.
    var isRepeat: ((Output, Output) -> Bool)?
    /// How a failure message words a value that met a `never` step, such as "satisfied the
    /// condition"; `nil` words it as a `never` step in a list.
    var violation: String?
    /// Whether the source sends changes made with no suspension point between them as one;
    /// set from the ``WaitSource``.
    var coalescesChanges = false
    /// The idle timeout once resolved and scaled.
    var idleLimit: Duration? = nil
}

/// How a wait ended well: the values that met conditions, and how many values it took.
struct WaitResult<Output> {
    var matched: [Output]
    /// Values taken from the source, met or not: a recorder moves on by this many.
    var consumed: Int
    /// The error the source failed with, for a wait that expects it to fail.
    var failure: (any Error)?
}

/// How a wait ended well, as the engine knows it: the values that met conditions are kept, typed,
/// by the conditions themselves (``MatchedValues``).
struct WaitOutcome {
    /// Values taken from the source, met or not: a recorder moves on by this many.
    var consumed: Int
    /// The error the source failed with, for a wait that expects it to fail.
    var failure: (any Error)?
}

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
        // made before the wait: turning the engine's `Any`s back into `Output`s after the last
        // condition was met cost a generic array and a dynamic cast per value, in the time from
        // the change to the test's next line.
        let met = MatchedValues<Output>(capacity: plan.steps.count)
        var erased = plan.erased(met: met)
        erased.source = source.noun
        erased.coalescesChanges = source.coalescesChanges
        guard
            let result = await wait(
                subscribing: source.subscribe,
                plan: erased,
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
        steps: [Condition<Any>],
        idleTimeout: Timeout?,
        timeout: Timeout?,
        helper: String,
        isolation: isolated (any Actor)?,
        at callSite: CallSite,
        performing action: (() async throws -> Void)?
    ) async -> Int? {
        var plan = WaitPlan<Any>(steps: steps, idleTimeout: idleTimeout)
        plan.source = noun
        plan.coalescesChanges = coalescesChanges
        return await wait(
            subscribing: subscribe,
            plan: plan,
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

        let mailbox = Mailbox<ErasedEvent>()
        let start = ContinuousClock.now
        let subscription = subscribe(mailbox)
        defer { subscription.cancel() }
        // Armed only when the wait first has to suspend, for what is left of the timeout: a wait
        // whose value is already there never touches the deadline thread.
        var timer: DeadlineTimer?
        defer { timer?.cancel() }
        let windowTimer = window.map { DeadlineTimer(after: $0) { mailbox.post(.windowPassed) } }
        defer { windowTimer?.cancel() }

        // The action runs on the caller's isolation, concurrently with the wait, so a timeout is
        // reported even if the action never returns. It never outlives the wait: it has finished,
        // or has been cancelled and awaited, before the wait returns.
        let actionTask = action.map { action in
            Task {
                _ = isolation
                do {
                    try await action()
                    mailbox.post(.actionFinished(thrown: nil))
                } catch {
                    mailbox.post(.actionFinished(thrown: error))
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
                source: plan.source,
                expected: plan.expectedDescriptions,
                violation: plan.violation,
                coalescesChanges: plan.coalescesChanges
            ),
            start: start,
            isActionRunning: actionTask != nil
        )
        // Observed state is read on the wait's actor after each change: a window must not end
        // while a read of a change made within it (by the action, say) is still to come.
        if case .window = plan.ending, let reads = subscription as? ReadScheduler {
            progress.settle = { reads.afterScheduledReads { mailbox.post(.settled) } }
        }
        let result = await progress.run(from: mailbox, at: callSite) {
            let remaining = timeout - (ContinuousClock.now - start)
            timer = DeadlineTimer(after: remaining) { mailbox.post(.timedOut) }
        }
        progress.idleTimer?.cancel()
        if let actionTask {
            actionTask.cancel()
            await actionTask.value
        }
        return result
    }
}

extension WaitPlan.Ending {
    var window: Duration? {
        if case .window(let window) = self { return window }
        return nil
    }
}

/// The values that met a wait's conditions, in order, as their source's type.
@usableFromInline
final class MatchedValues<Value> {
    // @exclusivity(unchecked): appended to only by the wait's conditions, on its isolation, and
    // read after the wait; the runtime's check was a call on every met condition.
    @usableFromInline @exclusivity(unchecked) var values: [Value] = []

    @inlinable
    init(capacity: Int) {
        values.reserveCapacity(capacity)
    }
}

extension WaitPlan {
    /// The same plan over values erased to `Any`, for the engine; `met` is handed each value
    /// that meets a condition (not a `never` step).
    func erased(met: MatchedValues<Output>) -> WaitPlan<Any> {
        WaitPlan<Any>(
            steps: steps.map { $0.erased(met: met) },
            ending: ending.erased,
            isStrict: isStrict,
            idleTimeout: idleTimeout,
            expectedDescriptions: expectedDescriptions,
            source: source,
            isRepeat: isRepeat.map { isRepeat in { isRepeat($0 as! Output, $1 as! Output) } },
            violation: violation,
            coalescesChanges: coalescesChanges
        )
    }
}

extension WaitPlan.Ending {
    var erased: WaitPlan<Any>.Ending {
        switch self {
        case .conditionsMet: .conditionsMet
        case .finished: .finished
        case .failed: .failed
        case .window(let window): .window(window)
        }
    }
}

extension WaitEvent {
    /// The same event with its value's type erased, for the engine.
    var erased: ErasedEvent {
        switch self {
        case .value(let value, let arrived): .value(value, arrived: arrived)
        case .completion(let completion, let arrived):
            .completion(completion.erased, arrived: arrived)
        case .timedOut: .timedOut
        case .windowPassed: .windowPassed
        case .idle(let generation): .idle(generation: generation)
        case .actionFinished(let thrown): .actionFinished(thrown: thrown)
        case .job(let job): .job(job)
        case .settled: .settled
        }
    }
}

extension Subscribers.Completion {
    @usableFromInline
    var erased: Subscribers.Completion<any Error> {
        switch self {
        case .finished: .finished
        case .failure(let error): .failure(error)
        }
    }
}

/// How far a wait has come: the step pending, the values met, and the failure message so far.
private struct WaitProgress<Output> {
    let plan: WaitPlan<Output>
    var report: FailureMessage<Output>
    let start: ContinuousClock.Instant
    var isActionRunning: Bool
    /// Whether a `never` or `stays` has watched for its whole window, or its source has ended.
    private var isWindowOver = false
    /// Asks the source to post ``WaitEvent/settled`` once the values of changes made so far are
    /// posted; `nil` for sources that post each value as it happens.
    var settle: (() -> Void)?
    /// Whether a window's end has been settled with the source (or needs no settling).
    private var isSettled = false
    private var isSettling = false

    /// Index into `plan.steps` of the condition waited for.
    private var step = 0
    /// `never` steps in force: passed over, and not yet followed by a met condition.
    private var forbidden: [Condition<Output>] = []
    /// How many conditions have been met.
    private var metCount = 0
    private var consumed = 0
    private var previous: Output?
    private var idleGeneration = 0
    private(set) var idleTimer: DeadlineTimer?

    init(
        plan: WaitPlan<Output>,
        report: FailureMessage<Output>,
        start: ContinuousClock.Instant,
        isActionRunning: Bool
    ) {
        self.plan = plan
        self.report = report
        self.start = start
        self.isActionRunning = isActionRunning
    }

    private var areConditionsMet: Bool { step >= plan.steps.count }

    private var isDone: Bool {
        guard areConditionsMet, !isActionRunning else { return false }
        switch plan.ending {
        case .conditionsMet: return true
        case .finished, .failed: return false
        case .window: return isWindowOver && isSettled
        }
    }

    /// Once a window could end, asks the source for the values still to come first.
    private mutating func settleIfDue() {
        guard case .window = plan.ending, isWindowOver, areConditionsMet, !isActionRunning,
            !isSettled, !isSettling
        else { return }
        guard let settle else {
            isSettled = true
            return
        }
        isSettling = true
        settle()
    }

    /// Moves past `never` steps, putting them in force, to the next condition to meet.
    private mutating func passForbiddingSteps() {
        while step < plan.steps.count, plan.steps[step].isForbidding {
            forbidden.append(plan.steps[step])
            step += 1
        }
    }

    private mutating func armIdleTimer<Failure>(
        _ mailbox: Mailbox<WaitEvent<Output, Failure>>
    ) {
        guard let idleTimeout = plan.idleLimit else { return }
        idleTimer?.cancel()
        idleGeneration += 1
        let generation = idleGeneration
        idleTimer = DeadlineTimer(after: idleTimeout) {
            mailbox.post(.idle(generation: generation))
        }
    }

    /// Feeds the mailbox's events to the steps until an outcome is reached; calls
    /// `beforeSuspending` once, the first time no event is waiting.
    mutating func run<Failure>(
        from mailbox: Mailbox<WaitEvent<Output, Failure>>,
        isolation: isolated (any Actor)? = #isolation,
        at callSite: CallSite,
        beforeSuspending: () -> Void
    ) async -> WaitOutcome? {
        let clock = ContinuousClock()
        passForbiddingSteps()
        armIdleTimer(mailbox)
        // `beforeSuspending` is needed once; asking the mailbox takes its lock.
        var isPreparedToSuspend = false
        while !isDone {
            settleIfDue()
            if isDone { break }
            if !isPreparedToSuspend, !mailbox.hasMessage {
                beforeSuspending()
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
                if let isRepeat = plan.isRepeat {
                    defer { previous = value }
                    if let previous, isRepeat(previous, value) { continue }
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
                    isWindowOver = true
                case (_, .conditionsMet) where areConditionsMet:
                    continue
                default:
                    report.fail(.ended(from: completion), after: arrived - start, at: callSite)
                    return nil
                }
            case .timedOut:
                report.fail(.timedOut, after: report.timeout, at: callSite)
                return nil
            case .windowPassed:
                isWindowOver = true
            case .idle(let generation):
                guard generation == idleGeneration, let idleTimeout = plan.idleLimit else {
                    continue
                }
                report.fail(.idle(idleTimeout), after: clock.now - start, at: callSite)
                return nil
            case .job(let job):
                job.run()
            case .settled:
                isSettled = true
            case .actionFinished(let thrown):
                isActionRunning = false
                report.actionReturned = clock.now - start
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
