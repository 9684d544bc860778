import Foundation

// Values written whole, not from their parts: numbers, text, and the Foundation values whose
// storage is private but whose initializers are known.
extension SwiftLiteral.Writer {
    typealias Code = SwiftLiteral.Code

    /// `value` as a literal or an initializer, if it is one of the values written so.
    func scalar(_ value: Any, typed: Bool) -> Code? {
        switch value {
        case let bool as Bool:
            return Code(text: bool ? "true" : "false")
        case let string as String:
            return Code(text: SwiftLiteral.quoted(string))
        case let integer as Int:
            return Code(text: "\(integer)")
        case let character as Character:
            return named("Character", SwiftLiteral.quoted(String(character)), typed: typed)
        case let substring as Substring:
            return named("Substring", SwiftLiteral.quoted(String(substring)), typed: typed)
        case let duration as Duration:
            guard Duration.nanoseconds(duration.nanoseconds) == duration else {
                let (seconds, attoseconds) = duration.components
                return Code(
                    text: "Duration(secondsComponent: \(seconds), "
                        + "attosecondsComponent: \(attoseconds))")
            }
            return Code(
                text: (typed ? "" : "Duration") + duration.swiftLiteral, namesItsType: !typed)
        default:
            break
        }
        if SwiftLiteral.module(of: type(of: value)) == "Swift" {
            let name = SwiftLiteral.typeName(of: type(of: value))
            if let integer = value as? any FixedWidthInteger {
                return named(name, "\(integer)", typed: typed)
            }
            if let number = value as? any BinaryFloatingPoint {
                return floatingPoint(number, named: name, typed: typed)
            }
        }
        return foundationValue(value)
    }

    /// `0.1`, `Float(0.1)`, `Double.infinity`: the shortest text that reads back as the same
    /// number, which is what a floating-point number's description is.
    private func floatingPoint(
        _ number: any BinaryFloatingPoint, named name: String, typed: Bool
    ) -> Code {
        if number.isNaN { return Code(text: "\(name).nan") }
        if number.isInfinite {
            return Code(text: (number.sign == .minus ? "-" : "") + "\(name).infinity")
        }
        // A subnormal number's shortest text is a literal Swift warns loses precision.
        if number.isSubnormal {
            return Code(
                text: "\(name)(sign: .\(number.sign), exponentBitPattern: 0, "
                    + "significandBitPattern: \(number.significandBitPattern))")
        }
        let text = "\(number)"
        return name == "Double" ? Code(text: text) : named(name, text, typed: typed)
    }

    /// A literal as is where the place's type makes it `type`; otherwise `type(literal)`, which
    /// Swift reads as the literal of that type.
    private func named(_ type: String, _ literal: String, typed: Bool) -> Code {
        typed ? Code(text: literal, namesItsType: false) : Code(text: "\(type)(\(literal))")
    }

    /// `Date(timeIntervalSinceReferenceDate: 1.5)`, `URL(string: "…")!`, `UUID(uuidString:
    /// "…")!`, `Data([0x01])`, `Decimal(string: "1.5")!`; a placeholder for one whose text
    /// would not read back as the same value (a URL relative to another).
    private func foundationValue(_ value: Any) -> Code? {
        switch value {
        case let date as Date:
            let interval = date.timeIntervalSinceReferenceDate
            guard interval.isFinite else { return Code(placeholder: "Date") }
            return Code(text: "Date(timeIntervalSinceReferenceDate: \(interval))")
        case let url as URL:
            guard url.baseURL == nil, URL(string: url.absoluteString) == url else {
                return Code(placeholder: "URL")
            }
            return Code(text: "URL(string: \(SwiftLiteral.quoted(url.absoluteString)))!")
        case let uuid as UUID:
            return Code(text: "UUID(uuidString: \"\(uuid.uuidString)\")!")
        case let data as Data:
            guard !data.isEmpty else { return Code(text: "Data()") }
            let bytes = data.map { byte in
                let hex = String(byte, radix: 16, uppercase: true)
                return "0x" + (hex.count == 1 ? "0" : "") + hex
            }
            return Code(text: "Data([\(bytes.joined(separator: ", "))])")
        case let decimal as Decimal:
            guard !decimal.isNaN, Decimal(string: decimal.description) == decimal else {
                return Code(placeholder: "Decimal")
            }
            return Code(text: "Decimal(string: \"\(decimal)\")!")
        default:
            return nil
        }
    }
}

extension SwiftLiteral {
    /// `string` as a string literal: as it is if it can be; raw (`#"say "hi""#`) if it holds
    /// quotes or backslashes but nothing to escape; otherwise with escapes, which is how a line
    /// break or an invisible character stays visible on one line.
    static func quoted(_ string: String) -> String {
        let needsEscapes = string.unicodeScalars.contains(where: isEscaped)
        let hasDelimiters = string.contains { $0 == "\"" || $0 == "\\" }
        guard needsEscapes || hasDelimiters else { return "\"\(string)\"" }
        if !needsEscapes {
            let hashes = String(repeating: "#", count: longestHashRun(in: string) + 1)
            let raw = "\(hashes)\"\(string)\"\(hashes)"
            // Three quotes after the hashes would open a multi-line literal.
            if !raw.dropFirst(hashes.count).hasPrefix("\"\"\"") { return raw }
        }
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\0": text += "\\0"
            case _ where isEscaped(scalar):
                text += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// Characters a literal cannot hold (line breaks) or that a reader would not see: controls,
    /// formatting characters other than the joiner that makes emoji sequences, unassigned ones.
    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate:
            return true
        case .format:
            return scalar != "\u{200D}"
        default:
            return scalar.properties.isWhitespace && scalar != " "
        }
    }

    /// The most `#` after a quote or a backslash in `string`: a raw literal needs one more
    /// around it, so that none of them ends it or starts an escape.
    private static func longestHashRun(in string: String) -> Int {
        var longest = 0
        var run: Int?
        for character in string {
            if character == "#", let count = run {
                run = count + 1
                longest = max(longest, count + 1)
            } else {
                run = character == "\"" || character == "\\" ? 0 : nil
            }
        }
        return longest
    }
}
