/// A view model's state as a step of ``ChangeRecorder`` describes it: `$0.isLoading = true`.
///
/// Properties are found by name, as the model declares them; the value assigned gives the type.
@dynamicMemberLookup
public struct ExpectedState {
    private(set) var snapshot: StateSnapshot
    /// The properties the step assigned, in order.
    private(set) var assigned: [String] = []
    /// What the step got wrong: names the model does not have, values or reads of the wrong type.
    private(set) var problems: [String] = []
    private let modelName: String
    /// The step's call site, where a mistake that cannot wait for the step's end is recorded.
    private let callSite: CallSite

    init(_ snapshot: StateSnapshot, modelName: String, at callSite: CallSite) {
        self.snapshot = snapshot
        self.modelName = modelName
        self.callSite = callSite
    }

    /// A property of the state, by name.
    ///
    /// Read with a type it does not have, or by a name the model does not have, the step fails
    /// naming the property and both types; the read gives a stand-in (zero, empty, `nil`,
    /// `false`, or a plain struct or enum of all zero bytes) so the step can run to its end. A
    /// type with none (one holding a string, a collection or a class) cannot go on: the failure
    /// is recorded, then the test process stops.
    public subscript<Value>(dynamicMember name: String) -> Value {
        mutating get {
            guard let property = snapshot.properties.first(where: { $0.name == name }) else {
                return standIn(reporting: unknown(name))
            }
            guard let value = property.value as? Value else {
                return standIn(
                    reporting: "\(modelName).\(name) is \(Self.typeName(of: property.value)), "
                        + "read as \(Self.article(Value.self))."
                )
            }
            return value
        }
        set { assign(newValue, to: name) }
    }

    /// An optional property of the state set to `nil`: `$0.error = nil`.
    public subscript(dynamicMember name: String) -> _OptionalNilComparisonType {
        get { nil }
        set { assign(Optional<Any>.none as Any, to: name) }
    }

    private mutating func assign(_ value: Any, to name: String) {
        guard let index = snapshot.properties.firstIndex(where: { $0.name == name }) else {
            problems.append(unknown(name))
            return
        }
        let current = snapshot.properties[index].value
        if let declared = Self.plainType(of: current), !Self.value(value, isA: declared) {
            problems.append(
                "\(modelName).\(name) is \(Self.typeName(of: current)), assigned "
                    + "\(Self.article(type(of: value))) (\(ValueDescription.of(value))).")
            return
        }
        snapshot.properties[index].value = value
        if !assigned.contains(name) { assigned.append(name) }
    }

    /// Notes a mistaken read, and gives a value of the type read so the step can finish.
    private mutating func standIn<Value>(reporting problem: String) -> Value {
        problems.append(problem)
        if let standIn = StandIn.value(of: Value.self) { return standIn }
        FailureReporter.record(
            "ChangeRecorder.next(_:) failed: \(problem) There is no stand-in value of type "
                + "\(Value.self) to go on with, so the test process stops here.",
            at: callSite)
        fatalError("ChangeRecorder.next(_:): \(problem)")
    }

    /// The type of a property whose value is a number, a `Bool` or a string (or an optional of
    /// one): such a property cannot have been declared with a wider type that another value's
    /// type could also fit, as an existential can.
    private static func plainType(of value: Any) -> Any.Type? {
        let wrapped = StandIn.unwrappedType(of: value)
        let plain: [Any.Type] = [
            Bool.self, String.self, Character.self, Int.self, Int8.self, Int16.self, Int32.self,
            Int64.self, UInt.self, UInt8.self, UInt16.self, UInt32.self, UInt64.self,
            Double.self, Float.self,
        ]
        return plain.contains { $0 == wrapped } ? type(of: value) : nil
    }

    private static func value(_ value: Any, isA type: Any.Type) -> Bool {
        func check<T>(_: T.Type) -> Bool { value is T }
        return check(type)
    }

    private static func typeName(of value: Any) -> String {
        article(type(of: value))
    }

    private static func article(_ type: Any.Type) -> String {
        let name = "\(type)"
        return ("AEIOU".contains(name.first ?? " ") ? "an " : "a ") + name
    }

    private func unknown(_ name: String) -> String {
        let names = snapshot.properties.map(\.name).joined(separator: ", ")
        return "\(modelName) has no observable property '\(name)'; it has: \(names)."
    }
}

extension StateSnapshot {
    /// Only the properties named.
    func restricted(to names: [String]) -> StateSnapshot {
        StateSnapshot(properties: properties.filter { names.contains($0.name) })
    }
}
