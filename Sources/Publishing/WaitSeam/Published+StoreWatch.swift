// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // The wait seam (see CONTRIBUTING.md): how ObservationTesting's waits and whole-model checks
    // hear of a `@Published` property's values only once they are stored. A `@Published`
    // property publishes before it stores, as in Combine, and a wait that woke on the value
    // would find the test's next line reading the old one. It lives in `Publishing` because it
    // joins the relay's lock and the order in which its assignments store.
    //
    // The delivery rule's one exception (see `DeliveryTurn`) is here: a watcher is handed its
    // value under the relay's lock, right after the store, so that no other assignment comes
    // between the store and the hand-over. A watcher never uses the relay.

    extension Published.Publisher {
        /// Like `sink`, but each value is handed over only once the assignment that sent it has
        /// stored it (or a later one has overtaken it): what a test's wait on a `@Published`
        /// property takes (`Publisher+Waiting.swift`). `receiveValue` runs under a lock: it must
        /// not assign the property or subscribe to it.
        @inlinable
        package func sinkAfterStores(_ receiveValue: @escaping (Value) -> Void) -> AnyCancellable {
            relay.subscribeAfterStores(receiveValue)
        }
    }

    extension Relay {
        /// The subscribers watching a `@Published` property's stores, and what they asked to run
        /// after a store. Made by the first watcher and kept for the relay's life: its assignments
        /// then all go through ``publishThenStoreAndUnlock(_:watchedBy:)``.
        @usableFromInline
        final class StoreWatch {
            /// What the watchers asked to run once the assignment delivering to them has stored
            /// its value. Run in order, under the lock.
            @usableFromInline var afterStore: [() -> Void] = []
            /// Each watcher's subscription, and what takes a value from it once the value is
            /// stored.
            @usableFromInline var watchers: [Watcher] = []

            /// A watcher's subscription, and what takes its values once stored.
            @usableFromInline typealias Watcher = (
                id: ObjectIdentifier, receiveStored: (Output) -> Void
            )

            @usableFromInline
            init() {}

            /// What takes a stored value for `subscription`, if it is a watcher's.
            @inlinable
            func receiveStored(of subscription: Subscription) -> ((Output) -> Void)? {
                let id = ObjectIdentifier(subscription)
                for watcher in watchers where watcher.id == id {
                    return watcher.receiveStored
                }
                return nil
            }
        }

        /// A `@Published` assignment of a watched property, called with the lock held: delivers
        /// `value`, stores it, then runs what the watchers asked to run after the store, and
        /// releases the lock.
        ///
        /// Never inlined, so that the assignment of a property no test watches (`publishThenStore`)
        /// stays as small as Combine's.
        @inlinable @inline(never)
        func publishThenStoreAndUnlock(_ value: Output, watchedBy watch: StoreWatch) {
            let sequence = accept(value)
            if subscriptions.count == 1, !subscriptions[0].turn.isTaken,
                let receiveStored = watch.receiveStored(of: subscriptions[0])
            {
                // A watcher (a test's wait), alone and idle: it takes nothing before the store,
                // and with the lock held from the value's acceptance to its hand-over no other
                // assignment comes between. Values queued for it by earlier assignments go first.
                // No delivery to it, no closure queued per value.
                stored = value
                guard watch.afterStore.isEmpty else {
                    watch.afterStore.append { receiveStored(value) }
                    runAfterStoreAndUnlock(watch)
                    return
                }
                receiveStored(value)
                lock.unlock()
                return
            }
            deliverKeepingLock(value)
            store(value, acceptedAs: sequence)
            // Also with nobody left to deliver to: what a watcher that has left since asked for
            // runs, rather than being kept.
            runAfterStoreAndUnlock(watch)
        }

        /// Runs the actions asked for after the store, in order, then releases the lock. Called
        /// with the lock held; the actions must not use this relay.
        @inlinable
        func runAfterStoreAndUnlock(_ watch: StoreWatch) {
            guard !watch.afterStore.isEmpty else {
                lock.unlock()
                return
            }
            // Run under the lock, so that two threads finishing assignments at once keep the order
            // in which the values were delivered; released after it, as their captures' deinit
            // may use the relay.
            let actions = watch.afterStore
            watch.afterStore = []
            for action in actions { action() }
            lock.unlock()
            _ = consume actions
        }

        /// Subscribes `receiveValue` to a `@Published` property's values, each handed over only
        /// once the assignment delivering it has stored it (or a later one has overtaken it); the
        /// current value at once. `receiveValue` runs under the relay's lock, so it must not use
        /// this relay.
        @inlinable
        func subscribeAfterStores(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            lock.lock()
            let watch = storeWatch ?? StoreWatch()
            storeWatch = watch
            lock.unlock()
            // Delivered to while busy or beside other subscribers: queued to run after the store.
            let queueAfterStore: (Output) -> Void = { [self] value in
                lock.lock()
                watch.afterStore.append { receiveValue(value) }
                lock.unlock()
            }
            let subscription = Subscription(
                relay: self, receiveValue: queueAfterStore, receiveCompletion: { _ in })
            let id = ObjectIdentifier(subscription)
            lock.lock()
            watch.watchers.append((id, receiveValue))
            lock.unlock()
            let token = add(subscription, replayingTo: queueAfterStore)
            // The replayed current value, and any that other threads' assignments queued for this
            // subscriber while it replayed (those assignments may have run their actions before
            // this subscriber asked), were delivered by this call: hand them over now.
            lock.lock()
            runAfterStoreAndUnlock(watch)
            return AnyCancellable { [self] in
                // The subscription lives until its watcher is removed: freed before, its address,
                // the watcher's id, could be another subscription's meanwhile.
                withExtendedLifetime(subscription) {
                    token.cancel()
                    // Released after the lock: its captures' deinit may use the relay.
                    lock.lock()
                    let index = watch.watchers.firstIndex { $0.id == id }
                    let left = index.map { watch.watchers.remove(at: $0) }
                    lock.unlock()
                    _ = consume left
                }
            }
        }

        /// Tells `onStore` after each later assignment of a `@Published` property has stored its
        /// value (or found a later one had): how an `ObservedState` watching a whole
        /// `ObservableObject` hears of a change after its store (`ModelState`). `onStore` runs
        /// under the relay's lock: it must not use this relay.
        func subscribeToStores(_ onStore: @escaping () -> Void) -> AnyCancellable {
            var isReplay = true
            return subscribeAfterStores { _ in
                // The first value is the current one, replayed on subscribing: not a change.
                if isReplay {
                    isReplay = false
                } else {
                    onStore()
                }
            }
        }
    }
#endif
