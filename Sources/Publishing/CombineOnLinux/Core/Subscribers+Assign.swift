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

            /// Where the subscriber is: one state at a time, each holding what it owns.
            private enum Lifecycle {
                case awaitingSubscription(Root)
                case subscribed(Root, any Subscription)
                /// Completed or cancelled: the object is let go, a subscription is cancelled.
                case terminal

                var root: Root? {
                    switch self {
                    case .awaitingSubscription(let root), .subscribed(let root, _): root
                    case .terminal: nil
                    }
                }

                var upstream: (any Subscription)? {
                    if case .subscribed(_, let upstream) = self { upstream } else { nil }
                }
            }

            // Guarded by `lock`.
            private var lifecycle: Lifecycle
            private let lock = Lock()

            /// The object whose property is assigned; `nil` once it has completed or been
            /// cancelled.
            public var object: Root? {
                lock.withLock { lifecycle.root }
            }

            /// "Assign" and the object's type.
            public var description: String {
                "Assign \(Root.self)."
            }

            /// The object, the key path and the subscription, under Combine's labels (`object`,
            /// `keyPath`, `status`).
            public var customMirror: Mirror {
                let (object, upstream) = lock.withLock { (lifecycle.root, lifecycle.upstream) }
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
                lifecycle = .awaitingSubscription(object)
                self.keyPath = keyPath
            }

            /// Keeps the subscription and asks it for every value; a second one is cancelled.
            public func receive(subscription: any Subscription) {
                lock.lock()
                guard case .awaitingSubscription(let root) = lifecycle else {
                    lock.unlock()
                    subscription.cancel()
                    return
                }
                lifecycle = .subscribed(root, subscription)
                lock.unlock()
                subscription.request(.unlimited)
            }

            /// Assigns the value to the property; one that comes before the subscription, as in
            /// Combine, is ignored.
            public func receive(_ value: Input) -> Subscribers.Demand {
                let root = lock.withLock { () -> Root? in
                    guard case .subscribed(let root, _) = lifecycle else { return nil }
                    return root
                }
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
                let ended = lock.withLock {
                    defer { lifecycle = .terminal }
                    return lifecycle
                }
                return (ended.root, ended.upstream)
            }
        }
    }
#endif
