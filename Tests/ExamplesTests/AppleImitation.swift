import Testing

/// Whether these tests run in the imitated Apple configuration (.ci/apple-sim), where a few
/// things the imitation cannot do are skipped, each with its reason.
#if APPLE_SIM
    let isAppleImitation = true
#else
    let isAppleImitation = false
#endif

extension Trait where Self == ConditionTrait {
    /// Skips the test in the imitated Apple configuration only, for something the imitation
    /// cannot do; the reason is shown, prefixed so that .ci/apple-sim counts it.
    static func skippedInAppleImitation(_ reason: Comment) -> Self {
        .disabled(if: isAppleImitation, Comment(rawValue: "apple-sim: \(reason.rawValue)"))
    }
}
