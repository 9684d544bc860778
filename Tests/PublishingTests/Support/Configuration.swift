import Publishing
import Testing

// Tests only: these tests send into subjects from several tasks at once. The subjects lock
// internally and may be sent to from any thread, but neither Apple's Combine nor Linux's
// Publishing marks them `Sendable`; a view model's own code would wrap them instead. Linux's
// are declared in this package, where `@retroactive` does not apply.
#if canImport(Combine)
    // swift-format-ignore: AvoidRetroactiveConformances
    extension PassthroughSubject: @retroactive @unchecked Sendable {}
    // swift-format-ignore: AvoidRetroactiveConformances
    extension CurrentValueSubject: @retroactive @unchecked Sendable {}
#else
    // @unchecked: as above, the subjects lock internally.
    extension PassthroughSubject: @unchecked Sendable {}
    // @unchecked: as above, the subjects lock internally.
    extension CurrentValueSubject: @unchecked Sendable {}
#endif

#if canImport(Combine)
    /// Whether `Publishing` is Combine here (Apple platforms, and the imitation of them).
    let publishingIsCombine = true
#else
    let publishingIsCombine = false
#endif
#if APPLE_SIM
    let isAppleImitation = true
#else
    let isAppleImitation = false
#endif

extension Trait where Self == ConditionTrait {
    /// Skips the test in the imitated Apple configuration only, where the imitation's Combine
    /// (OpenCombine) is known to differ from Apple's; the reason is shown, prefixed so that
    /// .ci/apple-sim counts it.
    static func skippedInAppleImitation(_ reason: Comment) -> Self {
        .disabled(if: isAppleImitation, Comment(rawValue: "apple-sim: \(reason.rawValue)"))
    }
}
