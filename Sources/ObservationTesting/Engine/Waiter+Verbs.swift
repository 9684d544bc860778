/// The engine's entry points, one per verb, written once over any ``WaitSource``: the public
/// verbs under `Adapters/` forward to these.
///
/// `until` meets ordered conditions; `until(_:emits:)` an exact sequence; `never` and `stays`
/// watch a window. What they share (timeouts, the action, failure routing and messages) is
/// `Waiter.wait(on:plan:…)`'s.
extension Waiter {
    /// Inlinable, with the engine's entry taking conditions already erased, so that erasing the
    /// conditions and keeping the values that meet them is specialised for the caller's type.
    @inlinable
    static func until<Output, Failure>(
        _ source: WaitSource<Output, Failure>,
        satisfies conditions: [Condition<Output>],
        timeout: (any TimeoutConvertible)?,
        idleTimeout: (any TimeoutConvertible)?,
        helper: String,
        isolation: isolated (any Actor)?,
        at callSite: CallSite,
        performing action: (() async throws -> Void)?
    ) async -> [Output]? {
        let met = MatchedValues<Output>(capacity: conditions.count)
        guard
            let consumed = await Waiter.wait(
                subscribing: source.subscribe,
                source: source.noun,
                coalescesChanges: source.coalescesChanges,
                valuesReadBefore: source.valuesReadBefore,
                recorders: source.recorders,
                steps: conditions.map { $0.erased(met: met) },
                idleTimeout: idleTimeout?.timeoutValue,
                timeout: timeout?.timeoutValue,
                helper: helper,
                isolation: isolation,
                at: callSite,
                performing: action
            )
        else { return nil }
        source.didConsume?(consumed)
        return met.values
    }

    @usableFromInline
    static func until<Output: Equatable, Failure>(
        _ source: WaitSource<Output, Failure>,
        emits expected: [Output],
        ignoringDuplicates: Bool,
        timeout: (any TimeoutConvertible)?,
        idleTimeout: (any TimeoutConvertible)?,
        helper: String,
        isolation: isolated (any Actor)?,
        at callSite: CallSite,
        performing action: (() async throws -> Void)?
    ) async -> Bool {
        var plan = WaitPlan.exactly(expected, ignoringDuplicates: ignoringDuplicates)
        plan.idleTimeout = idleTimeout?.timeoutValue
        return await Waiter.wait(
            on: source,
            plan: plan,
            timeout: TimeoutRequest(timeout),
            helper: helper,
            isolation: isolation,
            at: callSite,
            performing: action
        ) != nil
    }

    /// `never`: fails on a value that meets `condition` within the window.
    @usableFromInline
    static func never<Output, Failure>(
        _ source: WaitSource<Output, Failure>,
        satisfies condition: @escaping (Output) throws -> Bool,
        for window: any TimeoutConvertible,
        timeout: (any TimeoutConvertible)?,
        helper: String,
        isolation: isolated (any Actor)?,
        at callSite: CallSite,
        performing action: (() async throws -> Void)?
    ) async -> Bool {
        await watch(
            source, forbidding: condition, violation: "satisfied the condition", for: window,
            timeout: timeout, helper: helper, isolation: isolation, at: callSite,
            performing: action)
    }

    /// `stays`: fails on a value that does not meet `condition` within the window.
    @usableFromInline
    static func stays<Output, Failure>(
        _ source: WaitSource<Output, Failure>,
        satisfying condition: @escaping (Output) throws -> Bool,
        for window: any TimeoutConvertible,
        timeout: (any TimeoutConvertible)?,
        helper: String,
        isolation: isolated (any Actor)?,
        at callSite: CallSite,
        performing action: (() async throws -> Void)?
    ) async -> Bool {
        await watch(
            source, forbidding: { try !condition($0) }, violation: "did not satisfy the condition",
            for: window, timeout: timeout, helper: helper, isolation: isolation, at: callSite,
            performing: action)
    }

    /// Watches a window, failing on a value that meets `forbidden`.
    private static func watch<Output, Failure>(
        _ source: WaitSource<Output, Failure>,
        forbidding forbidden: @escaping (Output) throws -> Bool,
        violation: String,
        for window: any TimeoutConvertible,
        timeout: (any TimeoutConvertible)?,
        helper: String,
        isolation: isolated (any Actor)?,
        at callSite: CallSite,
        performing action: (() async throws -> Void)?
    ) async -> Bool {
        let window = window.timeoutValue
        guard window.seconds.isFinite, window.seconds > 0 else {
            FailureReporter.record(
                TimeoutProblem.invalidWindow(window.seconds).message(helper: helper), at: callSite)
            return false
        }
        return await Waiter.wait(
            on: source,
            plan: WaitPlan(
                steps: [.never(nil, forbidden)],
                ending: .window(.seconds(capping: window.seconds)),
                violation: violation
            ),
            timeout: TimeoutRequest(timeout),
            helper: helper,
            isolation: isolation,
            at: callSite,
            performing: action
        ) != nil
    }
}

extension WaitPlan where Output: Equatable {
    /// The plan of an exact sequence: each value must equal the expected one at its place.
    static func exactly(_ expected: [Output], ignoringDuplicates: Bool) -> WaitPlan {
        WaitPlan(
            steps: expected.map { .equals($0) },
            isStrict: true,
            expectedDescriptions: expected.map { ValueDescription.of($0) },
            duplicateTest: ignoringDuplicates ? { $0 == $1 } : nil
        )
    }
}
