import Publishing

/// A clock that fails the test, at the line that made it, whenever something sleeps on it.
///
/// Inject it where the code under test must not sleep on the path a test takes:
///
/// ```swift
/// let viewModel = ViewModel(clock: UnimplementedClock())
/// viewModel.showCachedItems()   // must not wait: a sleep fails the test
/// ```
///
/// A sleep returns at once after recording the failure, moving time forward as an
/// ``ImmediateClock`` does, so the test runs on to its end. Reading ``now`` is not a failure.
public final class UnimplementedClock: Clock, Sendable {
    /// A moment on the clock; the same type as ``TestClock/Instant``.
    public typealias Instant = TestClock.Instant

    private let name: String
    private let site: CallSite
    private let current: Locked<Instant>

    /// Creates a clock that fails whenever something sleeps on it.
    ///
    /// - Parameters:
    ///   - name: How failures name the clock, such as `"search debounce"`.
    ///   - now: The starting instant; the clock's start by default.
    ///   - fileID: Inferred, with the next three: where a sleep's failure is recorded.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    public init(
        _ name: String = "UnimplementedClock",
        now: Instant = Instant(offset: .zero),
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.name = name
        site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        current = Locked(now)
    }

    /// The current instant: the start plus everything slept so far.
    public var now: Instant {
        current.withLock { $0 }
    }

    /// The smallest step the clock can take: none.
    public var minimumResolution: Duration { .zero }

    /// Records a failure where the clock was made, then returns at once.
    ///
    /// - Parameters:
    ///   - deadline: The instant the sleep would end at.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let start = current.withLock { now in
            defer { now = max(now, deadline) }
            return now
        }
        FailureReporter.record(
            """
            \(name) (made at \(site.fileName):\(site.line)) was asked to sleep for \
            \((deadline.offset - start.offset).shortSecondsText): the code under test must not \
            sleep on this path.

            If it should sleep here, inject a TestClock and advance it, or an ImmediateClock; \
            if not, check what made it sleep.
            """,
            at: site)
    }
}
