import Publishing

/// The live recorders that read observed state on their own schedule (`record(model, \.prop)`,
/// a recorder of `publisher(for:on:)`, `recordChanges()`), so that a wait on the same model can
/// let them catch up before it returns.
///
/// Two observers of one model each read on their own actor after a change: a wait that has read
/// a state returns while a recorder's read of the same change may still be queued. Waits ask the
/// recorders of their model for one more read each, and return once those have run, so the
/// test's next line finds in each recorder every state the wait saw.
@usableFromInline
enum StateRecorders {
    /// The recorders a wait lets catch up.
    @usableFromInline
    enum Match {
        /// Those observing this object.
        case object(ObjectIdentifier)
        /// Those observing any of these objects.
        case objects([ObjectIdentifier])
        /// Those observing an `ObservableObject`: a `@Published` property's publisher does not
        /// name the object it belongs to.
        case observableObjects
    }

    private struct Entry {
        weak var reads: ReadScheduler?
        let objects: [ObjectIdentifier]
        let observesObservableObject: Bool
    }

    private static let entries = Locked<[Entry]>([])

    /// Registers a recorder's subscription, until it is released.
    static func register(_ reads: ReadScheduler, observing objects: [AnyObject]) {
        let entry = Entry(
            reads: reads,
            objects: objects.map(ObjectIdentifier.init),
            observesObservableObject: objects.contains { ModelState.isWatchable($0) })
        entries.withLock { entries in
            entries.removeAll { $0.reads == nil }
            entries.append(entry)
        }
    }

    /// Suspends until every live recorder that `match` names has read its state once more on its
    /// own actor, behind the reads it had queued: a wait calls it before it returns. With none,
    /// it costs one uncontended lock.
    static func settle(
        _ match: Match?,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        guard let match else { return }
        let matching = entries.withLock { entries -> [ReadScheduler] in
            guard !entries.isEmpty else { return [] }
            entries.removeAll { $0.reads == nil }
            return entries.compactMap { entry in
                switch match {
                case .object(let object):
                    entry.objects.contains(object) ? entry.reads : nil
                case .objects(let objects):
                    entry.objects.contains(where: objects.contains) ? entry.reads : nil
                case .observableObjects:
                    entry.observesObservableObject ? entry.reads : nil
                }
            }
        }
        guard !matching.isEmpty else { return }
        // Bounded, so that a recorder whose actor never runs again (blocked by the test, say)
        // cannot keep a wait that has its verdict from returning: it is then merely behind.
        var patience: DeadlineTimer?
        await withCheckedContinuation(isolation: isolation) {
            (continuation: CheckedContinuation<Void, Never>) in
            let pending = Locked((left: matching.count, continuation: Optional(continuation)))
            let finish: @Sendable (_ all: Bool) -> Void = { all in
                let ready = pending.withLock { pending -> CheckedContinuation<Void, Never>? in
                    pending.left -= 1
                    guard all || pending.left == 0 else { return nil }
                    defer { pending.continuation = nil }
                    return pending.continuation
                }
                ready?.resume()
            }
            patience = DeadlineTimer(after: Self.patience) { finish(true) }
            for reads in matching {
                reads.readOnceMore { finish(false) }
            }
        }
        patience?.cancel()
    }

    /// How long a wait gives its model's recorders to catch up before it returns regardless;
    /// bound by tests to see that it does.
    @TaskLocal static var patience: Duration = .seconds(10)
}
