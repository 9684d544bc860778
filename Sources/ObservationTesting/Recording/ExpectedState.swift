/// A view model's state as a step of ``ChangeRecorder`` describes it: `$0.isLoading = true`.
///
/// `$0.property` is the model's own property, through its key path, with its own type:
/// `$0.phase = .submitting`, `$0.attempts += 1`, `$0.items.append(item)`,
/// `$0.settings.isOn.toggle()` compile as they would on the model, the editor completes them, and
/// a renamed property is renamed in the steps. A property no key path can reach from the test (a
/// `private` one) is written by name: `$0[name: "token"] = "abc"`.
@dynamicMemberLookup
public struct ExpectedState<Model: AnyObject> {
    private(set) var snapshot: StateSnapshot
    /// The properties the step assigned by name, in order.
    private(set) var assigned: [String] = []
    /// What the step got wrong: names the model does not have, values or reads of the wrong type.
    private(set) var problems: [String] = []
    /// The key paths the recorder reads in every state (an `@Observable` model's), matched to a
    /// step's by identity: their values are in each state, so no name is needed.
    let keyPaths: [AnyKeyPath]
    /// The values of ``keyPaths`` in the state before, with the step's assignments made.
    private(set) var keyPathValues: [Any]
    /// The indices in ``keyPaths`` of those the step assigned, in order.
    private(set) var assignedKeyPaths: [Int] = []
    /// The key paths the recorder does not read that the step assigned where more than one
    /// property may be the one each reads: the step's verdict decides between them.
    var openAssignments: [OpenAssignment] = []
    /// The properties found for the other key paths of this step, each its one candidate.
    var found: [AnyKeyPath: String] = [:]
    /// The properties the recorder's earlier steps found, by key path.
    let resolutions: KeyPathResolutions
    let modelName: String
    /// The model, held for the step: a read the state cannot answer reads the model instead, so
    /// the step runs to its end and fails there; its stored properties are read to find the one
    /// a key path reads.
    let model: Model

    init(
        _ snapshot: StateSnapshot, of model: Model, keyPaths: [AnyKeyPath],
        resolutions: KeyPathResolutions = KeyPathResolutions()
    ) {
        self.snapshot = snapshot
        self.model = model
        self.resolutions = resolutions
        self.modelName = "\(Model.self)"
        // A recorder with no state yet has no values for them: its steps go by name.
        let isRead = snapshot.wakingValues.count == keyPaths.count
        self.keyPaths = isRead ? keyPaths : []
        self.keyPathValues = isRead ? snapshot.wakingValues : []
    }

    /// A property of the state, through the model's key path: `$0.isLoading = true`.
    ///
    /// A key path the recorder reads in every state is matched by identity. On Linux, a key path to
    /// a `@Published` property is matched to the property its read reaches. Any other is matched to
    /// the model's observable stored properties of its type whose value it reads now; where several
    /// remain, the step passes or fails only if it does so whichever of them it is. Only where that
    /// cannot decide is the key path found by the name it was written with; where that name cannot
    /// be told (a release build may leave a getter without its name), or is not an observable
    /// stored property of the model (a computed one), the step fails saying so.
    ///
    /// A settable computed property is read as a stored one is: while it reads the same value as
    /// one stored property of its type, it is taken for that property. Assert such a property
    /// through what it is computed from, or by name, `$0[name: "page"]`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Model, Value>) -> Value {
        mutating get {
            if let index = keyPaths.firstIndex(of: keyPath),
                let value = keyPathValues[index] as? Value
            {
                return value
            }
            if let value: Value = probedValue(of: keyPath) { return value }
            guard let name = Self.propertyName(of: keyPath) else {
                problems.append(unnamed(keyPath))
                return model[keyPath: keyPath]
            }
            guard let property = snapshot.properties.first(where: { $0.name == name }) else {
                problems.append(unknown(name))
                return model[keyPath: keyPath]
            }
            guard let value = property.value as? Value else {
                problems.append(
                    "\(modelName).\(name) is \(Self.typeName(of: property.value)), read as "
                        + "\(Self.article(Value.self)).")
                return model[keyPath: keyPath]
            }
            return value
        }
        set {
            if let index = keyPaths.firstIndex(of: keyPath) {
                keyPathValues[index] = newValue
                if !assignedKeyPaths.contains(index) { assignedKeyPaths.append(index) }
                return
            }
            if assignProbed(newValue, to: keyPath) { return }
            guard let name = Self.propertyName(of: keyPath) else {
                problems.append(unnamed(keyPath))
                return
            }
            assign(newValue, to: name)
        }
    }

    /// A property of the state by name, for one no key path reaches from the test (a `private`
    /// one): `$0[name: "token"] = "abc"`.
    ///
    /// Its value is `Any`: a read gives the property's value as it is, and cannot be of the wrong
    /// type. A name the model does not have, or a value of another type assigned, fails the step
    /// naming the property and both types.
    ///
    /// - Parameter name: The property's name, as the model declares it.
    public subscript(name name: String) -> Any? {
        mutating get {
            guard let property = snapshot.properties.first(where: { $0.name == name }) else {
                problems.append(unknown(name))
                return nil
            }
            return property.value
        }
        set { assign(newValue ?? (Optional<Any>.none as Any), to: name) }
    }

    /// A property by name, through `$0.name`: only a property of the model, with its own type.
    @available(
        *, unavailable,
        message:
            "a step reads and writes the model's own properties, through their key paths: check the name and the type of the value (write `Phase.loading` or `.loading` for the property's own type; `Int64(1)` does not fit an `Int`); for a private property, write $0[name: \"…\"]"
    )
    public subscript<Value>(dynamicMember name: String) -> Value {
        get { fatalError("unavailable") }
        set {}
    }

    /// The name of the model's property `keyPath` is, written as one member (`\.isLoading`).
    static func propertyName(of keyPath: AnyKeyPath) -> String? {
        guard let components = KeyPathNames.components(of: keyPath), components.count == 1 else {
            return nil
        }
        return components[0]
    }

    mutating func assign(_ value: Any, to name: String) {
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

    /// The type of a property whose value is a number, a `Bool` or a string (or an optional of
    /// one): such a property cannot have been declared with a wider type that another value's
    /// type could also fit, as an existential can.
    private static func plainType(of value: Any) -> Any.Type? {
        let wrapped = unwrappedType(of: value)
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

    static func typeName(of value: Any) -> String {
        article(type(of: value))
    }

    static func article(_ type: Any.Type) -> String {
        let name = "\(type)"
        return ("AEIOU".contains(name.first ?? " ") ? "an " : "a ") + name
    }

    func unnamed<Value>(_ keyPath: KeyPath<Model, Value>) -> String {
        "\(ValueDescription.of(keyPath: keyPath)) is not one property of \(modelName) whose "
            + "name this build keeps (a release build may drop it): write the step by name, "
            + "`$0[name: \"isLoading\"] = true`."
    }

    func unknown(_ name: String) -> String {
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
