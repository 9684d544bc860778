import Publishing

/// The observable stored properties of one or more view models at one moment: what
/// `until(viewModel) { … }` shows in its timeline and what `recordChanges()` records.
struct StateSnapshot: Equatable, CustomDebugStringConvertible {
    struct Property {
        var name: String
        var value: Any
    }

    var properties: [Property]
    /// How this state failed a recorder's invariant, checked as it was read; `nil` if it held
    /// or there is none. Not part of the state: `==` ignores it.
    var brokenInvariant: String?
    /// The values of the properties that wake a change recorder, read with the state: a state
    /// read at `finish()` is new only if one of them differs. Not part of the state either.
    var wakingValues: [Any] = []

    /// The `@Published` / observed properties of `objects`; with several, each name is prefixed
    /// with its object's type.
    init(of objects: [AnyObject]) {
        properties = objects.flatMap { object in
            let prefix = objects.count > 1 ? "\(type(of: object))." : ""
            return ModelState.properties(of: object).map {
                Property(name: prefix + $0.name, value: $0.value)
            }
        }
    }

    init(properties: [Property]) {
        self.properties = properties
    }

    /// The properties whose values differ from those in `previous`; every property if there is
    /// none.
    func changes(from previous: StateSnapshot?) -> [Property] {
        guard let previous else { return properties }
        return properties.filter { property in
            guard let old = previous.properties.first(where: { $0.name == property.name }) else {
                return true
            }
            return !StateValue.areEqual(old.value, property.value)
        }
    }

    static func == (lhs: StateSnapshot, rhs: StateSnapshot) -> Bool {
        lhs.properties.count == rhs.properties.count
            && zip(lhs.properties, rhs.properties).allSatisfy {
                $0.name == $1.name && StateValue.areEqual($0.value, $1.value)
            }
    }

    var debugDescription: String { Self.describe(properties) }

    static func describe(_ properties: [Property]) -> String {
        guard !properties.isEmpty else { return "no observable properties" }
        return properties.map { "\($0.name): \(ValueDescription.of($0.value))" }
            .joined(separator: ", ")
    }
}

/// How two values of a snapshot compare: with `==` where the type is `Equatable`, by identity
/// where it is a class that is not, and otherwise by their dumped descriptions.
enum StateValue {
    static func areEqual(_ lhs: Any, _ rhs: Any) -> Bool {
        if let isEqual = equalIfEquatable(lhs, rhs) { return isEqual }
        if isReference(lhs) {
            return isReference(rhs) && (lhs as AnyObject) === (rhs as AnyObject)
        }
        return dumped(lhs) == dumped(rhs)
    }

    /// How a difference between values like `value` was found, when not with `==`.
    static func comparison(of value: Any) -> String? {
        if value is any Equatable { return nil }
        if isReference(value) {
            return "compared by identity: \(type(of: value)) is a class that is not Equatable"
        }
        return "compared by dumped description: \(type(of: value)) is not Equatable"
    }

    private static func isReference(_ value: Any) -> Bool {
        type(of: value) is AnyObject.Type
    }

    private static func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }
}

/// The lines that tell how an actual state differs from the expected one: only the differing
/// properties, and within a struct, tuple or collection, only its differing parts; optionals by
/// what they hold.
enum StateDiff {
    private static let maximumDepth = 6

    static func lines(expected: StateSnapshot, actual: StateSnapshot) -> [String] {
        var lines: [String] = []
        for property in actual.properties {
            guard let old = expected.properties.first(where: { $0.name == property.name }) else {
                continue
            }
            differences(property.name, old.value, property.value, depth: 0, into: &lines)
        }
        return lines
    }

    private static func differences(
        _ path: String, _ expectedValue: Any, _ actualValue: Any, depth: Int,
        into lines: inout [String]
    ) {
        guard !StateValue.areEqual(expectedValue, actualValue) else { return }
        // An optional is compared by what it holds, so a step that assigns a `Profile` to a
        // `Profile?` property diffs field by field, and a missing value reads as plain `nil`.
        let expected: Any
        let actual: Any
        switch (unwrapped(expectedValue), unwrapped(actualValue)) {
        case (nil, nil):
            return
        case (let wrappedExpected?, let wrappedActual?):
            (expected, actual) = (wrappedExpected, wrappedActual)
            guard !StateValue.areEqual(expected, actual) else { return }
        case (nil, let wrappedActual?):
            lines.append("  \(path): expected nil, got \(ValueDescription.of(wrappedActual))")
            return
        case (let wrappedExpected?, nil):
            lines.append("  \(path): expected \(ValueDescription.of(wrappedExpected)), got nil")
            return
        }
        let expectedMirror = Mirror(reflecting: expected)
        let actualMirror = Mirror(reflecting: actual)
        if depth < maximumDepth, let parts = matchingParts(expectedMirror, actualMirror) {
            let before = lines.count
            for (label, old, new) in parts {
                differences(path + label, old, new, depth: depth + 1, into: &lines)
            }
            // Parts that all look equal can still differ as wholes (say, by identity).
            if lines.count > before {
                if let comparison = StateValue.comparison(of: actual) {
                    lines.append("  (\(path): \(comparison))")
                }
                return
            }
        }
        var line =
            "  \(path): expected \(ValueDescription.of(expected)), got \(ValueDescription.of(actual))"
        if let comparison = StateValue.comparison(of: actual) {
            line += " (\(comparison))"
        }
        lines.append(line)
    }

    /// What `value` holds once every `Optional` around it is opened; `nil` for none.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.flatMap { unwrapped($0.value) }
    }

    /// The parts of two values to compare one by one, if they have the same shape.
    private static func matchingParts(
        _ expected: Mirror, _ actual: Mirror
    ) -> [(String, Any, Any)]? {
        guard expected.subjectType == actual.subjectType,
            let style = actual.displayStyle,
            expected.children.count == actual.children.count,
            !actual.children.isEmpty
        else { return nil }
        let pairs = zip(expected.children, actual.children)
        switch style {
        case .struct, .tuple, .class:
            guard pairs.allSatisfy({ $0.label == $1.label && $0.label != nil }) else { return nil }
            return pairs.map { (".\($1.label ?? "")", $0.value, $1.value) }
        case .collection:
            return pairs.enumerated().map { ("[\($0)]", $1.0.value, $1.1.value) }
        default:
            return nil
        }
    }
}
