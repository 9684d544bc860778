/// `Optional`, whatever it wraps: lets a metatype say what it wraps.
protocol OptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
}

/// The type of `value`, with any levels of `Optional` taken off.
func unwrappedType(of value: Any) -> Any.Type {
    var type = Swift.type(of: value)
    while let optional = type as? any OptionalType.Type { type = optional.wrappedType }
    return type
}
