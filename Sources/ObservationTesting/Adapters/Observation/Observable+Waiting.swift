public import Observation
public import Publishing

// An `@Observable` object's property becomes a publisher (`publisher(for:on:)`, in Publishing):
// its current value, then each new value, read after it is stored on the caller's actor.
// Several changes made with no suspension point between them arrive as one, the last; the DocC
// article "Testing @Observable models" says exactly what can be seen.

/// `until(_:satisfies:)` for an `@Observable` object's property.
@inlinable
@discardableResult
public func until<Model: AnyObject & Observable, Value>(
    _ model: Model,
    _ keyPath: KeyPath<Model, Value>,
    satisfies conditions: [(Value) throws -> Bool],
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> [Value]? {
    await Waiter.until(
        publisher(for: keyPath, on: model, isolation: isolation).waitSource,
        satisfies: conditions.map { Condition(nil, $0) },
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// `until(_:satisfies:)` with ``Condition`` values, for an `@Observable` object's property.
@_disfavoredOverload
@inlinable
@discardableResult
public func until<Model: AnyObject & Observable, Value>(
    _ model: Model,
    _ keyPath: KeyPath<Model, Value>,
    satisfies conditions: [Condition<Value>],
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> [Value]? {
    await Waiter.until(
        publisher(for: keyPath, on: model, isolation: isolation).waitSource,
        satisfies: conditions,
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// `until(_:satisfies:)` with one condition, for an `@Observable` object's property: returns the value that met it.
@inlinable
@discardableResult
public func until<Model: AnyObject & Observable, Value>(
    _ model: Model,
    _ keyPath: KeyPath<Model, Value>,
    satisfies condition: @escaping (Value) throws -> Bool,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> Value? {
    await Waiter.until(
        publisher(for: keyPath, on: model, isolation: isolation).waitSource,
        satisfies: [Condition(nil, condition)],
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )?.first
}

/// The one-condition form for an `@Observable` object's property with the condition last,
/// after a timeout: `await until(model, \.count, timeout: 0.3) { $0 == 1 }`.
@inlinable
@_disfavoredOverload
@discardableResult
public func until<Model: AnyObject & Observable, Value>(
    _ model: Model,
    _ keyPath: KeyPath<Model, Value>,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ condition: @escaping (Value) throws -> Bool,
    perform action: (() async throws -> Void)? = nil
) async -> Value? {
    await until(
        model, keyPath, satisfies: condition, timeout: timeout, idleTimeout: idleTimeout,
        isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
        perform: action)
}

/// `until(_:emits:)` for an `@Observable` object's property.
@inlinable
@discardableResult
public func until<Model: AnyObject & Observable, Value>(
    _ model: Model,
    _ keyPath: KeyPath<Model, Value>,
    emits expected: [Value],
    ignoringDuplicates: Bool = false,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> Bool where Value: Equatable {
    await Waiter.until(
        publisher(for: keyPath, on: model, isolation: isolation).waitSource,
        emits: expected,
        ignoringDuplicates: ignoringDuplicates,
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:_:emits:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// `never(_:satisfies:for:)` for an `@Observable` object's property.
@inlinable
@discardableResult
public func never<Model: AnyObject & Observable, Value>(
    _ model: Model,
    _ keyPath: KeyPath<Model, Value>,
    satisfies condition: @escaping (Value) throws -> Bool,
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
        publisher(for: keyPath, on: model, isolation: isolation).waitSource,
        satisfies: condition,
        for: window,
        timeout: timeout,
        helper: "never(_:_:satisfies:for:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// `stays(_:satisfying:for:)` for an `@Observable` object's property.
@inlinable
@discardableResult
public func stays<Model: AnyObject & Observable, Value>(
    _ model: Model,
    _ keyPath: KeyPath<Model, Value>,
    satisfying condition: @escaping (Value) throws -> Bool,
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
        publisher(for: keyPath, on: model, isolation: isolation).waitSource,
        satisfying: condition,
        for: window,
        timeout: timeout,
        helper: "stays(_:_:satisfying:for:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// Starts recording an `@Observable` object's property: its current value, then each new one.
///
/// ```swift
/// let recorder = record(model, \.isLoading)
/// ```
///
/// - Parameters:
///   - model: The object to observe.
///   - keyPath: The property to record.
///   - isolation: The caller's actor, inferred: the property is read on it.
///   - fileID: Inferred, with the next three: where strict end-of-test checks report values
///     never read.
///   - filePath: Inferred; see `fileID`.
///   - line: Inferred; see `fileID`.
///   - column: Inferred; see `fileID`.
/// - Returns: The recorder; recording stops when it is released.
public func record<Model: AnyObject & Observable, Value>(
    _ model: Model,
    _ keyPath: KeyPath<Model, Value>,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) -> Recorder<Value, Never> {
    publisher(for: keyPath, on: model, isolation: isolation)
        .record(fileID: fileID, filePath: filePath, line: line, column: column)
}

extension ObservedProperty {
    /// How a wait reads the property: see ``ReadHandingPublisher/observedWaitSource(noun:)``.
    ///
    /// Inlinable down to the read (see ``ObservedProperty/sink(handingReadsTo:receiveCompletion:receiveValue:)``),
    /// so a wait's reads and posts are specialised for the model's and value's types.
    @inlinable
    var waitSource: WaitSource<Value, Never> {
        observedWaitSource(noun: "property", recorders: .object(ObjectIdentifier(observedModel)))
    }
}

extension ReadHandingPublisher {
    /// How a wait reads observed state. Made on the main actor (as the verbs make it, on the
    /// wait's actor), the read after each change runs in the wait itself when the change wakes
    /// it, instead of in a job of its own that then wakes the wait: the wait's wake is queued on
    /// the main actor directly, so the read still comes before the changing code's next
    /// suspension ends. Elsewhere a wake through a continuation would not, and the reads run on
    /// the wait's actor on their own. Either way the subscription is the ``ReadScheduler``, which
    /// a wait asks to settle the reads still to come before it ends a window. `recorders` are
    /// those the wait lets catch up before it returns; by default, those of the objects it reads.
    @inlinable
    func observedWaitSource(
        noun: String, recorders: StateRecorders.Match? = nil
    ) -> WaitSource<Output, Never> {
        let readsOnMainActor = readsOnMainActor
        return WaitSource(
            subscribe: { [self] mailbox in
                var handoff: JobHandoff?
                if readsOnMainActor { handoff = { mailbox.post(.job(WaitJob(run: $0))) } }
                return sink(
                    handingReadsTo: handoff,
                    receiveCompletion: { mailbox.post(.completion($0.erased, arrived: .now)) },
                    receiveValue: { mailbox.post(.value($0, arrived: .now)) }
                )
            },
            noun: noun,
            coalescesChanges: true,
            recorders: recorders ?? .objects(observedObjects.map(ObjectIdentifier.init))
        )
    }
}
