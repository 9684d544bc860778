import Publishing

// The sequence is iterated on the caller's actor from the moment the wait begins; an end or an
// error before the wait is done fails it at once, naming the error. Iteration is cancelled when
// the wait returns; a sequence that ignores cancellation is left to end alone.

/// `until(_:satisfies:)` for an async sequence.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@discardableResult
public func until<S: AsyncSequence>(
    _ sequence: S,
    satisfies conditions: [(S.Element) throws -> Bool],
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> [S.Element]? {
    await Waiter.until(
        sequence.waitSource(isolation: isolation),
        satisfies: conditions.map { Condition(nil, $0) },
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// `until(_:satisfies:)` with ``Condition`` values, for an async sequence.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@_disfavoredOverload
@discardableResult
public func until<S: AsyncSequence>(
    _ sequence: S,
    satisfies conditions: [Condition<S.Element>],
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> [S.Element]? {
    await Waiter.until(
        sequence.waitSource(isolation: isolation),
        satisfies: conditions,
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// `until(_:satisfies:)` with one condition, for an async sequence: returns the value that met it.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@discardableResult
public func until<S: AsyncSequence>(
    _ sequence: S,
    satisfies condition: @escaping (S.Element) throws -> Bool,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> S.Element? {
    await Waiter.until(
        sequence.waitSource(isolation: isolation),
        satisfies: [Condition(nil, condition)],
        timeout: timeout,
        idleTimeout: idleTimeout,
        helper: "until(_:satisfies:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )?.first
}

/// The one-condition form for an async sequence with the condition last, after a timeout:
/// `await until(stream, timeout: 0.3) { $0 == 1 }`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@_disfavoredOverload
@discardableResult
public func until<S: AsyncSequence>(
    _ sequence: S,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ condition: @escaping (S.Element) throws -> Bool,
    perform action: (() async throws -> Void)? = nil
) async -> S.Element? {
    await until(
        sequence, satisfies: condition, timeout: timeout, idleTimeout: idleTimeout,
        isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
        perform: action)
}

/// `until(_:emits:)` for an async sequence.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@discardableResult
public func until<S: AsyncSequence>(
    _ sequence: S,
    emits expected: [S.Element],
    ignoringDuplicates: Bool = false,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: (() async throws -> Void)? = nil
) async -> Bool where S.Element: Equatable {
    await Waiter.until(
        sequence.waitSource(isolation: isolation),
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

/// `never(_:satisfies:for:)` for an async sequence.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@discardableResult
public func never<S: AsyncSequence>(
    _ sequence: S,
    satisfies condition: @escaping (S.Element) throws -> Bool,
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
        sequence.waitSource(isolation: isolation),
        satisfies: condition,
        for: window,
        timeout: timeout,
        helper: "never(_:satisfies:for:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

/// `stays(_:satisfying:for:)` for an async sequence.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@discardableResult
public func stays<S: AsyncSequence>(
    _ sequence: S,
    satisfying condition: @escaping (S.Element) throws -> Bool,
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
        sequence.waitSource(isolation: isolation),
        satisfying: condition,
        for: window,
        timeout: timeout,
        helper: "stays(_:satisfying:for:)",
        isolation: isolation,
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
        performing: action
    )
}

@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension AsyncSequence {
    /// How a wait reads this sequence: iterated in a task on `isolation` from the moment the
    /// wait begins, posting every element and how it ended; cancelled when the wait ends.
    func waitSource(isolation: isolated (any Actor)?) -> WaitSource<Element, Failure> {
        let subscribe: EventSubscription = { mailbox in
            let task = Task {
                _ = isolation
                var iterator = makeAsyncIterator()
                do throws(Failure) {
                    while let element = try await iterator.next(isolation: isolation) {
                        mailbox.post(.value(element, arrived: .now))
                    }
                    mailbox.post(.completion(.finished, arrived: .now))
                } catch {
                    mailbox.post(.completion(.failure(error), arrived: .now))
                }
            }
            return AnyCancellable { task.cancel() }
        }
        return WaitSource(subscribe: subscribe, noun: "sequence")
    }
}
