#if canImport(Darwin)
    import Observation
#else
    @_spi(SwiftUI) import Observation
#endif

// The wait seam (see CONTRIBUTING.md): what ObservationTesting's whole-model waits, change
// recorders and failure messages know of a view model. It lives in `Publishing` because on Linux
// it reads a `@Published` property's storage and hears its stores through the property's
// internal relay.

/// What the package's test tools need to know of a view model: its observable stored properties,
/// and when they change.
@usableFromInline
package enum ModelState {
    /// The observable stored properties of `object`, base class first, in declaration order:
    /// each `@Published` property of an `ObservableObject`, and each observed property of an
    /// `@Observable` class (not those marked `@ObservationIgnored`), named as declared. What a
    /// whole-model wait's timeline and a change recorder's snapshot show (`StateSnapshot`).
    package static func properties(of object: AnyObject) -> [(name: String, value: Any)] {
        var levels: [[(name: String, value: Any)]] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        let isObservable = object is any Observable
        while let current = mirror {
            var level: [(name: String, value: Any)] = []
            for child in current.children {
                guard let label = child.label else { continue }
                if let value = publishedValue(child.value) {
                    level.append((String(label.dropFirst()), value))
                } else if isObservable, label.hasPrefix("_"), !(child.value is ObservationRegistrar)
                {
                    // The `@Observable` macro keeps each observed property in `_name`.
                    level.append((String(label.dropFirst()), child.value))
                }
            }
            levels.append(level)
            mirror = current.superclassMirror
        }
        return levels.reversed().flatMap { $0 }
    }

    /// Calls `onChange` when `object` changes, if it is an `ObservableObject`: on its
    /// `objectWillChange` (before the change) and, on Linux, after each of its `@Published`
    /// properties has stored a new value. Changes stop being reported when the returned tokens
    /// are released. What an ``ObservedState`` watching whole objects subscribes to.
    @usableFromInline
    static func subscribeToChanges(
        of object: AnyObject,
        _ onChange: @escaping () -> Void
    ) -> [AnyCancellable] {
        guard let observable = object as? any ObservableObject else { return [] }
        var tokens = [willChangeToken(of: observable, onChange)]
        #if !canImport(Combine)
            tokens += publishedStorage(of: object).map { $0.storage.subscribeToStores(onChange) }
        #endif
        return tokens
    }

    private static func willChangeToken(
        of object: some ObservableObject,
        _ onChange: @escaping () -> Void
    ) -> AnyCancellable {
        object.objectWillChange.sink { _ in onChange() }
    }
}

#if canImport(Combine)
    /// The value a `@Published` property's storage holds, if `storage` is one.
    private func publishedValue(_ storage: Any) -> Any? {
        (storage as? any PublishedValueReading)?.currentValue ?? nil
    }

    /// Combine's `@Published` storage, read without its enclosing object.
    private protocol PublishedValueReading {
        var currentValue: Any? { get }
    }

    extension Published: PublishedValueReading {
        /// The value now stored: what its publisher replays to a new subscriber. Read through a
        /// copy, as Combine's storage is reachable only through the publisher.
        fileprivate var currentValue: Any? {
            var storage = self
            var current: Value?
            _ = storage.projectedValue.sink { current = $0 }
            return current.map { $0 as Any }
        }
    }
#else
    /// The value a `@Published` property's storage holds, if `storage` is one.
    private func publishedValue(_ storage: Any) -> Any? {
        (storage as? any PublishedStorage)?.currentValue
    }

    extension Published {
        /// The value now stored.
        var currentValue: Any { relay.storedValue }

        /// Calls `onStore` after each later assignment has stored its value.
        func subscribeToStores(_ onStore: @escaping () -> Void) -> AnyCancellable {
            relay.subscribeToStores(onStore)
        }
    }
#endif
