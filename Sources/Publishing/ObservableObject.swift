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
/// A class may also declare its own `objectWillChange`; `@Published` sends it if it is an
/// ``ObservableObjectPublisher``.
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
        WillChangeRegistry.shared.publisher(for: self)
    }
}

/// Holds the synthesized `objectWillChange` of each live object.
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
}
