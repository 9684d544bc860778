// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publisher where Failure == Never {
        /// Assigns each value to a property of an object.
        ///
        /// ```swift
        /// service.$items.assign(to: \.items, on: viewModel).store(in: &cancellables)
        /// ```
        ///
        /// As in Combine, the subscription holds `object` strongly until it is cancelled or the
        /// upstream finishes: assigning to `self` from a subscription `self` keeps is a retain
        /// cycle. Use ``assign(to:)`` for an `@Published` property instead.
        ///
        /// - Parameters:
        ///   - keyPath: The property to assign.
        ///   - object: The object whose property is assigned.
        /// - Returns: A cancellable that ends the subscription.
        public func assign<Root>(
            to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root
        )
            -> AnyCancellable
        {
            let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
            subscribe(subscriber)
            return AnyCancellable(subscriber)
        }

        /// Assigns each value to an `@Published` property, for as long as the property's object
        /// lives.
        ///
        /// ```swift
        /// $email.combineLatest($password)
        ///     .map { !$0.isEmpty && $1.count >= 8 }
        ///     .assign(to: &$isValid)
        /// ```
        ///
        /// The subscription belongs to the property: no cancellable to keep, no retain cycle. Each
        /// assignment fires the object's `objectWillChange` once something has read it (a
        /// subscriber, such as SwiftUI or a test); a hand-written `objectWillChange` only after
        /// the property has been assigned directly once.
        ///
        /// - Parameter published: The property's publisher, `&$property`.
        public func assign(to published: inout Published<Output>.Publisher) {
            let relay = published.relay
            let subscription = sink { [weak relay] value in
                relay?.sendAnnouncingInstalledWillChange(value)
            }
            relay.keep(subscription)
        }
    }
#endif
