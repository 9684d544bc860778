import Foundation

/// What a call asked for as its timeout, before defaults and scaling apply.
enum TimeoutRequest: Sendable {
    /// No timeout given: use the task's default, or one second.
    case unspecified
    /// A timeout given, which may be negative, zero, infinite or NaN: checked on use.
    case given(Timeout)

    init(_ timeout: (any TimeoutConvertible)?) {
        self = timeout.map { .given($0.timeoutValue) } ?? .unspecified
    }
}

/// Turns a ``TimeoutRequest`` into the real time to wait.
///
/// The order: the call's own timeout, else the task's default (`withDefaultTimeout`, or a
/// Swift Testing `.untilTimeout` trait), else one second; then multiplied by the
/// `OBSERVATION_TESTING_TIMEOUT_SCALE` environment variable, if set.
enum TimeoutPolicy {
    /// The timeout when nothing else says otherwise, as in the seed's `until`.
    static let standard: Timeout = 1

    /// The environment variable that scales every timeout, for slow machines.
    static let scaleVariable = "OBSERVATION_TESTING_TIMEOUT_SCALE"

    @TaskLocal static var taskDefault: Timeout?

    /// The scale from the environment, read once: `1` when unset.
    static let scale: Result<Double, TimeoutProblem> = parseScale(
        ProcessInfo.processInfo.environment[scaleVariable]
    )

    static func parseScale(_ text: String?) -> Result<Double, TimeoutProblem> {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .success(1)
        }
        guard let scale = Double(text.trimmingCharacters(in: .whitespaces)), scale.isFinite,
            scale > 0
        else {
            return .failure(.invalidScale(text))
        }
        return .success(scale)
    }

    static func resolve(
        _ request: TimeoutRequest,
        scale: Result<Double, TimeoutProblem> = scale
    ) -> Result<Duration, TimeoutProblem> {
        let seconds: Double
        switch request {
        case .unspecified: seconds = (taskDefault ?? standard).seconds
        case .given(let timeout): seconds = timeout.seconds
        }
        guard seconds.isFinite, seconds > 0 else { return .failure(.invalidTimeout(seconds)) }
        return scale.map { .seconds(capping: seconds * $0) }
    }
}

/// Why no timeout could be worked out.
enum TimeoutProblem: Error, Equatable {
    case invalidTimeout(Double)
    case invalidWindow(Double)
    case invalidScale(String)

    func message(helper: String) -> String {
        switch self {
        case .invalidTimeout(let seconds):
            return """
                \(helper) was given a timeout of \(seconds) s, which cannot be waited for.

                Pass a positive, finite timeout, such as 1 or .seconds(1).
                """
        case .invalidWindow(let seconds):
            return """
                \(helper) was given a window of \(seconds) s, in which nothing can be watched.

                Pass a positive, finite window, such as 0.2 or .milliseconds(200).
                """
        case .invalidScale(let text):
            return """
                \(helper) cannot work out its timeout: \(TimeoutPolicy.scaleVariable) is \
                "\(text)", which is not a positive number.

                Set it to a positive number, such as 3 on a slow machine, or unset it.
                """
        }
    }
}
