// Type names as a test writes them, and the generic types whose parts are read through them.
extension SwiftLiteral {
    /// `type` as a test that imports its module writes it: `Box<Item>`, `Outer.Inner`, `[Int?]`.
    ///
    /// Module names are dropped, and so is the context of a type declared in a function, as
    /// ``ValueDescription/withoutLocalContext(_:)`` does. `asPrefix`, for a name that a member
    /// or an initializer follows, writes an optional `Optional<Int>`: `Int?.none` does not
    /// parse as the type's member.
    static func typeName(of type: Any.Type, asPrefix: Bool = false) -> String {
        if asPrefix, let optional = type as? any OptionalType.Type {
            return "Optional<\(typeName(of: optional.wrappedType))>"
        }
        let name = sugared(Substring(String(reflecting: type)))
        return ValueDescription.withoutLocalContext(withoutModules(name))
    }

    /// The module `type` is declared in: `Swift` for `Int`, `MyApp` for `MyApp.Item`.
    static func module(of type: Any.Type) -> Substring {
        String(reflecting: type).prefix { $0 != "." && $0 != "<" }
    }

    /// Whether `type` comes from the standard library, Foundation, Apple's frameworks or this
    /// package: their structs keep their storage to themselves, and their initializers do not
    /// take the stored properties a mirror shows.
    static func isFramework(_ type: Any.Type) -> Bool {
        let module = module(of: type)
        return module.hasPrefix("_") || frameworks.contains(String(module))
    }

    private static let frameworks: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking", "Dispatch", "Observation", "Combine", "SwiftUI", "UIKit",
        "AppKit", "CoreGraphics", "CoreFoundation", "Synchronization", "Testing", "XCTest",
        "Publishing", "ObservationTesting",
    ]

    /// `Swift.Array<X>` as `[X]`, `Swift.Dictionary<K, V>` as `[K: V]`, `Swift.Optional<X>` as
    /// `X?`, at any depth.
    private static func sugared(_ name: Substring) -> String {
        var result = ""
        var rest = name
        while let first = rest.first {
            let startsName = result.last.map { !isNameCharacter($0) && $0 != "." } ?? true
            if startsName,
                let generic = ["Swift.Array", "Swift.Dictionary", "Swift.Optional"].first(where: {
                    rest.hasPrefix($0 + "<")
                }),
                let close = closingBracket(in: rest.dropFirst(generic.count))
            {
                let arguments = parts(
                    of: rest[rest.index(rest.startIndex, offsetBy: generic.count + 1)..<close]
                )
                .map(sugared)
                rest = rest[rest.index(after: close)...]
                switch (generic, arguments.count) {
                case ("Swift.Array", 1): result += "[\(arguments[0])]"
                case ("Swift.Dictionary", 2): result += "[\(arguments[0]): \(arguments[1])]"
                case (_, 1):
                    let isOneName = !arguments[0].contains("&") && !arguments[0].contains("->")
                    result += isOneName ? "\(arguments[0])?" : "(\(arguments[0]))?"
                default: result += generic + "<" + arguments.joined(separator: ", ") + ">"
                }
                continue
            }
            result.append(first)
            rest = rest.dropFirst()
        }
        return result
    }

    /// The `>` that closes the `<` that `text` starts with; not the one of a function's `->`.
    private static func closingBracket(in text: Substring) -> Substring.Index? {
        var depth = 0
        var previous: Character = " "
        for index in text.indices {
            switch text[index] {
            case "<": depth += 1
            case ">" where previous != "-":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            previous = text[index]
        }
        return nil
    }

    /// `text` split at its commas that no bracket holds: a generic type's arguments.
    private static func parts(of text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        var previous: Character = " "
        for index in text.indices {
            switch text[index] {
            case "<", "(", "[": depth += 1
            case ">" where previous != "-", ")", "]": depth -= 1
            case "," where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
            previous = text[index]
        }
        parts.append(text[start...])
        return parts.map { $0.drop(while: { $0 == " " }) }
    }

    /// Drops the first name of each qualified name, the module's, in a name as
    /// `String(reflecting:)` writes it: `Swift.Array<MyApp.Outer.Inner>` is `Array<Outer.Inner>`.
    private static func withoutModules(_ name: String) -> String {
        var result = ""
        var rest = Substring(name)
        var previous: Character = " "
        while let first = rest.first {
            let startsName =
                (first.isLetter || first == "_") && !isNameCharacter(previous) && previous != "."
            guard startsName else {
                result.append(first)
                previous = first
                rest = rest.dropFirst()
                continue
            }
            let word = rest.prefix(while: isNameCharacter)
            rest = rest.dropFirst(word.count)
            if rest.first == "." {
                rest = rest.dropFirst()
                previous = "."
            } else {
                result += word
                previous = word.last ?? previous
            }
        }
        return result
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    // The parts of the standard library's generic types, which a mirror does not give.

    protocol ArrayShape {
        static var elementType: Any.Type { get }
        var anyElements: [Any] { get }
    }

    protocol SetShape {
        static var elementType: Any.Type { get }
        var anyElements: [Any] { get }
    }

    protocol DictionaryShape {
        static var keyType: Any.Type { get }
        static var valueType: Any.Type { get }
        var anyEntries: [(key: Any, value: Any)] { get }
    }

    protocol RangeShape {
        static var operatorText: String { get }
        var anyBounds: [Any] { get }
    }
}

extension Array: SwiftLiteral.ArrayShape {
    static var elementType: Any.Type { Element.self }
    var anyElements: [Any] { map { $0 } }
}

extension Set: SwiftLiteral.SetShape {
    static var elementType: Any.Type { Element.self }
    var anyElements: [Any] { map { $0 } }
}

extension Dictionary: SwiftLiteral.DictionaryShape {
    static var keyType: Any.Type { Key.self }
    static var valueType: Any.Type { Value.self }
    var anyEntries: [(key: Any, value: Any)] { map { ($0.key, $0.value) } }
}

extension Range: SwiftLiteral.RangeShape {
    static var operatorText: String { "..<" }
    var anyBounds: [Any] { [lowerBound, upperBound] }
}

extension ClosedRange: SwiftLiteral.RangeShape {
    static var operatorText: String { "..." }
    var anyBounds: [Any] { [lowerBound, upperBound] }
}
