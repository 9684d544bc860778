public import Foundation

/// How long a wait may take, or watch: a number of seconds, or a `Duration`.
///
/// Every `timeout:` and `idleTimeout:` takes one, as do the `for:` windows of `never` and
/// `stays`, ``withDefaultTimeout(_:isolation:operation:)`` and the `.untilTimeout` trait. Write a
/// literal in seconds, a unit, or pass a `TimeInterval` or `Duration` value you have:
///
/// ```swift
/// await until(viewModel.$isLoading, satisfies: [{ !$0 }], timeout: 3)
/// await until(viewModel.$isLoading, satisfies: [{ !$0 }], timeout: 0.5)
/// await until(viewModel.$isLoading, satisfies: [{ !$0 }], timeout: .milliseconds(200))
/// await until(viewModel.$isLoading, satisfies: [{ !$0 }], timeout: interval)  // a TimeInterval
/// await until(viewModel.$isLoading, satisfies: [{ !$0 }], timeout: duration)  // a Duration
/// ```
///
/// Those parameters take ``TimeoutConvertible``, which `Timeout`, `Double` (`TimeInterval`),
/// `Int` and `Duration` adopt, so a value in a variable, or a helper's own `timeout` parameter,
/// is passed on as it is.
///
/// A timeout that is zero, negative or not finite is reported as a failure by the wait that is
/// given it, naming the value; it never crashes. One longer than a century waits a century.
/// `OBSERVATION_TESTING_TIMEOUT_SCALE` scales every timeout, for slow machines.
public struct Timeout: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// The timeout in seconds; checked when a wait uses it.
    let seconds: Double

    /// A timeout of `duration`.
    ///
    /// - Parameter duration: How long to wait.
    public init(_ duration: Duration) {
        seconds = duration.inSeconds
    }

    /// A timeout of `seconds`, such as a `TimeInterval`.
    ///
    /// - Parameter seconds: How long to wait, in seconds.
    public init(_ seconds: TimeInterval) {
        self.seconds = seconds
    }

    /// A timeout of a whole number of seconds: `timeout: 3`.
    ///
    /// - Parameter value: The number of seconds.
    public init(integerLiteral value: Int) {
        seconds = Double(value)
    }

    /// A timeout of a number of seconds: `timeout: 0.5`.
    ///
    /// - Parameter value: The number of seconds.
    public init(floatLiteral value: Double) {
        seconds = value
    }

    /// The timeout as short as it can be written, such as `0.5 s`.
    public var description: String {
        abs(seconds) < Duration.longestWait.inSeconds
            ? Duration.seconds(seconds).shortSecondsText : "\(seconds) s"
    }
}

/// A value that a `timeout:`, an `idleTimeout:` or a `for:` window accepts: a ``Timeout``, a
/// number of seconds (a `TimeInterval`, `Double` or `Int`), or a `Duration`.
///
/// The parameters take `any TimeoutConvertible`, so a value held in a variable or passed down as
/// a helper's own parameter works as a literal does:
///
/// ```swift
/// func waitUntilLoaded(_ viewModel: ViewModel, timeout: TimeInterval = 1) async {
///     await until(viewModel.$isLoading, satisfies: [{ !$0 }], timeout: timeout)
/// }
/// ```
public protocol TimeoutConvertible: Sendable {
    /// The value as a ``Timeout``.
    var timeoutValue: Timeout { get }
}

extension Timeout: TimeoutConvertible {
    /// The timeout itself.
    public var timeoutValue: Timeout { self }
}

extension Double: TimeoutConvertible {
    /// A timeout of this many seconds: a `TimeInterval`, or a float literal such as `0.5`.
    public var timeoutValue: Timeout { Timeout(self) }
}

extension Int: TimeoutConvertible {
    /// A timeout of this many seconds: an integer literal such as `3`, or an `Int` value.
    public var timeoutValue: Timeout { Timeout(Double(self)) }
}

extension Duration: TimeoutConvertible {
    /// A timeout of this duration.
    public var timeoutValue: Timeout { Timeout(self) }
}

// In a protocol extension, not in `Timeout`, so that `.seconds(_)` and `.milliseconds(_)` are
// found where a parameter is `any TimeoutConvertible`, and are still `Timeout`'s own.
extension TimeoutConvertible where Self == Timeout {
    /// A timeout of `seconds` seconds.
    ///
    /// - Parameter seconds: The number of seconds.
    /// - Returns: The timeout.
    public static func seconds(_ seconds: Double) -> Timeout {
        Timeout(seconds)
    }

    /// A timeout of `milliseconds` thousandths of a second.
    ///
    /// - Parameter milliseconds: The number of milliseconds.
    /// - Returns: The timeout.
    public static func milliseconds(_ milliseconds: Double) -> Timeout {
        Timeout(milliseconds / 1000)
    }
}
