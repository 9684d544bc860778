// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A type that receives a subscription, then values within the demand it requested, then a
    /// completion.
    ///
    /// Combine's protocol: a publisher calls ``receive(subscription:)`` once, and then
    /// ``receive(_:)`` for each value (never more than the demand requested through the
    /// subscription and returned from ``receive(_:)``), and at most once
    /// ``receive(completion:)``. Most code uses `sink` or `assign` instead of writing one.
    public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
        /// The kind of values it receives.
        associatedtype Input
        /// The kind of error it may receive; `Never` if none.
        associatedtype Failure: Error

        /// Receives the subscription through which it requests values or cancels.
        ///
        /// - Parameter subscription: The subscription.
        func receive(subscription: any Subscription)

        /// Receives a value.
        ///
        /// - Parameter input: The value.
        /// - Returns: How many more values it asks for, added to what it asked for so far.
        func receive(_ input: Input) -> Subscribers.Demand

        /// Receives the completion; nothing is received after it.
        ///
        /// - Parameter completion: How the publisher ended.
        func receive(completion: Subscribers.Completion<Failure>)
    }

    extension Subscriber where Input == Void {
        /// Receives a `()` value.
        ///
        /// - Returns: How many more values it asks for.
        public func receive() -> Subscribers.Demand {
            receive(())
        }
    }

    /// What connects a subscriber to a publisher: the subscriber asks for values through it, or
    /// cancels it.
    public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
        /// Asks for `demand` more values, added to what was asked for before.
        ///
        /// - Parameter demand: How many more values; must not be `none`.
        func request(_ demand: Subscribers.Demand)
    }

    /// A type with a unique identity in a chain of publishers and subscribers.
    public protocol CustomCombineIdentifierConvertible {
        /// The identity.
        var combineIdentifier: CombineIdentifier { get }
    }

    extension CustomCombineIdentifierConvertible where Self: AnyObject {
        /// The object's identity.
        public var combineIdentifier: CombineIdentifier {
            CombineIdentifier(self)
        }
    }

    /// A unique identity: the object's, or a fresh one for a value.
    public struct CombineIdentifier: Hashable, CustomStringConvertible {
        private let rawValue: UInt64

        private static let counter = Locked<UInt64>(0)

        /// A fresh identity, unlike any other.
        public init() {
            // Above any address an object can have, so never equal to an object's identity.
            rawValue = Self.counter.withLock { count in
                count += 1
                return count | (1 << 63)
            }
        }

        /// The identity of `object`, equal for every call with the same live object.
        ///
        /// - Parameter object: The object.
        public init(_ object: AnyObject) {
            rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
        }

        /// The identity as a hexadecimal number.
        public var description: String {
            "0x" + String(rawValue, radix: 16)
        }
    }
#endif
