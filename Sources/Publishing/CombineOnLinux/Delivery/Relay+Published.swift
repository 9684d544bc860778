// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // A `@Published` property's side of the relay: Combine's order (`objectWillChange`, then
    // the value, then the store). What a test's wait needs beyond it, each value handed over once
    // stored, is the wait seam's (`WaitSeam/Published+StoreWatch.swift`).
    extension Relay {
        /// What a `@Published` property reads: the last value delivered in full.
        @inlinable
        var storedValue: Output {
            lock.withLock { stored! }
        }

        /// What a `@Published` property's getter reads: ``storedValue``, noted by the wait
        /// seam's probe while one is installed.
        @inlinable
        var readValue: Output {
            lock.withLock {
                if let readProbe { readProbe.noteRead(of: self) }
                return stored!
            }
        }

        /// Fires `object`'s `objectWillChange`, then delivers `value`, then stores it: a
        /// `@Published` assignment, in Combine's order.
        @inlinable
        func send(_ value: Output, announcingChangeOf object: AnyObject) {
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
        /// thread's later value was accepted meanwhile.
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
            // A property a test's wait watches assigns through the wait seam, which also hands
            // the wait each value once it is stored.
            if let watch = storeWatch { return publishThenStoreAndUnlock(value, watchedBy: watch) }
            let sequence = accept(value)
            deliverKeepingLock(value)
            store(value, acceptedAs: sequence)
            lock.unlock()
        }

        /// Takes `value` as the latest one sent, and returns its sequence number. Under the lock.
        @inlinable
        func accept(_ value: Output) -> UInt64 {
            accepted &+= 1
            if acceptedOn?.isCurrent != true {
                acceptedOn = .current
                acceptedOnSince = accepted
            }
            current = value
            return accepted
        }

        /// Delivers `value` to every subscriber; called with the lock held, and returns with it
        /// held.
        @inlinable
        func deliverKeepingLock(_ value: Output) {
            guard !subscriptions.isEmpty else { return }
            if subscriptions.count == 1, !subscriptions[0].turn.isTaken,
                let receiveValue = subscriptions[0].receiveValue
            {
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
        }

        /// Stores `value`, accepted as `sequence`, as the property's, unless a later value was
        /// accepted since, other than this thread's nested ones. Under the lock.
        @inlinable
        func store(_ value: Output, acceptedAs sequence: UInt64) {
            if accepted == sequence
                || (acceptedOn?.isCurrent == true && acceptedOnSince <= sequence)
            {
                stored = value
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
