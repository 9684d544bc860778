public import Publishing

// The verbs of Publisher+Waiting.swift with a `perform:` action that does not escape. A trailing
// closure picks them (a closure needs no conversion to optional); calls with no action, or
// passing an optional, take the forms there. The action is awaited before the wait returns, so
// it never outlives the call.

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> [P.Output]? {
    await withoutActuallyEscaping(action) { action in
        await until(
            publisher, satisfies: conditions, timeout: timeout, idleTimeout: idleTimeout,
            isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> [P.Output]? {
    await withoutActuallyEscaping(action) { action in
        await until(
            publisher, satisfies: conditions, timeout: timeout, idleTimeout: idleTimeout,
            isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> P.Output? {
    await withoutActuallyEscaping(action) { action in
        await until(
            publisher, satisfies: condition, timeout: timeout, idleTimeout: idleTimeout,
            isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> P.Output? {
    await withoutActuallyEscaping(action) { action in
        await until(
            publisher, timeout: timeout, idleTimeout: idleTimeout, isolation: isolation,
            fileID: fileID, filePath: filePath, line: line, column: column, condition,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> Bool where P.Output: Equatable {
    await withoutActuallyEscaping(action) { action in
        await until(
            publisher, emits: expected, ignoringDuplicates: ignoringDuplicates, timeout: timeout,
            idleTimeout: idleTimeout, isolation: isolation, fileID: fileID, filePath: filePath,
            line: line, column: column, perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> Bool {
    await withoutActuallyEscaping(action) { action in
        await never(
            publisher, satisfies: condition, for: window, timeout: timeout, isolation: isolation,
            fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> Bool {
    await withoutActuallyEscaping(action) { action in
        await stays(
            publisher, satisfying: condition, for: window, timeout: timeout, isolation: isolation,
            fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}
