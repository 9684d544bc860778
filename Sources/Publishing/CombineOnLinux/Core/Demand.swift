// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Subscribers {
        /// How many more values a subscriber asks for: a count, or `unlimited`.
        ///
        /// Arithmetic follows Combine's: anything added to, or multiplied with, `unlimited` stays
        /// `unlimited`, as does a count that would overflow; subtracting never goes below `none`
        /// (subtracting `unlimited` from a count gives `none`); `max(_:)` of a negative number
        /// traps.
        public struct Demand: Equatable, Comparable, Hashable, Codable, Sendable,
            CustomStringConvertible
        {
            // Counts up to `Int.max`; one past it means unlimited.
            @usableFromInline let rawValue: UInt

            @inlinable
            init(rawValue: UInt) {
                self.rawValue = Swift.min(UInt(Int.max) + 1, rawValue)
            }

            /// As many values as the publisher produces.
            public static let unlimited = Demand(rawValue: .max)

            /// No more values.
            public static let none = Demand(rawValue: 0)

            /// At most `value` more values.
            ///
            /// - Parameter value: The count; it must not be negative.
            @inlinable
            public static func max(_ value: Int) -> Demand {
                precondition(value >= 0, "demand cannot be negative")
                return Demand(rawValue: UInt(value))
            }

            /// The count, or `nil` for `unlimited`.
            @inlinable
            public var max: Int? {
                self == .unlimited ? nil : Int(rawValue)
            }

            /// `unlimited`, or `max(n)`.
            public var description: String {
                self == .unlimited ? "unlimited" : "max(\(rawValue))"
            }

            /// The sum of two demands.
            @inlinable
            public static func + (lhs: Demand, rhs: Demand) -> Demand {
                guard let rhs = rhs.max else { return .unlimited }
                return lhs + rhs
            }

            /// The demand raised by `rhs`; a negative `rhs` lowers it, never below `none`.
            @inlinable
            public static func + (lhs: Demand, rhs: Int) -> Demand {
                guard let lhs = lhs.max else { return .unlimited }
                let (sum, overflow) = lhs.addingReportingOverflow(rhs)
                if overflow { return rhs < 0 ? .none : .unlimited }
                return sum < 0 ? .none : .max(sum)
            }

            /// `rhs` times the demand.
            @inlinable
            public static func * (lhs: Demand, rhs: Int) -> Demand {
                guard let lhs = lhs.max else { return .unlimited }
                let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
                if overflow { return .unlimited }
                return product < 0 ? .none : .max(product)
            }

            /// The demand lowered by another, never below `none`.
            @inlinable
            public static func - (lhs: Demand, rhs: Demand) -> Demand {
                guard lhs != .unlimited else { return .unlimited }
                guard let rhs = rhs.max else { return .none }
                return lhs - rhs
            }

            /// The demand lowered by `rhs`, never below `none`.
            @inlinable
            public static func - (lhs: Demand, rhs: Int) -> Demand {
                guard let lhs = lhs.max else { return .unlimited }
                let (difference, overflow) = lhs.subtractingReportingOverflow(rhs)
                // As Combine's: a difference past `Int`'s range, whichever way, is `none`.
                if overflow { return .none }
                return difference < 0 ? .none : .max(difference)
            }

            /// Adds `rhs` to the demand.
            @inlinable
            public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
            /// Adds `rhs` to the demand.
            @inlinable
            public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
            /// Multiplies the demand by `rhs`.
            @inlinable
            public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }
            /// Lowers the demand by `rhs`.
            @inlinable
            public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
            /// Lowers the demand by `rhs`.
            @inlinable
            public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

            /// Whether `lhs` asks for fewer values than `rhs`; `unlimited` is the most.
            @inlinable
            public static func < (lhs: Demand, rhs: Demand) -> Bool {
                lhs.rawValue < rhs.rawValue
            }
            /// Whether `lhs` asks for no more values than `rhs`. Declared, as the three below
            /// are, as Combine declares them, rather than left to `Comparable` and `Equatable`.
            @inlinable
            public static func <= (lhs: Demand, rhs: Demand) -> Bool {
                lhs.rawValue <= rhs.rawValue
            }
            /// Whether `lhs` asks for at least as many values as `rhs`.
            @inlinable
            public static func >= (lhs: Demand, rhs: Demand) -> Bool {
                lhs.rawValue >= rhs.rawValue
            }
            /// Whether `lhs` asks for more values than `rhs`.
            @inlinable
            public static func > (lhs: Demand, rhs: Demand) -> Bool {
                lhs.rawValue > rhs.rawValue
            }
            /// Whether the two ask for the same number of values.
            @inlinable
            public static func == (lhs: Demand, rhs: Demand) -> Bool {
                lhs.rawValue == rhs.rawValue
            }

            /// Whether the demand is the count `rhs`; `unlimited` equals no count.
            @inlinable
            public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }
            /// Whether the demand is not the count `rhs`.
            @inlinable
            public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.max != rhs }
            /// Whether the count `lhs` is the demand.
            @inlinable
            public static func == (lhs: Int, rhs: Demand) -> Bool { rhs.max == lhs }
            /// Whether the count `lhs` is not the demand.
            @inlinable
            public static func != (lhs: Int, rhs: Demand) -> Bool { rhs.max != lhs }
            /// Whether the demand is more than `rhs`; `unlimited` is more than any count.
            @inlinable
            public static func > (lhs: Demand, rhs: Int) -> Bool {
                lhs.max.map { $0 > rhs } ?? true
            }
            /// Whether the demand is at least `rhs`.
            @inlinable
            public static func >= (lhs: Demand, rhs: Int) -> Bool {
                lhs.max.map { $0 >= rhs } ?? true
            }
            /// Whether the demand is less than `rhs`.
            @inlinable
            public static func < (lhs: Demand, rhs: Int) -> Bool { !(lhs >= rhs) }
            /// Whether the demand is at most `rhs`.
            @inlinable
            public static func <= (lhs: Demand, rhs: Int) -> Bool { !(lhs > rhs) }
            /// Whether `lhs` is more than the demand.
            @inlinable
            public static func > (lhs: Int, rhs: Demand) -> Bool { rhs < lhs }
            /// Whether `lhs` is at least the demand.
            @inlinable
            public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs <= lhs }
            /// Whether `lhs` is less than the demand.
            @inlinable
            public static func < (lhs: Int, rhs: Demand) -> Bool { rhs > lhs }
            /// Whether `lhs` is at most the demand.
            @inlinable
            public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs >= lhs }

            /// Decodes the count written by ``encode(to:)``.
            public init(from decoder: any Decoder) throws {
                self.init(rawValue: try decoder.singleValueContainer().decode(UInt.self))
            }

            /// Encodes the count (one past `Int.max` for `unlimited`).
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(rawValue)
            }
        }
    }
#endif
