import Publishing

// The verbs of AsyncSequence+Waiting.swift with a `perform:` action that does not escape. A trailing
// closure picks them (a closure needs no conversion to optional); calls with no action, or
// passing an optional, take the forms there. The action is awaited before the wait returns, so
// it never outlives the call.

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> [S.Element]? {
    await withoutActuallyEscaping(action) { action in
        await until(
            sequence, satisfies: conditions, timeout: timeout, idleTimeout: idleTimeout,
            isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> [S.Element]? {
    await withoutActuallyEscaping(action) { action in
        await until(
            sequence, satisfies: conditions, timeout: timeout, idleTimeout: idleTimeout,
            isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> S.Element? {
    await withoutActuallyEscaping(action) { action in
        await until(
            sequence, satisfies: condition, timeout: timeout, idleTimeout: idleTimeout,
            isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> S.Element? {
    await withoutActuallyEscaping(action) { action in
        await until(
            sequence, timeout: timeout, idleTimeout: idleTimeout, isolation: isolation,
            fileID: fileID, filePath: filePath, line: line, column: column, condition,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> Bool where S.Element: Equatable {
    await withoutActuallyEscaping(action) { action in
        await until(
            sequence, emits: expected, ignoringDuplicates: ignoringDuplicates, timeout: timeout,
            idleTimeout: idleTimeout, isolation: isolation, fileID: fileID, filePath: filePath,
            line: line, column: column, perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> Bool {
    await withoutActuallyEscaping(action) { action in
        await never(
            sequence, satisfies: condition, for: window, timeout: timeout, isolation: isolation,
            fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> Bool {
    await withoutActuallyEscaping(action) { action in
        await stays(
            sequence, satisfying: condition, for: window, timeout: timeout, isolation: isolation,
            fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}
