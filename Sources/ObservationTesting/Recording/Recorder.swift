public import Publishing

/// Keeps every value and the completion of a source, for assertions on any of them.
///
/// Recording starts when the recorder is made, so nothing sent in the meantime is missed.
/// Each wait reads on from where the last one stopped, so one test can check several phases
/// without subscribing again; a wait that fails leaves the recorder where it was. A recorder is a
/// publisher of the values not read yet, so every verb takes it as a source
/// (`until(recorder, satisfies:)`, `until(recorder, emits:)`, `never`, `stays`), beside its own
/// waits below. Waits have the same timeouts, failure routing and messages as `until`.
///
/// ```swift
/// let recorder = viewModel.$items.record()
/// await viewModel.load()
/// await recorder.next()             // the current value, []
/// await until(recorder, satisfies: [{ $0.count == 3 }])
/// #expect(recorder.values.count >= 2)
/// ```
///
/// Recording stops when the recorder is released or ``cancel()`` is called.
public final class Recorder<Output, Failure: Error>: ClosurePublisher {
    private let storage: RecordingStorage<Output, Failure>
    private let subscription: AnyCancellable
    /// How many values the waits so far have read.
    private var position = 0 {
        didSet { storage.markSeen(position) }
    }

    init(
        storage: RecordingStorage<Output, Failure>,
        subscription: AnyCancellable,
        madeAt site: CallSite
    ) {
        self.storage = storage
        self.subscription = subscription
        storage.enrollWhenMade { storage in
            EndOfTestScope.enroll(
                storage,
                check: { isStrict in isStrict ? Self.unreadWork(in: storage, madeAt: site) : nil })
        }
    }

    /// Every value recorded so far, oldest first: a snapshot, which waits do not change.
    ///
    /// Strict end-of-test checks count every value returned here as read.
    public var values: [Output] {
        storage.state.withLock { state in
            state.seen = state.values.count
            return state.values
        }
    }

    /// The values no wait and no read of ``values`` saw, as strict end-of-test checks report
    /// them.
    private static func unreadWork(
        in storage: RecordingStorage<Output, Failure>, madeAt site: CallSite
    ) -> PendingWork? {
        let unread = storage.state.withLock { Array($0.values[$0.seen...]) }
        guard !unread.isEmpty else { return nil }
        let shown = unread.prefix(5).map { ValueDescription.of($0) }.joined(separator: ", ")
        let more = unread.count > 5 ? " and \(unread.count - 5) more" : ""
        let count = ValueDescription.count(unread.count, "value", "values")
        return PendingWork(
            summary: "Recorder (made at \(site.fileName):\(site.line)): \(count) never read",
            message: "End of test: the Recorder made here has \(count) never read: "
                + "\(shown)\(more).\n\nStrict end-of-test checks ask that a test read every "
                + "value it records: wait for them (next(), until(recorder, …)), or check "
                + "recorder.values.",
            site: site)
    }

    /// How the source ended, or `nil` if it has not ended yet.
    public var completion: Subscribers.Completion<Failure>? {
        storage.state.withLock { $0.completion }
    }

    /// Stops recording; the values kept so far stay readable.
    public func cancel() {
        subscription.cancel()
    }

    /// Sends the values not read yet, then each new one, and how the source ended.
    ///
    /// Subscribing reads nothing: the next wait still starts where the last one stopped.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once the source has ended.
    ///   - receiveValue: Called with each value, in order, outside the recorder's lock.
    /// - Returns: A token that ends the subscription when cancelled or released.
    @usableFromInline
    package func subscribeClosures(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        storage.tap(from: position) { event in
            switch event {
            case .value(let value, _): receiveValue(value)
            case .completion(let completion, _): receiveCompletion(completion)
            case .timedOut, .windowPassed, .idle, .actionFinished, .job, .settled: break
            }
        }
    }

    /// How a wait reads a recorder: from where the last wait stopped, moving on past what it
    /// took if it succeeds.
    @usableFromInline
    var waitSource: WaitSource<Output, Failure> {
        let start = position
        return WaitSource(
            subscribe: { [storage] mailbox in
                storage.tap(from: start) { mailbox.post($0.erased) }
            },
            valuesReadBefore: start,
            didConsume: { [self] consumed in position = start + consumed }
        )
    }

