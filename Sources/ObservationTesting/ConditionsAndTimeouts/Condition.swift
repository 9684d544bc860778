/// A test on a value, with an optional label that failure messages show.
///
/// Pass closures where a label adds nothing, and conditions where it helps the message:
///
/// ```swift
/// await until(viewModel.$isLoading, satisfies: [.equals(true), .equals(false)])
/// await until(viewModel.$items, satisfies: [.matches(\.count, 3)])
/// await until(viewModel.$items, satisfies: [Condition("has items") { !$0.isEmpty }])
/// ```
public struct Condition<Value> {
    /// How failure messages name the condition; `nil` shows only its position.
    public var label: String? { makeLabel() }
    /// Makes ``label`` when a message asks for it: naming a key path can read the binary's
    /// symbol table, which a wait that succeeds must not pay for.
    @usableFromInline let makeLabel: () -> String?
    @usableFromInline let predicate: (Value) throws -> Bool
    /// Whether this is a ``never(_:_:)`` step: a value meeting it fails the wait.
    @usableFromInline let isForbidding: Bool

    /// Creates a condition from a closure.
    ///
    /// - Parameters:
    ///   - label: How failure messages name the condition.
    ///   - predicate: Returns `true` when a value meets the condition. An error it throws fails
    ///     the wait and is named in the failure message.
    public init(_ label: String? = nil, _ predicate: @escaping (Value) throws -> Bool) {
        self.init(label, isForbidding: false, predicate)
    }

    @usableFromInline
    init(
        _ label: String?,
        isForbidding: Bool,
        _ predicate: @escaping (Value) throws -> Bool
    ) {
        self.init(makingLabel: { label }, isForbidding: isForbidding, predicate)
    }

    @usableFromInline
    init(
        makingLabel makeLabel: @escaping () -> String?,
        isForbidding: Bool,
        _ predicate: @escaping (Value) throws -> Bool
    ) {
        self.makeLabel = makeLabel
        self.isForbidding = isForbidding
        self.predicate = predicate
    }

    /// Tests `value`.
    ///
    /// - Parameter value: The value to test.
    /// - Returns: Whether `value` meets the condition.
    public func isMet(by value: Value) throws -> Bool {
        try predicate(value)
    }

    /// The same test under another label.
    ///
    /// - Parameter label: How failure messages name the condition.
    /// - Returns: A condition with the same test and the new label.
    public func labeled(_ label: String) -> Condition {
        Condition(label, isForbidding: isForbidding, predicate)
    }

    /// The same condition over values erased to `Any`, for the engine; `met` is handed each
    /// value that meets it, still typed (unless it is a `never` step, which takes no value).
    ///
    /// Inlinable, so that the verbs' forwarders erase conditions specialised for the value type.
    @inlinable
    func erased(met: MatchedValues<Value>? = nil) -> Condition<Any> {
        let predicate = predicate
        guard let met, !isForbidding else {
            return Condition<Any>(makingLabel: makeLabel, isForbidding: isForbidding) {
                try predicate($0 as! Value)
            }
        }
        return Condition<Any>(makingLabel: makeLabel, isForbidding: isForbidding) {
            let value = $0 as! Value
            guard try predicate(value) else { return false }
            met.values.append(value)
            return true
        }
    }

    /// A step that no value may meet until the next condition in the list is met.
    ///
    /// Place it between two conditions to say what must not happen in between; a value that
    /// meets it fails the wait at once. A `never` step takes no value of its own, and the
    /// values returned are only those that met ordinary conditions.
    ///
    /// ```swift
    /// await until(viewModel.$state, satisfies: [
    ///     .matches(\.isLoading, true),
    ///     .never("an error") { $0.error != nil },
    ///     .matches(\.isLoading, false),
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - label: How failure messages name the forbidden state.
    ///   - predicate: Returns `true` for a value that must not arrive.
    /// - Returns: The step.
    public static func never(
        _ label: String? = nil,
        _ predicate: @escaping (Value) throws -> Bool
    ) -> Condition {
        Condition(label, isForbidding: true, predicate)
    }
}

extension Condition where Value: Equatable {
    /// A condition met by a value equal to `expected`, labelled `== expected`.
    ///
    /// - Parameter expected: The value to wait for.
    /// - Returns: The condition.
    public static func equals(_ expected: Value) -> Condition {
        Condition("== \(ValueDescription.of(expected))") { $0 == expected }
    }
}

extension Condition {
    // swift-format-ignore
    /// Not available: `.equals` compares values, so their type must be `Equatable`.
    ///
    /// It exists so that the compiler names what is missing, instead of an unrelated overload.
    @available(
        *, unavailable,
        message: "Condition.equals needs an Equatable value; make the type Equatable, compare one of its properties with .matches(\\.property, value), or pass a closure"
    )
    public static func equals(_ expected: Value) -> Condition {
        Condition { _ in false }
    }

    /// A condition met when the property at `keyPath` equals `expected`.
    ///
    /// - Parameters:
    ///   - keyPath: The property of the value to compare, such as `\.count`.
    ///   - expected: The property value to wait for.
    /// - Returns: The condition, labelled with the key path and the expected value.
    public static func matches<Property: Equatable>(
        _ keyPath: KeyPath<Value, Property>,
        _ expected: Property
    ) -> Condition {
        let expectation = ValueDescription.of(expected)
        return Condition(
            makingLabel: { "\(ValueDescription.of(keyPath: keyPath)) == \(expectation)" },
            isForbidding: false,
            { $0[keyPath: keyPath] == expected })
    }

    /// A condition met by any value: useful to wait for the next emission.
    public static var any: Condition {
        Condition("any value") { _ in true }
    }
}
