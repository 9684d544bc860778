import Publishing

/// Key paths named as the user wrote them: `\Array<Int>.count`, `["items", "count"]`.
///
/// `String(describing:)` names stored properties, but where the runtime cannot find a computed
/// property's getter by its symbol (on Linux, always: the getter is a local symbol) it prints
/// `<computed 0x55d0c8f54630 (Int)>`. On Linux that address is looked up in the symbol table of
/// the file the code was loaded from, and the getter's demangled name gives the property's.
///
/// In an optimized build (`-c release`) most of the getters key paths point to have no symbol,
/// so those are not named.
///
/// Every answer is exact or `nil`: a name is never guessed, since callers match it against
/// property names. Naming reads symbol tables, so failure messages do it, and a change step
/// only where the properties a key path may be give the step different verdicts; never a
/// wait.
enum KeyPathNames {
    /// Counts the key paths asked for in a task that binds it (and its child tasks): tests
    /// prove with it that a step that passes names none.
    @TaskLocal static var lookups: Locked<Int>?

    /// A key path's names, for ``KeyPathNames/description(of:)`` and
    /// ``KeyPathNames/components(of:)``.
    private struct Naming {
        var description: String
        /// `nil` where the key path chains or forces an optional: those steps are no property.
        var components: [String]?
    }

    private static let namings = Locked<[AnyKeyPath: Naming?]>([:])

    /// Each component's property name, as written: `["items", "count"]` for
    /// `\Shelf.items.count`.
    ///
    /// - Returns: The names, or `nil` where one component is not a property that can be named:
    ///   a subscript, an optional chained or forced (`?`, `!`), a getter whose symbol is not in
    ///   the binary (stripped, or not found), or the identity key path `\.self`.
    static func components(of keyPath: AnyKeyPath) -> [String]? {
        naming(of: keyPath)?.components
    }

    /// `String(describing: keyPath)` with each computed component named:
    /// `\Array<Int>.count`, `\Opt.shelf?.total?`.
    ///
    /// - Returns: The text, or `nil` where one component cannot be named.
    static func description(of keyPath: AnyKeyPath) -> String? {
        naming(of: keyPath)?.description
    }

    private static func naming(of keyPath: AnyKeyPath) -> Naming? {
        lookups?.withLock { $0 += 1 }
        if let named = namings.withLock({ $0[keyPath] }) { return named }
        let named = read(keyPath)
        namings.withLock { $0[keyPath] = named }
        return named
    }

    /// Reads `String(describing: keyPath)` component by component after its root type:
    /// `.items`, `.<computed 0x… (Int)>`, each perhaps followed by `?` or `!`.
    private static func read(_ keyPath: AnyKeyPath) -> Naming? {
        let text = String(describing: keyPath)
        let root = "\\" + String(describing: type(of: keyPath).rootType)
        guard text.hasPrefix(root), text.count > root.count else { return nil }
        var rest = text.dropFirst(root.count)
        var description = root
        var components: [String]? = []
        while !rest.isEmpty {
            guard rest.first == "." else { return nil }
            rest = rest.dropFirst()
            let name: String
            if let computed = computedComponent(at: rest) {
                guard let named = self.name(ofGetterAt: computed.address) else { return nil }
                name = named
                rest = computed.rest
            } else {
                let stored = rest.prefix { !".?!".contains($0) }
                guard isPropertyName(stored) else { return nil }
                name = String(stored)
                rest = rest.dropFirst(stored.count)
            }
            let optional = rest.prefix { $0 == "?" || $0 == "!" }
            rest = rest.dropFirst(optional.count)
            components = optional.isEmpty ? components.map { $0 + [name] } : nil
            description += "." + name + optional
        }
        return Naming(description: description, components: components)
    }

    /// The getter's address in `<computed 0x55d0c8f54630 (Int)>`, and the text after the `>`.
    private static func computedComponent(
        at text: Substring
    ) -> (address: UInt, rest: Substring)? {
        let prefix = "<computed 0x"
        guard text.hasPrefix(prefix) else { return nil }
        let digits = text.dropFirst(prefix.count).prefix(while: \.isHexDigit)
        guard let address = UInt(digits, radix: 16) else { return nil }
        let type = text[digits.endIndex...]
        guard type.hasPrefix(" (") else { return nil }
        // The value's type may hold parentheses of its own: `(Optional<(Int) -> ()>)`.
        var depth = 0
        for index in type.indices.dropFirst() {
            switch type[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                guard depth == 0 else { continue }
                let rest = type[type.index(after: index)...]
                return rest.first == ">" ? (address, rest.dropFirst()) : nil
            default: continue
            }
        }
        return nil
    }

    /// The name of the property whose key path getter starts at `address`; `nil` where no
    /// symbol names a getter there, or the symbols there name different properties (getters
    /// the linker folded into one).
    static func name(ofGetterAt address: UInt) -> String? {
        #if os(Linux)
            let names = Set(SymbolTable.keyPathGetters(at: address).map(propertyName(inGetter:)))
            guard names.count == 1, let name = names.first ?? nil else { return nil }
            return name
        #else
            return nil
        #endif
    }

    /// The property a key path getter's demangled symbol names, as it was written: `isLoading`
    /// in `key path getter for App.Model.isLoading : Swift.Bool : App.Model`.
    ///
    /// - Returns: The name, or `nil` for a subscript's getter
    ///   (`key path getter for App.Shelf.subscript(Swift.Int) -> Swift.Int : App.Shelf`) or any
    ///   text of another shape.
    static func propertyName(inGetter symbol: String) -> String? {
        let prefix = "key path getter for "
        guard symbol.hasPrefix(prefix) else { return nil }
        let text = symbol.dropFirst(prefix.count)
        // The declaration runs to the first ` : ` outside brackets (its type follows); its name
        // is after the last dot outside brackets. A local type's property has no dot
        // (`z : Swift.Int in L #1 in App.f() -> …`); an extension's context has brackets
        // (`(extension in App):Swift.Array<A where A: Swift.Equatable>.name`).
        var depth = 0
        var start = text.startIndex
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            defer { previous = character }
            switch character {
            case ">" where previous == "-":
                // A function type outside brackets is a subscript's signature.
                guard depth > 0 else { return nil }
            case "(", "<", "[": depth += 1
            case ")", ">", "]":
                depth -= 1
                guard depth >= 0 else { return nil }
            case "." where depth == 0: start = text.index(after: index)
            case " " where depth == 0 && text[index...].hasPrefix(" : "):
                return propertyName(in: text[start..<index])
            default: continue
            }
        }
        return nil
    }

    /// `name`, or the name in a private declaration's `(name in _4D2F…)`, if it is a property's.
    private static func propertyName(in declaration: Substring) -> String? {
        var name = declaration
        if let match = declaration.wholeMatch(of: /\((.+) in _[0-9A-F]+\)/) {
            name = match.output.1
        }
        return isPropertyName(name) ? String(name) : nil
    }

    /// Whether `name` is an identifier, or a property wrapper's projection (`$isLoading`), other
    /// than `self`: a property named `` `self` `` prints as the identity key path does.
    private static func isPropertyName(_ name: Substring) -> Bool {
        let identifier = name.hasPrefix("$") ? name.dropFirst() : name
        guard let first = identifier.first, first.isLetter || first == "_",
            identifier != "self"
        else { return false }
        return identifier.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