    /// Suspends until the next value after those already read, and returns it.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; `nil` uses the default.
    ///   - isolation: The caller's actor, inferred.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    /// - Returns: The value, or `nil` if none arrived in time or the source ended first.
    @discardableResult
    public func next(
        timeout: (any TimeoutConvertible)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Output? {
        await wait(
            WaitPlan(steps: [.any]),
            timeout: timeout,
            helper: "Recorder.next()",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )?.matched.first
    }

    /// Suspends until `count` more values have arrived, and returns them.
    ///
    /// - Parameters:
    ///   - count: How many values to read; `0` returns at once.
    ///   - timeout: How long to wait for all of them; `nil` uses the default.
    ///   - isolation: The caller's actor, inferred.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    /// - Returns: The values, oldest first, or `nil` if they did not all arrive.
    @discardableResult
    public func next(
        _ count: Int,
        timeout: (any TimeoutConvertible)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [Output]? {
        let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard count >= 0 else {
            FailureReporter.record(
                "Recorder.next(_:) was asked for \(count) values; pass 0 or more.",
                at: callSite
            )
            return nil
        }
        return await wait(
            WaitPlan(steps: Array(repeating: .any, count: count)),
            timeout: timeout,
            helper: "Recorder.next(\(count))",
            at: callSite
        )?.matched
    }

    /// Suspends until a value satisfies `predicate`, and returns every value read on the way,
    /// that one included.
    ///
    /// - Parameters:
    ///   - predicate: Returns `true` for the value to stop at.
    ///   - timeout: How long to wait; `nil` uses the default.
    ///   - isolation: The caller's actor, inferred.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    /// - Returns: The values up to and including the first that satisfies `predicate`, or `nil`.
    @discardableResult
    public func prefix(
        until predicate: @escaping (Output) throws -> Bool,
        timeout: (any TimeoutConvertible)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [Output]? {
        await read(
            WaitPlan(steps: [Condition(nil, predicate)]),
            timeout: timeout,
            helper: "Recorder.prefix(until:)",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Suspends until the source finishes, and returns the values not read yet.
    ///
    /// Fails if the source fails instead, naming the error, or has not finished in time.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; `nil` uses the default.
    ///   - isolation: The caller's actor, inferred.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    /// - Returns: The values after those already read, or `nil` if the source did not finish.
    @discardableResult
    public func finished(
        timeout: (any TimeoutConvertible)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [Output]? {
        await read(
            WaitPlan(steps: [], ending: .finished),
            timeout: timeout,
            helper: "Recorder.finished()",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Suspends until the source fails, and returns its error.
    ///
    /// Fails if the source finishes normally instead, or has not failed in time. The values
    /// before the failure are passed over; read them first with the other waits, or from
    /// ``values``.
    ///
    /// ```swift
    /// let recorder = repository.items.record()
    /// await repository.load()                      // the injected mock throws
    /// let error = await recorder.failure()
    /// #expect(error == .offline)
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; `nil` uses the default.
    ///   - isolation: The caller's actor, inferred.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    /// - Returns: The error, or `nil` if the source did not fail.
    @discardableResult
    public func failure(
        timeout: (any TimeoutConvertible)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Failure? {
        await wait(
            WaitPlan(steps: [], ending: .failed),
            timeout: timeout,
            helper: "Recorder.failure()",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )?.failure as? Failure
    }

    /// Suspends until the source finishes, and returns the last value it sent.
    ///
    /// Fails if the source fails, has not finished in time, or finished without a value.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait; `nil` uses the default.
    ///   - isolation: The caller's actor, inferred.
    ///   - fileID: Inferred, with the next three: where a failure is recorded; see
    ///     <doc:CallSitesAndIsolation>.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    /// - Returns: The last value, or `nil` on failure.
    @discardableResult
    public func last(
        timeout: (any TimeoutConvertible)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Output? {
        let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard
            await wait(
                WaitPlan(steps: [], ending: .finished),
                timeout: timeout,
                helper: "Recorder.last()",
                at: callSite
            ) != nil
        else { return nil }
        guard let last = values.last else {
            FailureReporter.record(
                "Recorder.last() failed: the source finished without sending a value.",
                at: callSite
            )
            return nil
        }
        return last
    }

    /// Runs a wait over the values not read yet, and moves on past those it took.
    func wait(
        _ plan: WaitPlan<Output>,
        timeout: (any TimeoutConvertible)?,
        helper: String,
        isolation: isolated (any Actor)? = #isolation,
        at callSite: CallSite
    ) async -> WaitResult<Output>? {
        await Waiter.wait(
            on: waitSource,
            plan: plan,
            timeout: TimeoutRequest(timeout),
            helper: helper,
            isolation: isolation,
            at: callSite
        )
    }

    /// Runs a wait, returning every value it took.
    private func read(
        _ plan: WaitPlan<Output>,
        timeout: (any TimeoutConvertible)?,
        helper: String,
        isolation: isolated (any Actor)? = #isolation,
        at callSite: CallSite
    ) async -> [Output]? {
        let start = position
        guard let result = await wait(plan, timeout: timeout, helper: helper, at: callSite) else {
            return nil
        }
        return storage.state.withLock { Array($0.values[start..<(start + result.consumed)]) }
    }
}

extension Recorder: EndOfTestFixture {
    func claimForEndOfTestChecks() {
        storage.claimForEndOfTestChecks()
    }
}
