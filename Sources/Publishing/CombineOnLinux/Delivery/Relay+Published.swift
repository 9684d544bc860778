// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // A `@Published` property's side of the relay: Combine's order (`objectWillChange`, then
    // the value, then the store), and what the package's own subscribers wait for. Those are
    // handed a value under the relay's lock, right after the store: the delivery rule's one
    // exception (see `DeliveryTurn`), so that no other assignment comes between the store and
    // the hand-over; they never use the relay.
    extension Relay {
        /// What a `@Published` property reads: the last value delivered in full.
        @inlinable
        var storedValue: Output {
            lock.withLock { stored! }
        }

        /// Fires `object`'s `objectWillChange`, then delivers `value`, then stores it: a
        /// `@Published` assignment, in Combine's order.
        @inlinable
        package func send(_ value: Output, announcingChangeOf object: AnyObject) {
            lock.lock()
            let willChange = self.willChange
            lock.unlock()
            switch willChange {
            case .publisher(let publisher): publisher.send()
            case .none: break
            case .unresolved: resolveWillChange(of: object)?.send()
            }
            publishThenStore(value)
        }

        /// Fires the `objectWillChange` installed for this property, if any, then delivers and
        /// stores `value`: an assignment through `assign(to:)`, which does not know the object.
        func sendAnnouncingInstalledWillChange(_ value: Output) {
            lock.lock()
            let publisher = willChange.publisher
            lock.unlock()
            publisher?.send()
            publishThenStore(value)
        }

        /// Delivers `value` as the current one, then stores it as the property's, unless another
        /// thread's later value was accepted meanwhile; then runs what the package's own
        /// subscribers asked to run after the store.
        ///
        /// A value a subscriber assigns from inside the delivery is stored first and then
        /// overwritten by this one, as in Combine, which stores after publishing (`willSet`): a
        /// property set again from a sink of its own publisher ends on the earlier value.
        @inlinable
        func publishThenStore(_ value: Output) {
            lock.lock()
            guard completion == nil else {
                lock.unlock()
                return
            }
            accepted &+= 1
            if acceptedOn?.isCurrent != true {
                acceptedOn = .current
                acceptedOnSince = accepted
            }
            current = value
            guard !subscriptions.isEmpty else {
                // Nobody to deliver to: store at once (and run what a subscriber that has left since
                // asked for, rather than keep it).
                stored = value
                runAfterStoreAndUnlock()
                return
            }
            let sequence = accepted
            let isAloneAndIdle = subscriptions.count == 1 && !subscriptions[0].turn.isTaken
            if isAloneAndIdle, let receiveStored = subscriptions[0].receiveStored {
                // One of the package's own subscribers (a test's wait), alone and idle: it takes
                // nothing before the store, and with the lock held from the value's acceptance
                // to its hand-over no other assignment comes between. Values queued for it by
                // earlier assignments go first. No delivery to it, no closure queued per value.
                stored = value
                guard afterStore.isEmpty else {
                    afterStore.append { receiveStored(value) }
                    runAfterStoreAndUnlock()
                    return
                }
                receiveStored(value)
                lock.unlock()
                return
            }
            if isAloneAndIdle, let receiveValue = subscriptions[0].receiveValue {
                // One idle subscriber, the usual case: the store joins the lock that ends the
                // delivery, so the assignment takes the lock no more often than a subject's send.
                let subscription = subscriptions[0]
                subscription.claim()
                lock.unlock()
                receiveValue(value)
                drainKeepingLock(subscription)
            } else {
                deliverAndUnlock(value)
                lock.lock()
            }
            // Stored unless a later value was accepted since, other than this thread's nested
            // ones.
            if accepted == sequence
                || (acceptedOn?.isCurrent == true && acceptedOnSince <= sequence)
            {
                stored = value
            }
            runAfterStoreAndUnlock()
        }

        /// Runs the actions asked for after the store, in order, then releases the lock. Called
        /// with the lock held; the actions must not use this relay.
        @inlinable
        func runAfterStoreAndUnlock() {
            guard !afterStore.isEmpty else {
                lock.unlock()
                return
            }
            // Run under the lock, so that two threads finishing assignments at once keep the order
            // in which the values were delivered; released after it, as their captures' deinit
            // may use the relay.
            let actions = afterStore
            afterStore = []
            for action in actions { action() }
            lock.unlock()
            _ = consume actions
        }

        /// Subscribes `receiveValue` to a `@Published` property's values, each handed over only
        /// once the assignment delivering it has stored it (or a later one has overtaken it); the
        /// current value at once. For the package's own subscribers: `receiveValue` runs under the
        /// relay's lock, so it must not use this relay.
        @inlinable
        func subscribeAfterStores(_ receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            let subscription = subscribe(
                receiveCompletion: { _ in },
                receiveValue: { [self] value in
                    lock.lock()
                    afterStore.append { receiveValue(value) }
                    lock.unlock()
                },
                receiveStored: receiveValue)
            // The replayed current value, and any that other threads' assignments queued for this
            // subscriber while it replayed (those assignments may have run their actions before
            // this subscriber asked), were delivered by this call: hand them over now.
            lock.lock()
            runAfterStoreAndUnlock()
            return subscription
        }

        /// Tells `onStore` after each later assignment of a `@Published` property has stored its
        /// value (or found a later one had). `onStore` runs under the relay's lock: it must not
        /// use this relay.
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

        /// Keeps an `assign(to:)` subscription as long as this relay lives.
        func keep(_ assignment: AnyCancellable) {
            lock.withLock { assignments.append(assignment) }
        }

        /// Settles that an assignment announces nothing until `objectWillChange` is read.
        ///
        /// As in Combine, `@Published` fires only the synthesized `objectWillChange`, and reading
        /// it installs it here (nobody can be subscribed before that); a hand-written one is never
        /// fired. So the first assignment of a new view model looks nothing up.
        @usableFromInline
        func resolveWillChange(of object: AnyObject) -> ObservableObjectPublisher? {
            lock.withLock {
                if case .unresolved = willChange { willChange = .none }
                return willChange.publisher
            }
        }
    }

    /// Where a `@Published` property's assignments announce themselves.
    @usableFromInline
    enum WillChange {
        case unresolved
        /// Nothing is announced until `objectWillChange` is read and installs itself.
        case none
        case publisher(ObservableObjectPublisher)

        var publisher: ObservableObjectPublisher? {
            if case .publisher(let publisher) = self { return publisher }
            return nil
        }
    }

    extension Relay: WillChangeSlot {
        var installedWillChange: ObservableObjectPublisher? {
            lock.withLock { willChange.publisher }
        }

        func install(_ publisher: ObservableObjectPublisher) {
            lock.withLock { willChange = .publisher(publisher) }
        }
    }
#endif
