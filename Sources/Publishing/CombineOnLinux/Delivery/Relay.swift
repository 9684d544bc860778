// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// The delivery mechanism behind every subject, `@Published` property and
    /// `ObservableObjectPublisher`.
    ///
    /// - Each subscriber gets every event sent from outside a delivery in the order the relay
    ///   accepted it: who delivers what is decided while the relay's lock is held, so a replayed
    ///   current value can never be overtaken by a concurrent send. (One sent from inside a
    ///   delivery goes out at once, nested: see below.)
    /// - Delivery runs outside the lock, on the sending thread, by ``DeliveryTurn``'s rule (a
    ///   turn per subscriber). An event sent from inside a
    ///   delivery, on the delivering thread, goes to that subscriber at once, nested in the
    ///   delivery (depth-first, as Combine's recursive lock lets it); if another thread is
    ///   delivering to it, the event waits in its queue and that delivery hands it over next. So
    ///   sending, subscribing and cancelling from inside a closure never deadlock.
    /// - No subscriber receives events from two threads at once.
    /// - The common case, a send to idle subscribers, queues nothing and allocates nothing: each
    ///   idle subscriber is claimed under the lock and handed the value directly.
    /// - A `@Published` property's relay stores the value the property reads only once it has
    ///   been delivered (Combine's `willSet` order). A property that a test's wait watches hears
    ///   of each store through the wait seam (`WaitSeam/Published+StoreWatch.swift`).
    @usableFromInline
    // @unchecked: every mutable field here and in `Subscription` is guarded by `lock`, except a
    // claimed subscriber's delivery, which only the thread whose turn it is performs.
    final class Relay<Output, Failure: Error>: @unchecked Sendable {
        @usableFromInline typealias Event = PublisherEvent<Output, Failure>
        @usableFromInline typealias Completion = Subscribers.Completion<Failure>

        @usableFromInline
        final class Subscription {
            // @exclusivity(unchecked) here and below: these are only reached while holding the
            // relay's lock (the handlers also by the one that ends the stage, after it), which
            // already makes every access exclusive, so the runtime's check would only add a call
            // to every send.
            /// Read only under the lock and while `stage` is live; cleared by whoever ends it, after
            /// the lock. Fields beside the stage, not its payload: reading one closure out of an
            /// enum's payload copies all three, a retain and a release each on every send.
            @usableFromInline @exclusivity(unchecked) var receiveValue: ((Output) -> Void)?
            @usableFromInline @exclusivity(unchecked) var receiveCompletion: ((Completion) -> Void)?
            /// Ended by cancelling or by delivering the completion, under the lock: from then on
            /// nobody but the one that ended it touches the handlers, which it clears after the
            /// lock.
            @usableFromInline @exclusivity(unchecked) var stage = RelayStage.live
            /// Events accepted while a delivery to this subscriber was in progress; made on first
            /// need. A class reference, not a queue in place: a generic class's stored properties
            /// are destroyed by unspecialised code, which would look up the metadata of every
            /// generic field type on each cancel.
            @usableFromInline @exclusivity(unchecked) var backlog: Backlog?
            /// Whose turn it is to deliver to this subscriber: a value the delivering thread sends
            /// to it from inside the delivery is delivered at once (depth-first), as Combine does;
            /// another thread's waits in the backlog. Nested deliveries do not count in it: the
            /// claim is taken and ended once, by the thread that drains the backlog.
            @usableFromInline @exclusivity(unchecked) var turn = DeliveryTurn()
            /// Held, as a Combine subscription holds its subject, until cancelled. The relay holds
            /// the subscription only while it is subscribed, so the cycle ends with it; and the
            /// token's closure captures only the subscription, which then serves as its context
            /// instead of a context allocated per subscription.
            @usableFromInline let relay: Relay

            /// Marks this idle subscriber as being delivered to by the calling thread. Under the
            /// lock.
            @inlinable @inline(__always)
            func claim() {
                _ = turn.claim(.byLoop)
            }

            /// Ends this subscriber's stage, under the lock; returns whether it was live: the
            /// caller then owns the handlers, and clears them after the lock.
            @inlinable
            func end() -> Bool {
                guard case .live = stage else { return false }
                stage = .ended
                return true
            }

            /// Where a value goes: the handler, while live.
            @inlinable
            var liveReceiveValue: ((Output) -> Void)? {
                guard case .live = stage else { return nil }
                return receiveValue
            }

            /// Lets the handlers go, after the lock, once ``end()`` said so.
            @inlinable
            func clearHandlers() {
                receiveValue = nil
                receiveCompletion = nil
            }

            @inlinable
            func enqueue(_ event: Event) {
                if backlog == nil { backlog = Backlog() }
                backlog!.events.push(event)
            }

            @inlinable
            init(
                relay: Relay,
                receiveValue: @escaping (Output) -> Void,
                receiveCompletion: @escaping (Completion) -> Void
            ) {
                self.relay = relay
                self.receiveValue = receiveValue
                self.receiveCompletion = receiveCompletion
            }
        }

        @usableFromInline
        final class Backlog {
            @usableFromInline var events = FIFO<Event>()

            @inlinable
            init() {}
        }

        @usableFromInline let lock = Lock()
        @usableFromInline @exclusivity(unchecked) var current: Output?
        @usableFromInline @exclusivity(unchecked) var subscriptions: [Subscription] = []
        @usableFromInline @exclusivity(unchecked) var completion: Completion?
        /// For a `@Published` property's relay: the object's `objectWillChange`, once found.
        @usableFromInline @exclusivity(unchecked) var willChange = WillChange.unresolved
        /// For a `@Published` property's relay: the `assign(to:)` subscriptions feeding it, which
        /// live as long as the property.
        @usableFromInline @exclusivity(unchecked) var assignments: [AnyCancellable] = []
        /// For a `@Published` property's relay: what the property reads. As in Combine, it is
        /// stored only once the new value has been delivered (Combine publishes in `willSet`), so
        /// a subscriber reading the property sees the old value.
        @usableFromInline @exclusivity(unchecked) var stored: Output?
        /// Values accepted so far: a store is skipped once another thread's later value has
        /// been accepted, so the property ends on the last value sent when sends overlap.
        @usableFromInline @exclusivity(unchecked) var accepted: UInt64 = 0
        /// The thread that sent the value accepted last, and the sequence number from which
        /// every value accepted was that thread's. Values sent from inside a delivery, on the
        /// delivering thread, do not skip the store of the assignment that was delivering: as in
        /// Combine, it stores its value after them. One from another thread since does.
        @usableFromInline @exclusivity(unchecked) var acceptedOn: ThreadID?
        @usableFromInline @exclusivity(unchecked) var acceptedOnSince: UInt64 = 0
        /// For a `@Published` property's relay: the wait seam's state, once a test's wait or
        /// whole-model check has watched this property's stores (`Published+StoreWatch.swift`).
        @usableFromInline @exclusivity(unchecked) var storeWatch: StoreWatch?
        /// For a `@Published` property's relay: the wait seam's probe, while a change step reads
        /// a key path to find which property it is (`Published+ReadProbe.swift`).
        @usableFromInline @exclusivity(unchecked) var readProbe: ReadProbe?

        /// A relay with no current value, like `PassthroughSubject`.
        @inlinable
        init() {}

        /// A relay that replays `value` to each new subscriber, like `CurrentValueSubject`.
        @inlinable
        init(value: Output) {
            current = value
        }

        /// The current value. Only call this on a relay made with `init(value:)`.
        @inlinable
        var value: Output {
            lock.withLock { current! }
        }

        /// Stores `value` as the current one (if the relay has one) and delivers it.
        @inlinable
        func send(_ value: Output) {
            lock.lock()
            guard completion == nil else {
                lock.unlock()
                return
            }
            if current != nil { current = value }
            deliverAndUnlock(value)
        }

        /// A relay for a `@Published` property of initial value `value`.
        @inlinable
        init(property value: Output) {
            current = value
            stored = value
        }

        /// Delivers the completion and ends every subscription; later events are ignored.
        @inlinable
        func send(completion: Completion) {
            lock.lock()
            guard self.completion == nil else {
                lock.unlock()
                return
            }
            self.completion = completion
            let ended = subscriptions
            subscriptions = []
            var idle: [Subscription] = []
            var nested: [Subscription] = []
            for subscription in ended {
                if !subscription.turn.isTaken {
                    subscription.enqueue(.completion(completion))
                    subscription.claim()
                    idle.append(subscription)
                } else if subscription.turn.isInsideDelivery {
                    // Sent from inside this subscriber's delivery: it ends now, as in Combine;
                    // the delivery under way delivers nothing more.
                    if subscription.end() { nested.append(subscription) }
                } else {
                    subscription.enqueue(.completion(completion))
                }
            }
            lock.unlock()
            for subscription in nested {
                // Ended as a cancel ends it: nobody else touches the handlers now.
                subscription.receiveCompletion?(completion)
                subscription.clearHandlers()
            }
            for subscription in idle {
                drain(subscription)
            }
        }

        /// Subscribes a pair of closures, replaying the current value (or the completion) first.
        @inlinable
        func subscribe(
            receiveCompletion: @escaping (Completion) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            add(
                Subscription(
                    relay: self, receiveValue: receiveValue, receiveCompletion: receiveCompletion),
                replayingTo: receiveValue)
        }

        /// Subscribes `subscription`, whose value handler is `receiveValue`, replaying the current
        /// value (or the completion) first.
        @inlinable
        func add(
            _ subscription: Subscription, replayingTo receiveValue: (Output) -> Void
        ) -> AnyCancellable {
            lock.lock()
            if let completion {
                subscription.enqueue(.completion(completion))
            } else {
                subscriptions.append(subscription)
            }
            let replay = completion == nil ? current : nil
            let hasEvent = replay != nil || subscription.backlog != nil
            if hasEvent { subscription.claim() }
            lock.unlock()
            if hasEvent {
                if let replay { receiveValue(replay) }
                drain(subscription)
            }
            // The subscription holds the relay strongly: a weak reference would give the relay a
            // side table, slowing every later retain and release of it.
            return AnyCancellable { subscription.relay.cancel(subscription) }
        }

        @inlinable
        func cancel(_ subscription: Subscription) {
            // The handlers and queued events are released after the lock: their deinit may re-enter.
            // Once the stage is ended under the lock, no delivery reads the handlers again, so
            // they are cleared in place after it: moved out to release later (into a tuple, or
            // through `take()`), each closure is re-wrapped in a new one, an allocation.
            lock.lock()
            if let index = subscriptions.firstIndex(where: { $0 === subscription }) {
                subscriptions.remove(at: index)
            }
            let wasLive = subscription.end()
            let backlog = subscription.backlog.take()
            lock.unlock()
            if wasLive { subscription.clearHandlers() }
            _ = consume backlog
        }

        // MARK: Delivery

        /// Hands `value` to every subscriber; called with the lock held, and releases it.
        ///
        /// Idle subscribers are claimed (marked as being delivered to) under the lock, then handed
        /// the value after it; busy ones get it queued. Claims of the first 64 subscribers are kept
        /// in a bit mask, so the common case allocates nothing.
        @inlinable
        func deliverAndUnlock(_ value: Output) {
            guard !subscriptions.isEmpty else {
                lock.unlock()
                return
            }
            let targets = subscriptions
            // One idle subscriber: hand the value straight over.
            if targets.count == 1, !targets[0].turn.isTaken,
                let receiveValue = targets[0].receiveValue
            {
                let subscription = targets[0]
                subscription.claim()
                lock.unlock()
                receiveValue(value)
                drain(subscription)
                return
            }
            var claimed: UInt64 = 0
            // Subscribers this thread is delivering to already: the value is sent from inside
            // that delivery, and goes to them at once, in the delivery that holds their claim.
            var nested: UInt64 = 0
            var queued: [Subscription] = []
            for (index, subscription) in targets.enumerated() {
                if subscription.turn.isTaken {
                    if index < UInt64.bitWidth, subscription.turn.isInsideDelivery {
                        nested |= 1 << index
                    } else {
                        subscription.enqueue(.value(value))
                    }
                } else if index < UInt64.bitWidth {
                    subscription.claim()
                    claimed |= 1 << index
                } else {
                    subscription.claim()
                    subscription.enqueue(.value(value))
                    queued.append(subscription)
                }
            }
            lock.unlock()
            var remaining = claimed | nested
            while remaining != 0 {
                let index = remaining.trailingZeroBitCount
                remaining &= remaining - 1
                let subscription = targets[index]
                // Not `withLock`: returning a closure through its generic result would re-wrap it,
                // allocating on every delivery.
                lock.lock()
                let receiveValue = subscription.liveReceiveValue
                lock.unlock()
                receiveValue?(value)
                if claimed & (1 << index) != 0 { drain(subscription) }
            }
            for subscription in queued {
                drain(subscription)
            }
        }

        /// Delivers a claimed subscriber's queued events one at a time, then releases the claim.
        @inlinable
        func drain(_ subscription: Subscription) {
            drainKeepingLock(subscription)
            lock.unlock()
        }

        /// ``drain(_:)``, returning with the lock held: the claim is released under it.
        @inlinable
        func drainKeepingLock(_ subscription: Subscription) {
            DeliveryTurn.loop(
                nil,
                // Returns with the lock held: `deliver` releases it; when the turn has ended,
                // the caller does.
                next: {
                    lock.lock()
                    return subscription.turn.proceed(to: subscription.backlog?.events.pop())
                },
                deliver: { event in
                    switch event {
                    case .value(let value):
                        let receiveValue = subscription.liveReceiveValue
                        lock.unlock()
                        receiveValue?(value)
                    case .completion(let completion):
                        // Ended as a cancel ends it: nothing more goes to it.
                        let isEnded = subscription.end()
                        lock.unlock()
                        guard isEnded else { return }
                        subscription.receiveCompletion?(completion)
                        subscription.clearHandlers()
                    }
                })
        }
    }

    /// Where a subscriber of a ``Relay`` stands. Outside the generic class: code compiled once
    /// for every relay's types reads it with no look-up of a generic type at run time.
    @usableFromInline
    enum RelayStage {
        /// Subscribed: events go to its handlers.
        case live
        /// Cancelled, or the completion delivered: nothing more goes to it.
        case ended
    }
#endif
