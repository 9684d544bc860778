/// Writes a value as Swift source that makes it, for the code a failure offers to paste.
///
/// A value is written from its structure (its `Mirror`), never from its description, which a
/// type may make anything (`0:item 0`). What the source cannot be sure to make is written as an
/// editor placeholder naming the type: `<#Service instance#>`. Pasted, it does not compile
/// until it is replaced, where a guess could compile and mean something else.
///
/// - Numbers, `Bool`, strings: literals (`0.1`, `#"say "hi""#`); a type a literal does not
///   default to names itself (`Int8(3)`, `Float(0.5)`, `Character("a")`, `Double.infinity`).
/// - Optionals: what they hold, or `nil`, which an optional place accepts.
/// - Arrays, sets, dictionaries: `[1, 2]`, `Set(["a"])`, `["a": 1]`, `[Item]()`; a set's
///   elements and a dictionary's entries sorted by their source, so each run writes the same.
/// - Structs: the memberwise initializer, `Item(id: 1, name: "a")`, with the stored
///   properties a mirror shows. That compiles for a struct of the user's own, whose memberwise
///   initializer a test sees (`@testable import`), or one with a public initializer taking the
///   same labels; not for one with an `init` of its own or a `let` given a value, which no
///   mirror tells apart. A struct of the standard library, Foundation or another framework,
///   whose initializers take no private storage, or one with a property no initializer takes
///   (a property wrapper's `_x`, a lazy property's storage) is a placeholder.
/// - Enums: `Phase.loaded(1)`, `Phase.failed(message: "x")`; `.loaded(1)` for a place of
///   the value's type. A case without a payload, of a type with its own description, is
///   named by its raw value (`Phase(rawValue: "idle")!`), or a placeholder if it has none.
/// - Tuples: `(1, "a")`, `(x: 1, y: 2)`. Classes: a placeholder, since a new instance would not
///   be the same one. `Date`, `URL`, `UUID`, `Data`, `Decimal`, `Duration`, ranges: by their
///   initializers or operators.
enum SwiftLiteral {
    /// The longest source a message shows of one value; a longer one is a placeholder.
    static let maximumLength = ValueDescription.maximumLength * 2

    /// `value` as Swift source that makes an equal value.
    ///
    /// - Parameters:
    ///   - value: The value to write.
    ///   - isForTypedPlace: Whether the source goes where the value's type is known, such as a
    ///     change recorder's step (`$0.phase = .loading`, through the model's key path), where
    ///     `.loading`, `[]` and `3` are enough. `false` is for a place with no type of its own
    ///     (an `Any`), where every part must name its type: `Phase.loading`, `[Item]()`,
    ///     `Int8(3)`.
    static func of(_ value: Any, isForTypedPlace: Bool = false) -> String {
        let writer = Writer(placesAreTyped: isForTypedPlace)
        let text = writer.write(value, typed: isForTypedPlace).text
        guard text.count <= maximumLength else {
            return placeholder("\(typeName(of: type(of: unwrapped(value)))), too long to show")
        }
        return text
    }

    static func placeholder(_ text: String) -> String {
        "<#\(text)#>"
    }

    /// What `value` holds once every `Optional` around it is opened, or `value` if `nil`.
    private static func unwrapped(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value else {
            return value
        }
        return unwrapped(wrapped)
    }

    /// Source for a value, and whether it makes a value of that type with no type given by where
    /// it goes: `Int8(3)` does; `3` does not, nor `nil`, nor what an optional holds.
    struct Code {
        var text: String
        var namesItsType: Bool
    }

    struct Writer {
        /// Whether every place a value goes has that value's type: a struct's property, a
        /// payload. When not, every part is written so that it names its type, since a place
        /// declared `Any` or `any P` gives none.
        let placesAreTyped: Bool

        /// `value` as source; `typed` when the place it goes has its type.
        func write(_ value: Any, typed: Bool) -> Code {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional { return optional(mirror, typed: typed) }
            if type(of: value) == AnyHashable.self, let hashable = value as? AnyHashable {
                return Code(text: write(hashable.base, typed: true).text, namesItsType: false)
            }
            if let code = scalar(value, typed: typed) { return code }
            if let range = value as? any RangeShape { return self.range(range, typed: typed) }
            if let array = value as? any ArrayShape { return self.array(array, typed: typed) }
            if let set = value as? any SetShape { return self.set(set, typed: typed) }
            if let dictionary = value as? any DictionaryShape {
                return self.dictionary(dictionary, typed: typed)
            }
            let name = typeName(of: type(of: value), asPrefix: true)
            if type(of: value) is AnyClass {
                return Code(placeholder: "\(name) instance")
            }
            if mirror.displayStyle == .tuple { return tuple(mirror, of: value, typed: typed) }
            // A custom mirror shows what its type chooses, not what an initializer takes.
            if value is any CustomReflectable { return Code(placeholder: name) }
            switch mirror.displayStyle {
            case .enum: return enumCase(value, mirror, named: name)
            case .struct: return structure(value, mirror, named: name)
            default: return Code(placeholder: name)
            }
        }

