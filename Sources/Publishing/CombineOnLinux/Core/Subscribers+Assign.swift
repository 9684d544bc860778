// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Subscribers {
        /// A subscriber that asks for every value and assigns each to a property of an object.
        ///
        /// What `assign(to:on:)` attaches. As in Combine, it holds the object strongly until it
        /// completes or is cancelled.
        public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible,
            CustomReflectable, CustomPlaygroundDisplayConvertible
        {
            /// It never fails.
            public typealias Failure = Never

            /// The property assigned.
            public let keyPath: ReferenceWritableKeyPath<Root, Input>

            // Guarded by `lock`.
            private var root: Root?
            private var upstream: (any Subscription)?
            private var hasSubscription = false
            private let lock = Lock()

            /// The object whose property is assigned; `nil` once it has completed or been
            /// cancelled.
            public var object: Root? {
                lock.withLock { root }
            }

            /// "Assign" and the object's type.
            public var description: String {
                "Assign \(Root.self)."
            }

            /// The object, the key path and the subscription, under Combine's labels (`object`,
            /// `keyPath`, `status`).
            public var customMirror: Mirror {
                let (object, upstream) = lock.withLock { (root, self.upstream) }
                let children: [Mirror.Child] = [
                    ("object", object as Any),
                    ("keyPath", keyPath),
                    ("status", upstream as Any),
                ]
                return Mirror(self, children: children)
            }

            /// The same as ``description``.
            public var playgroundDescription: Any { description }

            /// Creates a subscriber that assigns each value to `object[keyPath: keyPath]`.
            ///
            /// - Parameters:
            ///   - object: The object; held until the subscriber completes or is cancelled.
            ///   - keyPath: The property assigned.
            public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
                root = object
                self.keyPath = keyPath
            }

            /// Keeps the subscription and asks it for every value; a second one is cancelled.
            public func receive(subscription: any Subscription) {
                lock.lock()
                guard !hasSubscription, root != nil else {
                    lock.unlock()
                    subscription.cancel()
                    return
                }
                hasSubscription = true
                upstream = subscription
                lock.unlock()
                subscription.request(.unlimited)
            }

            /// Assigns the value to the property.
            public func receive(_ value: Input) -> Subscribers.Demand {
                let root = lock.withLock { self.root }
                root?[keyPath: keyPath] = value
                return .none
            }

            /// Lets go of the object.
            public func receive(completion: Subscribers.Completion<Never>) {
                let (root, upstream) = end()
                _ = consume root
                _ = consume upstream
            }

            /// Cancels the subscription and lets go of the object.
            public func cancel() {
                let (root, upstream) = end()
                // Released outside the lock: the object's deinit may run code that cancels.
                _ = consume root
                upstream?.cancel()
            }

            private func end() -> (Root?, (any Subscription)?) {
                lock.withLock {
                    hasSubscription = true
                    return (root.take(), upstream.take())
                }
            }
        }
    }
#endif
