import Publishing

// The verbs of State+Waiting.swift with a `perform:` action that does not escape. A trailing
// closure picks them (a closure needs no conversion to optional); calls with no action, or
// passing an optional, take the forms there. The action is awaited before the wait returns, so
// it never outlives the call.

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
@_disfavoredOverload
@discardableResult
public func until<each Model: AnyObject>(
    _ models: repeat each Model,
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ condition: @escaping (repeat each Model) throws -> Bool,
    perform action: () async throws -> Void
) async -> Bool {
    await withoutActuallyEscaping(action) { action in
        await until(
            repeat each models, timeout: timeout, idleTimeout: idleTimeout, isolation: isolation,
            fileID: fileID, filePath: filePath, line: line, column: column, condition,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
@_disfavoredOverload
@discardableResult
public func until(
    _ models: AnyObject...,
    satisfies conditions: [() throws -> Bool],
    timeout: (any TimeoutConvertible)? = nil,
    idleTimeout: (any TimeoutConvertible)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    perform action: () async throws -> Void
) async -> Bool {
    await withoutActuallyEscaping(action) { action in
        await until(
            models, satisfies: conditions, timeout: timeout, idleTimeout: idleTimeout,
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action)
    }
}
