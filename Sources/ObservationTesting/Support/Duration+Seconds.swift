/// The conversions timers and failure messages need.
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

    /// The longest wait: a century, far beyond any test, and far within what `Duration` holds.
    static let longestWait = Duration.seconds(100 * 365 * 24 * 60 * 60)

    /// `seconds` as a duration, capped at ``longestWait``: any finite number converts, where
    /// `Duration.seconds(_:)` traps beyond about 10^20 seconds.
    static func seconds(capping seconds: Double) -> Duration {
        seconds < longestWait.inSeconds ? .seconds(seconds) : longestWait
    }

    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in seconds with the given number of decimals, such as `0.012 s`.
    func secondsText(decimals: Int) -> String {
        let scale = (0..<decimals).reduce(1) { value, _ in value * 10 }
        let units = (inSeconds * Double(scale)).rounded()
        guard units.isFinite, abs(units) < 1e15 else { return "\(inSeconds) s" }
        let whole = Int(units)
        let sign = whole < 0 ? "-" : ""
        let integer = abs(whole) / scale
        guard decimals > 0 else { return "\(sign)\(integer) s" }
        let fraction = String(abs(whole) % scale)
        let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
        return "\(sign)\(integer).\(padded) s"
    }

    /// The duration in seconds, as short as it can be written: `1.0 s`, `0.25 s`, `0.005 s`.
    var shortSecondsText: String {
        for decimals in 1...3 {
            let text = secondsText(decimals: decimals)
            let scale = (0..<decimals).reduce(1.0) { value, _ in value * 10 }
            let scaled = inSeconds * scale
            if abs(scaled - scaled.rounded()) < 1e-6 { return text }
        }
        return secondsText(decimals: 3)
    }

    /// The duration as Swift that makes it, in the largest whole unit: `.seconds(1)`,
    /// `.milliseconds(300)`; for a suggestion a user pastes (`clock.advance(by: …)`).
    var swiftLiteral: String {
        let nanoseconds = nanoseconds
        for (unit, size) in [
            ("seconds", 1_000_000_000), ("milliseconds", 1_000_000), ("microseconds", 1_000),
        ]
        where nanoseconds % Int64(size) == 0 {
            return ".\(unit)(\(nanoseconds / Int64(size)))"
        }
        return ".nanoseconds(\(nanoseconds))"
    }
}
