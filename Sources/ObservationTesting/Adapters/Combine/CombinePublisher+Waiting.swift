// Apple platforms only. Linux CI compiles it against a stand-in Combine (.ci/combine-shim) and
// calls every form (.ci/combine-shim/Check.swift); it is not run there.
#if canImport(Combine)
    public import Combine
    import Publishing

    // Each form hands the publisher to the Publishing engine through `CombineBridge`.

    /// `until(_:satisfies:)` for a Combine publisher.
    @discardableResult
    public func until<P: Combine.Publisher>(
        _ publisher: P,
        satisfies conditions: [(P.Output) throws -> Bool],
        timeout: Timeout? = nil,
        idleTimeout: Timeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> [P.Output]? {
        await Verbs.until(
            CombineBridge(publisher).waitSource,
            satisfies: conditions.map { Condition(nil, $0) },
            timeout: timeout,
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )
    }

    /// `until(_:satisfies:)` with ``Condition`` values, for a Combine publisher.
    @_disfavoredOverload
    @discardableResult
    public func until<P: Combine.Publisher>(
        _ publisher: P,
        satisfies conditions: [Condition<P.Output>],
        timeout: Timeout? = nil,
        idleTimeout: Timeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> [P.Output]? {
        await Verbs.until(
            CombineBridge(publisher).waitSource,
            satisfies: conditions,
            timeout: timeout,
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )
    }

    /// `until(_:satisfies:)` with one condition, for a Combine publisher: returns the value that met it.
    @discardableResult
    public func until<P: Combine.Publisher>(
        _ publisher: P,
        satisfies condition: @escaping (P.Output) throws -> Bool,
        timeout: Timeout? = nil,
        idleTimeout: Timeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> P.Output? {
        await Verbs.until(
            CombineBridge(publisher).waitSource,
            satisfies: [Condition(nil, condition)],
            timeout: timeout,
            idleTimeout: idleTimeout,
            helper: "until(_:satisfies:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )?.first
    }

    /// `until(_:emits:)` for a Combine publisher.
    @discardableResult
    public func until<P: Combine.Publisher>(
        _ publisher: P,
        emits expected: [P.Output],
        ignoringDuplicates: Bool = false,
        timeout: Timeout? = nil,
        idleTimeout: Timeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> Bool where P.Output: Equatable {
        await Verbs.until(
            CombineBridge(publisher).waitSource,
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

    /// `never(_:satisfies:for:)` for a Combine publisher.
    @discardableResult
    public func never<P: Combine.Publisher>(
        _ publisher: P,
        satisfies condition: @escaping (P.Output) throws -> Bool,
        for window: Duration,
        timeout: Timeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> Bool {
        await Verbs.never(
            CombineBridge(publisher).waitSource,
            satisfies: condition,
            for: window,
            timeout: timeout,
            helper: "never(_:satisfies:for:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )
    }

    /// `stays(_:satisfying:for:)` for a Combine publisher.
    @discardableResult
    public func stays<P: Combine.Publisher>(
        _ publisher: P,
        satisfying condition: @escaping (P.Output) throws -> Bool,
        for window: Duration,
        timeout: Timeout? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        perform action: (() async throws -> Void)? = nil
    ) async -> Bool {
        await Verbs.stays(
            CombineBridge(publisher).waitSource,
            satisfying: condition,
            for: window,
            timeout: timeout,
            helper: "stays(_:satisfying:for:)",
            isolation: isolation,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            performing: action
        )
    }
#endif
