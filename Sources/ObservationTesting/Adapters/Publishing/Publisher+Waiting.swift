public import Publishing

// The canonical declaration of each verb, documented in full. The other sources (an
// `@Observable` property, an async sequence, a Combine publisher) have the same verbs with the
// same parameters, each documented by one line pointing here.

/// Suspends until the publisher's values satisfy each condition, in order.
///
/// Condition 1 is met by some value, condition 2 by a later value, and so on; one value meets at
/// most one condition, and an empty list succeeds at once. The publisher's current value (of a
/// `@Published` property or a `CurrentValueSubject`) counts. A ``Recorder`` reads on from where
/// its last wait stopped.
///
/// Fails, at the caller's file and line, through whichever framework runs the test (Swift
/// Testing or XCTest) when the timeout passes, when no value arrives for `idleTimeout`, when the
/// publisher finishes or fails first, or when a condition or the action throws. A cancelled task
/// returns `nil` and records nothing.
///
/// - Parameters:
///   - publisher: The publisher to observe. It is subscribed before `action` runs.
///   - conditions: Conditions met one after another, each by a later value than the last.
///   - timeout: How long to wait in all, the action included, such as `3` or
///     `.milliseconds(200)`. `nil` uses the default: one second, or what `withDefaultTimeout`
///     or an `.untilTimeout` trait set.
///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
///   - isolation: The caller's actor, inferred: conditions and the action run on it.
///   - fileID: Inferred, with the next three: where a failure is recorded; see
///     <doc:CallSitesAndIsolation>.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
///   - action: Work to run once the subscription is in place, such as `await vm.load()`; it
///     runs concurrently with the wait, and must return within the timeout.
/// - Returns: The values that met the conditions, in order, or `nil` if they were not all met.
///
/// ```swift
/// await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }]) {
///     await viewModel.load()
/// }
/// ```
@inlinable
@discardableResult
public func until<P: Publisher>(
    _ publisher: P,
    satisfies conditions: [(P.Output) throws -> Bool],
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> [P.Output]? {
    await Waiter.until(
        publisher.waitSource,
        satisfies: conditions.map { Condition(nil, $0) },
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// The list form of `until(_:satisfies:)` for ``Condition`` values, which can carry labels,
/// `.equals`, `.matches` and ``Condition/never(_:_:)`` steps.
@_disfavoredOverload
@inlinable
@discardableResult
public func until<P: Publisher>(
    _ publisher: P,
    satisfies conditions: [Condition<P.Output>],
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> [P.Output]? {
    await Waiter.until(
        publisher.waitSource,
        satisfies: conditions,
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// The one-condition form of `until(_:satisfies:)`: returns the value that met it.
///
/// ```swift
/// await until(viewModel.$isLoading) { $0 == false }
/// ```
@inlinable
@discardableResult
public func until<P: Publisher>(
    _ publisher: P,
    satisfies condition: @escaping (P.Output) throws -> Bool,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> P.Output? {
    await Waiter.until(
        publisher.waitSource,
        satisfies: [Condition(nil, condition)],
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )?.first
}

/// The one-condition form with the condition last, after a timeout:
/// `await until(viewModel.$count, timeout: 0.3) { $0 == 1 }`. See
/// `until(_:satisfies:)`.
@inlinable
@_disfavoredOverload
@discardableResult
public func until<P: Publisher>(
    _ publisher: P,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ condition: @escaping (P.Output) throws -> Bool,
    perform action: (() async throws -> Void)? = nil
) async -> P.Output? {
    await until(
        publisher, satisfies: condition, timeout: timeout, idleTimeout: idleTimeout,
        isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
        perform: action)
}

/// Suspends until the publisher's next values equal `expected`, in order.
///
/// The publisher's current value counts as the first. A value that differs fails at once with
/// a line-by-line diff of expected and received values, the first difference marked; so does a
/// timeout, showing what is missing.
///
/// - Parameters:
///   - publisher: The publisher to observe.
///   - expected: The values to receive, in order.
///   - ignoringDuplicates: Skip a value equal to the one just before it, as
///     `removeDuplicates()` would.
///   - timeout: How long to wait in all, the action included; `nil` uses the default.
///   - idleTimeout: Fails when no new value arrives for this long; `nil` for no limit.
///   - isolation: The caller's actor, inferred: the action runs on it.
///   - fileID: Inferred, with the next three: where a failure is recorded; see
///     <doc:CallSitesAndIsolation>.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
///   - action: Work to run once the subscription is in place.
/// - Returns: Whether the values matched.
///
/// ```swift
/// await until(viewModel.$isLoading, emits: [false, true, false]) {
///     await viewModel.load()
/// }
/// ```
@inlinable
@discardableResult
public func until<P: Publisher>(
    _ publisher: P,
    emits expected: [P.Output],
    ignoringDuplicates: Bool = false,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> Bool where P.Output: Equatable {
    await Waiter.until(
        publisher.waitSource,
        emits: expected,
        ignoringDuplicates: ignoringDuplicates,
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:emits:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// Watches the publisher for a window of real time, failing at once if a value satisfies the
/// condition.
///
/// The current value counts. Succeeds when the window has passed, or earlier if the publisher
/// finishes, since it can send nothing more; either way only once `action` has returned, which
/// is watched too and never cut short. A publisher that fails fails the wait. The window is real
/// time even when the code under test runs on a `TestClock`: advance the clock in `action`.
///
/// - Parameters:
///   - publisher: The publisher to observe.
///   - condition: Returns `true` for a value that must not arrive.
///   - window: How long to watch, in seconds or as a unit, like a timeout; it is not scaled by
///     `OBSERVATION_TESTING_TIMEOUT_SCALE`.
///   - timeout: How long `action` may take, if it outlasts the window; `nil` uses the default.
///   - isolation: The caller's actor, inferred: the condition and the action run on it.
///   - fileID: Inferred, with the next three: where a failure is recorded; see
///     <doc:CallSitesAndIsolation>.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
///   - action: Work to run while watching, such as `await viewModel.load()`.
/// - Returns: Whether no value satisfied the condition.
///
/// ```swift
/// await never(viewModel.$error, satisfies: { $0 != nil }, for: .milliseconds(200)) {
///     await viewModel.load()
/// }
/// ```
@inlinable
@discardableResult
public func never<P: Publisher>(
    _ publisher: P,
    satisfies condition: @escaping (P.Output) throws -> Bool,
    for window: any TimeoutConvertible,
    timeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> Bool {
    await Waiter.never(
        publisher.waitSource,
        satisfies: condition,
        for: window,
        timeout: timeout,
        helper: "never(_:satisfies:for:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// Watches the publisher for a window of real time, failing at once if a value does not
/// satisfy the condition.
///
/// The current value counts. Succeeds when the window has passed, or earlier if the publisher
/// finishes; either way only once `action` has returned, which is watched too and never cut
/// short. A publisher that fails fails the wait. The window is real time even when the code under
/// test runs on a `TestClock`.
///
/// - Parameters:
///   - publisher: The publisher to observe.
///   - condition: Returns `true` for every value allowed.
///   - window: How long to watch, in seconds or as a unit, like a timeout; it is not scaled by
///     `OBSERVATION_TESTING_TIMEOUT_SCALE`.
///   - timeout: How long `action` may take, if it outlasts the window; `nil` uses the default.
///   - isolation: The caller's actor, inferred: the condition and the action run on it.
///   - fileID: Inferred, with the next three: where a failure is recorded; see
///     <doc:CallSitesAndIsolation>.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
///   - action: Work to run while watching.
/// - Returns: Whether every value satisfied the condition.
///
/// ```swift
/// await stays(viewModel.$items, satisfying: { $0.count <= 10 }, for: .milliseconds(200))
/// ```
@inlinable
@discardableResult
public func stays<P: Publisher>(
    _ publisher: P,
    satisfying condition: @escaping (P.Output) throws -> Bool,
    for window: any TimeoutConvertible,
    timeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> Bool {
    await Waiter.stays(
        publisher.waitSource,
        satisfying: condition,
        for: window,
        timeout: timeout,
        helper: "stays(_:satisfying:for:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

extension Publisher {
    /// How a wait reads this publisher: subscribed with `sink`; a recorder, from where its last
    /// wait stopped.
    @inlinable
    var waitSource: WaitSource<Output, Failure> {
        if let recorder = self as? Recorder<Output, Failure> { return recorder.waitSource }
        #if !canImport(Combine)
            // A `@Published` property publishes before it stores, as in Combine; the wait takes
            // each value once it is stored, so the test's next line reads it from the property
            // even when another thread assigned it. (A cast to the concrete type, which the
            // compiler settles where `until` is specialised: a cast to a protocol with a primary
            // associated type is looked up at run time on every wait.)
            if let property = self as? Published<Output>.Publisher {
                return WaitSource(
                    subscribe: { mailbox in
                        property.sinkAfterStores { mailbox.post(.value($0, arrived: .now)) }
                    },
                    recorders: .observableObjects
                )
            }
        #else
            // Combine: a `@Published` property sends before it stores; each new value waits for
            // its store before the wait takes it. See `PublishedStoreWatch`.
            if let property = self as? Published<Output>.Publisher,
                let watch = PublishedStoreWatch(property)
            {
                return WaitSource(
                    subscribe: { mailbox in
                        sink(
                            receiveCompletion: { _ in },
                            receiveValue: { value in
                                if let job = watch.received(value) { mailbox.post(.job(job)) }
                                mailbox.post(.value(value, arrived: .now))
                            }
                        )
                    },
                    recorders: .observableObjects
                )
            }
        #endif
        let isProperty = isCoalescing(self)
        // Observed state subscribed as any publisher still lets its recorders catch up.
        var recorders: StateRecorders.Match?
        if isProperty, let observed = self as? any ReadHandingPublisher {
            recorders = .objects(observed.observedObjects.map(ObjectIdentifier.init))
        }
        return WaitSource(
            subscribe: { mailbox in
                sink(
                    receiveCompletion: { mailbox.post(.completion($0.erased, arrived: .now)) },
                    receiveValue: { mailbox.post(.value($0, arrived: .now)) }
                )
            },
            noun: isProperty ? "property" : "publisher",
            coalescesChanges: isProperty,
            recorders: recorders
        )
    }
}

/// Whether `publisher` sends changes made with no suspension point between them as one.
///
/// Generic and inlinable, so that where `until` is specialised the answer is known when
/// compiling, with no run-time conformance lookup (which a check through `Any` makes).
@inlinable
func isCoalescing<P>(_ publisher: P) -> Bool {
    publisher is any CoalescingPublisher
}
