/// Formats values for failure messages.
enum ValueDescription {
    /// The longest description a message shows of one value.
    static let maximumLength = 120

    /// `String(reflecting:)`, without the context of local types, shortened to
    /// ``maximumLength`` characters with an ellipsis.
    ///
    /// A collection cut short keeps its count in view, since it is often what the test checks:
    /// `[Post(title: "a"), Post(… 12 elements]`.
    static func of(_ value: some Any) -> String {
        let full = withoutLocalContext(String(reflecting: value))
        guard full.count > maximumLength else { return full }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .collection, .set, .dictionary:
            let count = Self.count(mirror.children.count, "element", "elements")
            let end = full.first == "[" && full.last == "]" ? "… \(count)]" : "… (\(count))"
            return full.prefix(maximumLength - end.count) + end
        default:
            return full.prefix(maximumLength - 1) + "…"
        }
    }

    /// How a key path names itself: `\Post.title`, `\Array<Post>.count`.
    ///
    /// On Linux a computed property prints as `<computed 0x… (Int)>`, an address, which
    /// ``KeyPathNames`` names from the binary's symbol table. Where that fails (a subscript, a
    /// stripped binary), the key path is named by its types instead,
    /// `a key path of Array<Post> (Int)`, or by the names it has,
    /// `\Shelf.posts, then a computed property (Int)`.
    static func of<Root, Property>(keyPath: KeyPath<Root, Property>) -> String {
        let described = String(describing: keyPath)
        guard described.contains("<computed ") else { return withoutLocalContext(described) }
        if let named = KeyPathNames.description(of: keyPath) { return withoutLocalContext(named) }
        let text = withoutLocalContext(described)
        guard let computed = text.firstRange(of: ".<computed ") else { return text }
        let property = withoutLocalContext(String(describing: Property.self))
        let named = text[..<computed.lowerBound]
        let root = "\\" + withoutLocalContext(String(describing: Root.self))
        guard named.count > root.count else {
            return "a key path of \(root.dropFirst()) (\(property))"
        }
        return "\(named), then a computed property (\(property))"
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
