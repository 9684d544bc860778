public import Observation
import Publishing

// The verbs of Observable+Waiting.swift with a `perform:` action that does not escape. A trailing
// closure picks them (a closure needs no conversion to optional); calls with no action, or
// passing an optional, take the forms there. The action is awaited before the wait returns, so
// it never outlives the call.

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> [Value]? {
    await withoutActuallyEscaping(action) { action in
        await until(
            model, keyPath, satisfies: conditions, timeout: timeout, idleTimeout: idleTimeout,
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
    perform action: () async throws -> Void
) async -> [Value]? {
    await withoutActuallyEscaping(action) { action in
        await until(
            model, keyPath, satisfies: conditions, timeout: timeout, idleTimeout: idleTimeout,
            isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> Value? {
    await withoutActuallyEscaping(action) { action in
        await until(
            model, keyPath, satisfies: condition, timeout: timeout, idleTimeout: idleTimeout,
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
    perform action: () async throws -> Void
) async -> Value? {
    await withoutActuallyEscaping(action) { action in
        await until(
            model, keyPath, timeout: timeout, idleTimeout: idleTimeout, isolation: isolation,
            fileID: fileID, filePath: filePath, line: line, column: column, condition,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> Bool where Value: Equatable {
    await withoutActuallyEscaping(action) { action in
        await until(
            model, keyPath, emits: expected, ignoringDuplicates: ignoringDuplicates,
            timeout: timeout, idleTimeout: idleTimeout, isolation: isolation, fileID: fileID,
            filePath: filePath, line: line, column: column, perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> Bool {
    await withoutActuallyEscaping(action) { action in
        await never(
            model, keyPath, satisfies: condition, for: window, timeout: timeout,
            isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}

/// The same wait, with an action that does not escape, so that a test case's stored
/// properties need no `self.` in it; documented with the form whose `perform:` is optional.
@_documentation(visibility: internal)
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
    perform action: () async throws -> Void
) async -> Bool {
    await withoutActuallyEscaping(action) { action in
        await stays(
            model, keyPath, satisfying: condition, for: window, timeout: timeout,
            isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column,
            perform: Optional(action))
    }
}