        /// What the optional holds, which an optional place takes; `nil`. An optional holding
        /// `nil` is `.some(nil)`, since `nil` alone would be the outer one.
        private func optional(_ mirror: Mirror, typed: Bool) -> Code {
            guard let wrapped = mirror.children.first?.value else {
                return Code(text: "nil", namesItsType: false)
            }
            let inner = Mirror(reflecting: wrapped)
            guard inner.displayStyle == .optional, holdsNil(inner) else {
                return Code(text: write(wrapped, typed: typed).text, namesItsType: false)
            }
            let some = ".some(\(write(wrapped, typed: true).text))"
            guard !typed else { return Code(text: some, namesItsType: false) }
            return Code(text: typeName(of: mirror.subjectType, asPrefix: true) + some)
        }

        private func holdsNil(_ mirror: Mirror) -> Bool {
            guard let wrapped = mirror.children.first?.value else { return true }
            let inner = Mirror(reflecting: wrapped)
            return inner.displayStyle == .optional && holdsNil(inner)
        }

        private func array(_ array: any ArrayShape, typed: Bool) -> Code {
            let elements = array.anyElements
            let elementType = type(of: array).elementType
            let type = "[\(existentialName(of: elementType, holding: elements))]"
            if elements.isEmpty {
                return typed ? Code(text: "[]", namesItsType: false) : Code(text: "\(type)()")
            }
            return listed(
                elements, of: elementType, typed: typed,
                form: { parts, _ in "[" + parts.joined(separator: ", ") + "]" },
                coercedTo: { "\($0) as \(type)" })
        }

        private func set(_ set: any SetShape, typed: Bool) -> Code {
            let elements = set.anyElements
            let elementType = Swift.type(of: set).elementType
            let type = "Set<\(typeName(of: elementType))>"
            if elements.isEmpty {
                return typed ? Code(text: "[]", namesItsType: false) : Code(text: "\(type)()")
            }
            return listed(
                elements, of: elementType, typed: typed,
                form: { parts, typed in
                    let list = "[" + parts.sorted().joined(separator: ", ") + "]"
                    return typed ? list : "Set(\(list))"
                },
                coercedTo: { "\(type)(\($0))" })
        }

        /// `elements` in a list `form` makes: written each naming its type, if they then name
        /// the list's; otherwise with the list's type given (`coercedTo`), so the elements have
        /// it as theirs.
        private func listed(
            _ elements: [Any], of elementType: Any.Type, typed: Bool,
            form: ([String], _ typed: Bool) -> String, coercedTo coerce: (String) -> String
        ) -> Code {
            if typed {
                let parts = elements.map { write($0, typed: true).text }
                return Code(text: form(parts, true), namesItsType: false)
            }
            let parts = elements.map { write($0, typed: false) }
            if parts.allSatisfy(\.namesItsType),
                elements.allSatisfy({ type(of: $0) == elementType })
            {
                return Code(text: form(parts.map(\.text), false))
            }
            return Code(text: coerce(form(elements.map { write($0, typed: true).text }, true)))
        }

        private func dictionary(_ dictionary: any DictionaryShape, typed: Bool) -> Code {
            let entries = dictionary.anyEntries
            let shape = type(of: dictionary)
            let type =
                "[\(typeName(of: shape.keyType)): "
                + "\(existentialName(of: shape.valueType, holding: entries.map(\.value)))]"
            if entries.isEmpty {
                return typed ? Code(text: "[:]", namesItsType: false) : Code(text: "\(type)()")
            }
            func written(typed: Bool) -> (text: String, namesItsType: Bool) {
                let parts = entries.map {
                    (key: write($0.key, typed: typed), value: write($0.value, typed: typed))
                }
                let text =
                    "["
                    + parts.map { "\($0.key.text): \($0.value.text)" }.sorted()
                    .joined(separator: ", ") + "]"
                let names =
                    parts.allSatisfy { $0.key.namesItsType && $0.value.namesItsType }
                    && entries.allSatisfy {
                        Swift.type(of: $0.key) == shape.keyType
                            && Swift.type(of: $0.value) == shape.valueType
                    }
                return (text, names)
            }
            if typed { return Code(text: written(typed: true).text, namesItsType: false) }
            let untyped = written(typed: false)
            if untyped.namesItsType { return Code(text: untyped.text) }
            return Code(text: "\(written(typed: true).text) as \(type)")
        }

        /// `1..<3`; bounds that do not name their type have the range's given.
        private func range(_ range: any RangeShape, typed: Bool) -> Code {
            let shape = type(of: range)
            func written(typed: Bool) -> [Code] {
                range.anyBounds.map { write($0, typed: typed) }
            }
            func text(_ bounds: [Code]) -> String {
                bounds[0].text + shape.operatorText + bounds[1].text
            }
            if typed { return Code(text: text(written(typed: true)), namesItsType: false) }
            let bounds = written(typed: false)
            if bounds.allSatisfy(\.namesItsType) { return Code(text: text(bounds)) }
            return Code(text: "(\(text(written(typed: true)))) as \(typeName(of: shape))")
        }

