import Dispatch

/// Runs an action once a duration has passed, unless cancelled first.
///
/// Backed by Dispatch's shared timer machinery, so a pending timeout costs no thread and no
/// sleeping task of its own.
struct DeadlineTimer {
    private let item: DispatchWorkItem

    /// The longest delay scheduled; longer timeouts are clamped to it (about 30 years).
    private static let maximumNanoseconds: Int64 = 1_000_000_000 * 60 * 60 * 24 * 365 * 30

    init(after delay: Duration, action: @escaping @Sendable () -> Void) {
        item = DispatchWorkItem(block: action)
        let nanoseconds = min(delay.nanoseconds, Self.maximumNanoseconds)
        DispatchQueue.global().asyncAfter(
            deadline: .now() + .nanoseconds(Int(nanoseconds)),
            execute: item
        )
    }

    func cancel() {
        item.cancel()
    }
}

extension Duration {
    /// The duration in whole nanoseconds, saturating instead of overflowing.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        let (total, overflowAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflowAgain { return seconds < 0 ? .min : .max }
        return total
    }

    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
