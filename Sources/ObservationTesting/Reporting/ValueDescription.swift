/// Formats values for failure messages.
enum ValueDescription {
    /// The longest description a message shows of one value.
    static let maximumLength = 120

    /// `String(reflecting:)`, without the context of local types, shortened to
    /// ``maximumLength`` characters with an ellipsis.
    static func of(_ value: some Any) -> String {
        let full = withoutLocalContext(String(reflecting: value))
        guard full.count > maximumLength else { return full }
        return full.prefix(maximumLength - 1) + "…"
    }

    /// `String(reflecting:)`, without the context of local types, not shortened: for the full
    /// timeline beside a failure.
    static func whole(_ value: some Any) -> String {
        withoutLocalContext(String(reflecting: value))
    }

    /// A count with its noun, as messages write it: `1 change`, `3 changes`.
    static func count(_ count: Int, _ singular: String, _ plural: String) -> String {
        count == 1 ? "1 \(singular)" : "\(count) \(plural)"
    }

    /// Drops what names a type declared in a function, such as
    /// `Module.(unknown context at $55d0c8).Boom()`: an address that helps nobody. What is left,
    /// `Boom()`, is how the test wrote it.
    static func withoutLocalContext(_ text: String) -> String {
        guard text.contains("(unknown context at $") else { return text }
        return text.replacing(#/(?:\w+\.)*\(unknown context at \$[0-9a-fA-F]+\)\./#, with: "")
    }
}
