/// `==` for values of `type` if it is `Equatable`; otherwise `==` for values that turn out to be
/// `Equatable` (an existential's), and `false` for the rest.
@usableFromInline
package func equality<Value>(of type: Value.Type) -> (Value, Value) -> Bool {
    guard let equatable = type as? any Equatable.Type else {
        return { equalIfEquatable($0, $1) ?? false }
    }
    return equatable.equality(as: Value.self)
}

/// Whether two values are equal by `==`, or `nil` if the first one's type is not `Equatable`.
package func equalIfEquatable(_ lhs: Any, _ rhs: Any) -> Bool? {
    guard let lhs = lhs as? any Equatable else { return nil }
    return lhs.isEqual(to: rhs)
}

extension Equatable {
    /// `==`, for values of type `Value`, which must be this type.
    ///
    /// The values are viewed as `Self` where they are, not cast: two dynamic casts per change,
    /// cold, on the way from a change to its waiter.
    fileprivate static func equality<Value>(as _: Value.Type) -> (Value, Value) -> Bool {
        precondition(Value.self == Self.self)
        return { lhs, rhs in
            withUnsafePointer(to: lhs) { lhs in
                withUnsafePointer(to: rhs) { rhs in
                    UnsafeRawPointer(lhs).assumingMemoryBound(to: Self.self).pointee
                        == UnsafeRawPointer(rhs).assumingMemoryBound(to: Self.self).pointee
                }
            }
        }
    }

    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
