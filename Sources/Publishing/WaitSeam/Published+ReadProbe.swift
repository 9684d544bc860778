// The wait seam (see CONTRIBUTING.md): which `@Published` property a key path reads, found by
// reading it and seeing which property's storage answered. A change step of an
// `ObservableObject` takes its key paths' properties from this, not from their names. It lives
// in `Publishing` because only the property's own getter knows its storage.

extension ModelState {
    /// The name of `object`'s `@Published` property that `read` reads on this thread, if it reads
    /// exactly one (a key path to the property, or a computed property over it alone). `nil`
    /// where it reads none or several, and on Apple platforms, where `@Published` is Combine's
    /// and tells no one.
    package static func publishedProperty(
        of object: AnyObject, readBy read: () -> Void
    ) -> String? {
        #if canImport(Combine)
            return nil
        #else
            let properties = publishedStorage(of: object).map {
                (name: $0.name, relay: $0.storage.willChangeSlot as AnyObject)
            }
            let read = ReadProbe.relays(of: properties.map(\.relay), readBy: read)
            guard read.count == 1 else { return nil }
            return properties.first { ObjectIdentifier($0.relay) == read.first }?.name
        #endif
    }
}

#if !canImport(Combine)
    /// What the `@Published` getters of one object tell while a probe is installed in their
    /// relays: which of them the probing thread read.
    @usableFromInline
    final class ReadProbe: Sendable {
        private let thread = ThreadID.current
        private let read = Locked<Set<ObjectIdentifier>>([])

        /// Probes run one at a time, so that one never takes another's out of a relay.
        private static let probing = Lock()

        /// Notes that `relay`'s property was read, if on the probing thread. Called under the
        /// relay's lock: it takes only its own.
        @usableFromInline
        func noteRead(of relay: AnyObject) {
            guard thread.isCurrent else { return }
            read.withLock { _ = $0.insert(ObjectIdentifier(relay)) }
        }

        /// Which of `relays` (each a `@Published` property's `Relay`) `read` reads on this
        /// thread.
        static func relays(
            of relays: [AnyObject], readBy read: () -> Void
        ) -> Set<ObjectIdentifier> {
            let probe = ReadProbe()
            let installed = relays.compactMap { $0 as? any ProbedRelay }
            return probing.withLock {
                for relay in installed { relay.install(probe) }
                defer { for relay in installed { relay.install(nil) } }
                read()
                return probe.read.withLock { $0 }
            }
        }
    }

    /// A `@Published` property's relay, whatever its value's type.
    private protocol ProbedRelay {
        func install(_ probe: ReadProbe?)
    }

    extension Relay: ProbedRelay {
        fileprivate func install(_ probe: ReadProbe?) {
            lock.withLock { readProbe = probe }
        }
    }
#endif