        /// `(1, "a")`, `(x: 1, y: 2)`.
        private func tuple(_ mirror: Mirror, of value: Any, typed: Bool) -> Code {
            func written(typed: Bool) -> [(label: String?, code: Code)] {
                mirror.children.map { child in
                    let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
                    return (label, write(child.value, typed: typed))
                }
            }
            func text(_ parts: [(label: String?, code: Code)]) -> String {
                "("
                    + parts.map { ($0.label.map { "\($0): " } ?? "") + $0.code.text }
                    .joined(separator: ", ") + ")"
            }
            if typed { return Code(text: text(written(typed: true)), namesItsType: false) }
            let parts = written(typed: false)
            if parts.allSatisfy(\.code.namesItsType) { return Code(text: text(parts)) }
            return Code(
                text: "\(text(written(typed: true))) as \(typeName(of: type(of: value)))")
        }

        /// `Phase.failed(message: "x")`: the case is the child's label, and the payload its
        /// value, a tuple if the case has labels or more than one value.
        private func enumCase(_ value: Any, _ mirror: Mirror, named name: String) -> Code {
            let prefix = placesAreTyped ? "" : name
            if let payload = mirror.children.first, let caseName = payload.label {
                let payloadMirror = Mirror(reflecting: payload.value)
                let arguments =
                    payloadMirror.displayStyle == .tuple
                    ? payloadMirror.children.map { ($0.label, $0.value) }
                    : [(nil, payload.value)]
                let list = arguments.map { label, value in
                    let label = label.flatMap { $0.hasPrefix(".") ? nil : "\($0): " } ?? ""
                    return label + write(value, typed: placesAreTyped).text
                }
                return Code(
                    text: "\(prefix).\(memberName(caseName))(\(list.joined(separator: ", ")))",
                    namesItsType: !placesAreTyped)
            }
            if let caseName = Self.caseName(of: value) {
                return Code(
                    text: "\(prefix).\(memberName(caseName))", namesItsType: !placesAreTyped)
            }
            if let raw = value as? any RawRepresentable {
                let rawValue = write(raw.rawValue, typed: placesAreTyped).text
                return Code(text: "\(name)(rawValue: \(rawValue))!")
            }
            return Code(placeholder: name)
        }

        /// A payload-free case's name, where its type has no description of its own to hide it.
        private static func caseName(of value: Any) -> String? {
            guard
                !(value is any CustomStringConvertible || value is any CustomDebugStringConvertible
                    || value is any TextOutputStreamable)
            else { return nil }
            let name = String(describing: value)
            return isIdentifier(name) ? name : nil
        }

        /// The memberwise initializer: `Item(id: 1, name: "a")`.
        private func structure(_ value: Any, _ mirror: Mirror, named name: String) -> Code {
            guard !isFramework(type(of: value)) else { return Code(placeholder: name) }
            var arguments: [String] = []
            for child in mirror.children {
                // No initializer takes `_x` (a property wrapper's storage, or a private
                // property by convention) or `$__lazy_storage_$_x` (a lazy property's).
                guard let label = child.label, isIdentifier(label), !label.hasPrefix("_") else {
                    return Code(placeholder: name)
                }
                arguments.append("\(label): \(write(child.value, typed: placesAreTyped).text)")
            }
            return Code(text: "\(name)(\(arguments.joined(separator: ", ")))")
        }

        /// A member name as it follows a dot: those few that mean something else there are
        /// quoted.
        private func memberName(_ name: String) -> String {
            ["self", "Type", "Protocol", "init"].contains(name) ? "`\(name)`" : name
        }

        /// The name of the type elements are held as: `any Shape` for a protocol, which the
        /// elements do not share, as a list's type, `[any Shape]`, writes it.
        private func existentialName(of type: Any.Type, holding values: [Any]) -> String {
            let name = typeName(of: type)
            let isExistential =
                !(type is any OptionalType.Type) && !(type is AnyClass)
                && values.contains { Swift.type(of: $0) != type }
            guard isExistential, !["Any", "AnyObject"].contains(name) else { return name }
            return "any \(name)"
        }
    }
}

extension SwiftLiteral.Code {
    /// Source that names its type.
    init(text: String) {
        self.init(text: text, namesItsType: true)
    }

    /// An editor placeholder: it does not compile until replaced with what it says.
    init(placeholder: String) {
        self.init(text: SwiftLiteral.placeholder(placeholder))
    }
}

/// Whether `text` is a plain Swift identifier: a case name, a property name.
private func isIdentifier(_ text: String) -> Bool {
    guard let first = text.first, first.isLetter || first == "_" else { return false }
    return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
}
