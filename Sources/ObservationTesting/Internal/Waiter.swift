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
/// `@MainActor` test. Each outcome (matched, timed out, ended early, threw, cancelled) returns
/// from this one function, and the `defer`s release the subscription, the timer and the action
/// on every path.
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

        var actionTask: Task<Void, Never>?
        if let action {
            // Runs on the caller's isolation, concurrently with the wait, so a timeout is
            // reported even if the action never returns.
            actionTask = Task {
                _ = isolation
                do {
                    try await action()
                    mailbox.post(.actionFinished(thrown: nil))
                } catch {
                    mailbox.post(.actionFinished(thrown: error))
                }
            }
        }
        defer { actionTask?.cancel() }

        var report = FailureMessage<P.Output>(
            helper: helper,
            labels: conditions.map(\.label),
            timeout: timeout
        )
        var matched: [P.Output] = []
        matched.reserveCapacity(conditions.count)
        var isActionRunning = action != nil

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
                report.fail(.timedOut(now: clock.now - start), after: timeout, at: callSite)
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
