import Publishing

/// What can wake a waiting `until`.
enum WaitEvent<Output, Failure: Error> {
    case value(Output, arrived: ContinuousClock.Instant)
    case completion(Subscribers.Completion<Failure>, arrived: ContinuousClock.Instant)
    case timedOut
    case actionFinished(thrown: (any Error)?)
}

/// The one engine behind every `until`: feeds a publisher's values to ordered conditions.
///
/// The sink only posts events to a mailbox; conditions run here, on the caller's isolation,
/// after each wake. That is why non-`Sendable` view models, values and closures work from a
/// `@MainActor` test. Every outcome (matched, timed out, ended early, threw, cancelled) leaves
/// through `wait`, whose `defer`s release the subscription and the timer, and which never
/// returns before the action has ended.
enum Waiter {
    static func wait<P: Publisher>(
        for publisher: P,
        toSatisfy conditions: [Condition<P.Output>],
        timeout request: TimeoutRequest,
        helper: String,
        isolation: isolated (any Actor)?,
        at callSite: CallSite,
        performing action: (() async throws -> Void)?
    ) async -> [P.Output]? {
        let timeout: Duration
        switch TimeoutPolicy.resolve(request) {
        case .success(let resolved):
            timeout = resolved
        case .failure(let problem):
            FailureReporter.record(problem.message(helper: helper), at: callSite)
            return nil
        }

        let clock = ContinuousClock()
        let start = clock.now
        let mailbox = Mailbox<WaitEvent<P.Output, P.Failure>>()
        let subscription = publisher.sink(
            receiveCompletion: { mailbox.post(.completion($0, arrived: clock.now)) },
            receiveValue: { mailbox.post(.value($0, arrived: clock.now)) }
        )
        defer { subscription.cancel() }
        let timer = DeadlineTimer(after: timeout) { mailbox.post(.timedOut) }
        defer { timer.cancel() }

        // The action runs on the caller's isolation, concurrently with the wait, so a timeout is
        // reported even if the action never returns. It never outlives `until`: it has finished,
        // or has been cancelled and awaited, before `until` returns.
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
        var progress = Progress<P.Output>(
            report: FailureMessage(
                helper: helper,
                labels: conditions.map(\.label),
                timeout: timeout
            ),
            start: start,
            isActionRunning: actionTask != nil
        )
        let matched = await progress.match(conditions, from: mailbox, at: callSite)
        if let actionTask {
            actionTask.cancel()
            await actionTask.value
        }
        return matched
    }
}

/// How far a wait has come: the values that met conditions, and the failure message so far.
private struct Progress<Output> {
    var report: FailureMessage<Output>
    let start: ContinuousClock.Instant
    var isActionRunning: Bool
    var matched: [Output] = []

    /// Feeds the mailbox's events to the conditions until an outcome is reached.
    mutating func match<Failure>(
        _ conditions: [Condition<Output>],
        from mailbox: Mailbox<WaitEvent<Output, Failure>>,
        isolation: isolated (any Actor)? = #isolation,
        at callSite: CallSite
    ) async -> [Output]? {
        let clock = ContinuousClock()
        matched.reserveCapacity(conditions.count)
        while matched.count < conditions.count || isActionRunning {
            // `nil`: the waiting task was cancelled. That is the caller's decision, not a failed
            // expectation, so nothing is recorded.
            guard let event = await mailbox.receive(isolation: isolation) else { return nil }
            report.pending = matched.count
            switch event {
            case .value(let value, let arrived):
                guard matched.count < conditions.count else { continue }
                let isMet: Bool
                do {
                    isMet = try conditions[matched.count].isMet(by: value)
                } catch {
                    report.timeline.record(value, elapsed: arrived - start, metCondition: nil)
                    report.fail(.conditionThrew(error), after: clock.now - start, at: callSite)
                    return nil
                }
                report.timeline.record(
                    value,
                    elapsed: arrived - start,
                    metCondition: isMet ? matched.count : nil
                )
                if isMet { matched.append(value) }
            case .completion(let completion, let arrived):
                guard matched.count < conditions.count else { continue }
                report.fail(.ended(from: completion), after: arrived - start, at: callSite)
                return nil
            case .timedOut:
                report.fail(.timedOut, after: report.timeout, at: callSite)
                return nil
            case .actionFinished(let thrown):
                isActionRunning = false
                if let thrown {
                    report.fail(.actionThrew(thrown), after: clock.now - start, at: callSite)
                    return nil
                }
            }
        }
        return matched
    }
}
