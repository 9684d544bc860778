import Synchronization

// The wait seam (see CONTRIBUTING.md): which `@Published` property a key path reads, found by
// reading it and seeing which property's storage answered. A change step of an
// `ObservableObject` takes its key paths' properties from this, not from their names. It lives
// in `Publishing` because only the property's own getter knows its storage.

extension ModelState {
    /// The name of `object`'s `@Published` property that `read` reads, if it reads exactly one
    /// (a key path to the property, or a computed property over it alone). `nil` where it reads
    /// none or several, and on Apple platforms, where `@Published` is Combine's and tells no one.
    package static func publishedProperty(
        of object: AnyObject, readBy read: () -> Void
    ) -> String? {
        #if canImport(Combine)
            return nil
        #else
            let relays = Set(PublishedReads.relays(readBy: read))
            guard relays.count == 1, let relay = relays.first else { return nil }
            var mirror: Mirror? = Mirror(reflecting: object)
            while let current = mirror {
                for child in current.children {
                    if let label = child.label,
                        let storage = child.value as? any PublishedStorage,
                        ObjectIdentifier(storage.willChangeSlot) == relay
                    {
                        return String(label.dropFirst())
                    }
                }
                mirror = current.superclassMirror
            }
            return nil
        #endif
    }
}

#if !canImport(Combine)
    /// What `@Published` getters tell a probe: the storage each read.
    @usableFromInline
    enum PublishedReads {
        /// How many probes run now, in any task: while none does, a read checks only this.
        private static let probes = Atomic<Int>(0)

        /// The storages read by the probe of this task, in order.
        @TaskLocal private static var noted: Locked<[ObjectIdentifier]>?

        /// Notes that `relay`'s property was read, if this task runs a probe: what every
        /// `@Published` getter calls.
        @usableFromInline
        static func noteRead(of relay: AnyObject) {
            guard probes.load(ordering: .relaxed) != 0 else { return }
            noted?.withLock { $0.append(ObjectIdentifier(relay)) }
        }

        /// The storages of the `@Published` properties `read` reads, in order.
        static func relays(readBy read: () -> Void) -> [ObjectIdentifier] {
            let noted = Locked<[ObjectIdentifier]>([])
            // Relaxed: the getters that must see the count run on this thread, inside `read`.
            probes.add(1, ordering: .relaxed)
            defer { probes.subtract(1, ordering: .relaxed) }
            $noted.withValue(noted) { read() }
            return noted.withLock { $0 }
        }
    }
#endif
