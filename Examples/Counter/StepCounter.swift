public import Observation

/// An `@Observable` view model: native to SwiftUI on Apple platforms (held in `@State`), with no
/// Combine at all, and waited on with `until(model, \.count)` in tests.
@Observable
@MainActor
public final class StepCounter {
    /// Steps counted so far.
    public private(set) var count = 0
    /// The most steps allowed; `increment()` stops there.
    public let limit: Int

    /// Creates a counter that stops at `limit`.
    ///
    /// - Parameter limit: The most steps allowed.
    public init(limit: Int = 10) {
        self.limit = limit
    }

    /// Counts one more step, up to the limit.
    public func increment() {
        guard count < limit else { return }
        count += 1
    }
}
