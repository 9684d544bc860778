/// Values a change step's mistaken read gives, so the step runs to its end and fails there
/// instead of stopping the test process.
enum StandIn {
    /// Zero, empty, `nil` or `false`, when `Value` has one of these (or is a plain value, all
    /// zero bytes).
    static func value<Value>(of _: Value.Type) -> Value? {
        if let type = Value.self as? any ExpressibleByNilLiteral.Type {
            return none(type) as? Value
        }
        if let type = Value.self as? any AdditiveArithmetic.Type { return zero(type) as? Value }
        if let type = Value.self as? any RangeReplaceableCollection.Type {
            return empty(type) as? Value
        }
        if let type = Value.self as? any SetAlgebra.Type { return emptySet(type) as? Value }
        if let type = Value.self as? any ExpressibleByDictionaryLiteral.Type {
            return emptyDictionary(type) as? Value
        }
        if let standIn = false as? Value { return standIn }
        return zeroed(Value.self)
    }

    /// A value whose every byte is zero, for a type with no references or other resources
    /// (trivial, as `_isPOD` says): valid for its numbers, `Bool`s and enum cases alike.
    private static func zeroed<Value>(_: Value.Type) -> Value? {
        guard _isPOD(Value.self) else { return nil }
        let layout = MemoryLayout<Value>.self
        let bytes = UnsafeMutableRawPointer.allocate(
            byteCount: max(layout.size, 1), alignment: layout.alignment)
        defer { bytes.deallocate() }
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: max(layout.size, 1))
        return bytes.load(as: Value.self)
    }

    /// The type of `value`, with any levels of `Optional` taken off.
    static func unwrappedType(of value: Any) -> Any.Type {
        var type = Swift.type(of: value)
        while let optional = type as? any OptionalType.Type { type = optional.wrappedType }
        return type
    }

    private static func none<T: ExpressibleByNilLiteral>(_: T.Type) -> T { nil }
    private static func zero<T: AdditiveArithmetic>(_: T.Type) -> T { .zero }
    private static func empty<T: RangeReplaceableCollection>(_: T.Type) -> T { T() }
    private static func emptySet<T: SetAlgebra>(_: T.Type) -> T { T() }
    private static func emptyDictionary<T: ExpressibleByDictionaryLiteral>(_: T.Type) -> T {
        [:]
    }
}

/// `Optional`, whatever it wraps: lets a metatype say what it wraps.
protocol OptionalType {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalType {
    static var wrappedType: Any.Type { Wrapped.self }
}
