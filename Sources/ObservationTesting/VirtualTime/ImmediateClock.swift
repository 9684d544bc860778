import Publishing

/// A clock on which every sleep returns at once, with time moving forward by the slept amount.
///
/// Use it when a test only needs sleeping code to run through, not to watch it in between:
///
/// ```swift
/// let viewModel = ViewModel(clock: ImmediateClock())
/// await viewModel.addItem()   // its one-second sleep takes no time
/// ```
///
/// A cancelled task's sleep throws `CancellationError`, as a real clock's does.
public final class ImmediateClock: Clock, Sendable {
    /// A moment on the clock; the same type as ``TestClock/Instant``.
    public typealias Instant = TestClock.Instant

    private let current: Locked<Instant>

    /// Creates a clock whose time starts at `now`.
    ///
    /// - Parameter now: The starting instant; the clock's start by default.
    public init(now: Instant = Instant(offset: .zero)) {
        current = Locked(now)
    }

    /// The current instant: the start plus everything slept so far.
    public var now: Instant {
        current.withLock { $0 }
    }

    /// The smallest step the clock can take: none.
    public var minimumResolution: Duration { .zero }

    /// Returns at once, moving time forward to `deadline` if it is later than now.
    ///
    /// - Parameters:
    ///   - deadline: The instant the sleep would end at.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
    }
}
