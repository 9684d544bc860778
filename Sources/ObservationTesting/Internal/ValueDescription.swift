/// Formats values for failure messages.
enum ValueDescription {
    /// The longest description a message shows of one value.
    static let maximumLength = 120

    /// `String(reflecting:)`, shortened to ``maximumLength`` characters with an ellipsis.
    static func of(_ value: some Any) -> String {
        let full = String(reflecting: value)
        guard full.count > maximumLength else { return full }
        return full.prefix(maximumLength - 1) + "…"
    }
}
