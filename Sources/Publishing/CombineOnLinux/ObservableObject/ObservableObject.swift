// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A class whose changes can be observed through ``objectWillChange``.
    ///
    /// Conform a class and its ``objectWillChange`` is synthesized: every `@Published` property
    /// of the object sends it before the property changes, with no code in the class.
    ///
    /// ```swift
    /// final class ViewModel: ObservableObject {
    ///     @Published var isLoading = false
    /// }
    /// ```
    ///
    /// An object with no `@Published` property gets the same synthesized publisher, one per object,
    /// for you to send when its state changes (for example, when a dependency it forwards changes).
    /// A class may also declare its own `objectWillChange`; then, as in Combine, its `@Published`
    /// properties do not send it: the class sends it itself before each change.
    public protocol ObservableObject: AnyObject {
        /// The type of ``objectWillChange``.
        associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where ObjectWillChangePublisher.Failure == Never

        /// A publisher that fires before the object changes.
        var objectWillChange: ObjectWillChangePublisher { get }
    }

    extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
        /// The synthesized publisher: one per object, the same on every read.
        public var objectWillChange: ObservableObjectPublisher {
            SynthesizedWillChange.publisher(for: self)
        }
    }

    /// A `@Published` property's storage, as the synthesized `objectWillChange` finds it.
    protocol PublishedStorage {
        var willChangeSlot: any WillChangeSlot { get }
        /// The value now stored.
        var currentValue: Any { get }
        /// Calls `onStore` after each later assignment has stored its value.
        func subscribeToStores(_ onStore: @escaping () -> Void) -> AnyCancellable
    }

    /// Where a `@Published` property keeps the `objectWillChange` its assignments fire.
    protocol WillChangeSlot: AnyObject {
        var installedWillChange: ObservableObjectPublisher? { get }
        func install(_ publisher: ObservableObjectPublisher)
    }

    /// Makes the synthesized `objectWillChange` of an object.
    ///
    /// An object with `@Published` properties keeps it in them, as Combine does: made once and
    /// installed in every one, so assigning a property fires it without any lookup. Reading
    /// `objectWillChange` finds them by reflection (subscribing, not assigning, reads it).
    /// Only an object with no `@Published` property needs the side table, which holds it weakly,
    /// and a weakly referenced object pays for that on every retain and release.
    enum SynthesizedWillChange {
        /// Makes two first reads of one object's publisher agree on one publisher.
        private static let installing = Lock()

        static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
            let slots = publishedStorage(of: object).map(\.storage.willChangeSlot)
            guard !slots.isEmpty else {
                return WillChangeRegistry.shared.publisher(for: object)
            }
            return installing.withLock {
                let publisher =
                    slots.lazy.compactMap(\.installedWillChange).first
                    ?? ObservableObjectPublisher()
                for slot in slots { slot.install(publisher) }
                return publisher
            }
        }
    }

    /// Every `@Published` property of `object`, its superclasses' included: its name (without
    /// the wrapper's underscore) and its storage.
    func publishedStorage(
        of object: AnyObject
    ) -> [(name: String, storage: any PublishedStorage)] {
        var storage: [(name: String, storage: any PublishedStorage)] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let published = child.value as? any PublishedStorage {
                    storage.append((String((child.label ?? "").dropFirst()), published))
                }
            }
            mirror = current.superclassMirror
        }
        return storage
    }

    /// Holds the synthesized `objectWillChange` of each live object with no `@Published` property.
    ///
    /// Keyed by identity, holding each object weakly: a strong hold would leak the object. Entries
    /// of objects that are gone are swept once the table has doubled since the last sweep, so the
    /// table stays proportional to the number of live objects.
    final class WillChangeRegistry: Sendable {
        static let shared = WillChangeRegistry()

        private struct Entry {
            weak var object: AnyObject?
            let publisher: ObservableObjectPublisher
        }

        private struct Table {
            var entries: [ObjectIdentifier: Entry] = [:]
            var sweepAt = 64
        }

        private let table = Locked(Table())

        func publisher(for object: AnyObject) -> ObservableObjectPublisher {
            table.withLock { table in
                let id = ObjectIdentifier(object)
                // An identifier can be reused by a new object once the old one is gone.
                if let entry = table.entries[id], entry.object === object {
                    return entry.publisher
                }
                if table.entries.count >= table.sweepAt {
                    table.entries = table.entries.filter { $0.value.object != nil }
                    table.sweepAt = max(64, table.entries.count * 2)
                }
                let publisher = ObservableObjectPublisher()
                table.entries[id] = Entry(object: object, publisher: publisher)
                return publisher
            }
        }

        /// How many objects have a synthesized publisher in the table, live or not yet swept.
        var count: Int {
            table.withLock { $0.entries.count }
        }

        /// Whether `object` has a synthesized publisher in the table.
        func contains(_ object: AnyObject) -> Bool {
            table.withLock { $0.entries[ObjectIdentifier(object)]?.object === object }
        }
    }
#endif
