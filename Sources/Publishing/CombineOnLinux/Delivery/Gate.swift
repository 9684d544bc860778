// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// The downstream end of an operator that an upstream and a scheduler, or any thread, may
    /// call at once (`debounce`, `timeout`, `delay`, `receive(on:)`, and `NotificationCenter`'s
    /// and `URLSession`'s publishers).
    ///
    /// Upstreams may send from any thread at once. Each change of the operator's `State` and the
    /// events it decides on happen under one lock, so the order downstream is the order of the
    /// changes (but for a change made from inside a delivery, which goes out at once); delivery
    /// runs outside the lock, one event at a time, by ``DeliveryTurn``'s rule: whichever
    /// thread finds nobody delivering delivers, and events decided from inside a delivery on
    /// its own thread go out at once, nested in it. Nothing is delivered after the completion or
    /// a cancel, and both cancel every upstream held.
    ///
    /// It and ``SerialDownstream`` are two because their ends differ: this one holds an
    /// operator's closures, its upstreams and a state changed under the same lock as its events
    /// are decided, while a `SerialDownstream` holds a `Subscriber`, whose demand each value's
    /// delivery returns to its sender.
    // @unchecked: every mutable field is guarded by `lock`; only the thread whose turn it is
    // (`turns`) calls the handlers.
    final class Gate<State, Output, Failure: Error>: @unchecked Sendable {
        typealias Event = PublisherEvent<Output, Failure>

        /// The events a state change decides on, delivered in order once the lock is released.
        struct Outbox {
            /// The first event, kept inline: most changes decide on one or none, and need no array.
            fileprivate var first: Event?
            fileprivate var rest: [Event] = []
            /// Whether the change comes from inside a delivery, on the delivering thread: a value
            /// a subscriber sends back into the operator while it receives.
            fileprivate(set) var isInsideDelivery = false

            mutating func send(_ value: Output) { append(.value(value)) }
            mutating func finish(_ completion: Subscribers.Completion<Failure> = .finished) {
                append(.completion(completion))
            }

            private mutating func append(_ event: Event) {
                if first == nil { first = event } else { rest.append(event) }
            }
        }

        private let lock = Lock()
        // @exclusivity(unchecked) on each field: all are only reached while holding `lock`, which
        // already makes every access exclusive (as in ``Relay``).
        @exclusivity(unchecked) private var state: State
        /// Where the stream stands, holding the handlers until the completion has gone out.
        @exclusivity(unchecked) private var stage: Stage
        /// Whose turn it is to deliver, and the events decided on while another thread's turn
        /// was under way.
        @exclusivity(unchecked) private var turns = DeliveryQueue<Event>()
        /// The upstreams held while the stream is open; empty once it is not.
        @exclusivity(unchecked) private var upstreams: [Int: AnyCancellable] = [:]
        @exclusivity(unchecked) private var nextUpstream = 0
        /// Keys of upstreams that ended before their subscription was held: see ``reserve()``.
        @exclusivity(unchecked) private var endedEarly: Set<Int> = []

        init(
            _ state: State,
            receiveValue: @escaping (Output) -> Void,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
        ) {
            self.state = state
            stage = .open(Handlers(value: receiveValue, completion: receiveCompletion))
        }

        /// Changes the state and queues the events `change` decides on, then delivers them unless
        /// another thread is delivering (which then delivers them next).
        @discardableResult
        func update<Result>(_ change: (inout State, inout Outbox) -> Result) -> Result {
            var outbox = Outbox()
            lock.lock()
            guard stage.isOpen else {
                let result = changeState(change, &outbox)
                lock.unlock()
                return result
            }
            outbox.isInsideDelivery = turns.isInsideDelivery
            let result = changeState(change, &outbox)
            guard let first = outbox.first else {
                lock.unlock()
                return result
            }
            // The common case: one value, and nobody delivering. Hand it over without queueing.
            if outbox.rest.isEmpty, !turns.isTaken, case .value(let value) = first {
                _ = turns.claim(first)
                let receiveValue = stage.handlers?.value
                lock.unlock()
                receiveValue?(value)
                drain()
                return result
            }
            var ended: [AnyCancellable] = []
            if outbox.isInsideDelivery {
                // Decided from inside this thread's own delivery: delivered now, inside it.
                var nested: [Event] = []
                for event in CollectionOfOne(first) + outbox.rest where stage.isOpen {
                    nested.append(event)
                    if case .completion = event { ended = close() }
                }
                lock.unlock()
                for upstream in ended { upstream.cancel() }
                for event in nested { deliverNow(event) }
                return result
            }
            for event in CollectionOfOne(first) + outbox.rest where stage.isOpen {
                turns.enqueue(event)
                if case .completion = event { ended = close() }
            }
            // Queued for the thread delivering; or, with none, this thread takes the turn and
            // delivers them, from the queue's start.
            let shouldDeliver = !turns.isTaken && !turns.isQueueEmpty
            if shouldDeliver { turns.beginHandOver() }
            lock.unlock()
            for upstream in ended { upstream.cancel() }
            if shouldDeliver { drain() }
            return result
        }

        /// Runs `body`, which hands the subscriber its subscription, as a delivery: an event
        /// decided on meanwhile waits for it, and one this thread decides on inside it (the
        /// subscriber asked, and the upstream sent at once) goes out at once, nested. What
        /// waited is then delivered by work `schedule` runs (on the operator's scheduler, where
        /// it was meant to go out), not by the subscribing thread; events that come before
        /// that work runs queue behind it.
        func handOver(_ body: () -> Void, resumingWith schedule: (@escaping () -> Void) -> Void) {
            lock.lock()
            // Nothing is delivered before the hand-over, so nobody is delivering.
            guard !turns.isTaken else {
                lock.unlock()
                return body()
            }
            turns.beginHandOver()
            lock.unlock()
            body()
            lock.lock()
            guard !turns.isQueueEmpty else {
                turns.endHandOver()
                lock.unlock()
                return
            }
            // The turn is kept, on no thread: later events queue until the scheduled work
            // delivers them all, in order.
            turns.park()
            lock.unlock()
            schedule { [self] in
                lock.withLock { turns.resume() }
                drain()
            }
        }

        /// Runs `change` on the state; called with the lock held.
        private func changeState<Result>(
            _ change: (inout State, inout Outbox) -> Result, _ outbox: inout Outbox
        ) -> Result {
            // An empty state (`Void`) is passed in-out at no real address, which ThreadSanitizer
            // counted as a write to whatever memory it named (a closure context another thread
            // read): a copy of nothing costs nothing and keeps the write on this stack.
            guard MemoryLayout<State>.size > 0 else {
                var empty = state
                return change(&empty, &outbox)
            }
            return change(&state, &outbox)
        }

        /// A key for an upstream about to be subscribed: it may end (and ``release(_:)`` its key)
        /// before `sink` returns the subscription to ``hold(_:as:)``.
        func reserve() -> Int {
            lock.withLock {
                defer { nextUpstream += 1 }
                return nextUpstream
            }
        }

        /// Keeps an upstream subscription until the stream ends; cancels it at once if the stream
        /// has already ended.
        func hold(_ upstream: AnyCancellable, as key: Int? = nil) {
            lock.lock()
            let key = key ?? nextUpstream
            if key == nextUpstream { nextUpstream += 1 }
            guard stage.isOpen else {
                lock.unlock()
                upstream.cancel()
                return
            }
            if endedEarly.remove(key) == nil { upstreams[key] = upstream }
            lock.unlock()
        }

        /// Drops the subscription of an upstream that has ended, without cancelling anything else.
        func release(_ key: Int) {
            let upstream = lock.withLock {
                let upstream = upstreams.removeValue(forKey: key)
                if upstream == nil { endedEarly.insert(key) }
                return upstream
            }
            withExtendedLifetime(upstream) {}
        }

        /// Cancels one held upstream, such as an inner publisher that a newer one replaces.
        func cancelUpstream(_ key: Int) {
            let upstream = lock.withLock {
                let upstream = upstreams.removeValue(forKey: key)
                if upstream == nil { endedEarly.insert(key) }
                return upstream
            }
            upstream?.cancel()
        }

        /// Ends the subscription: drops queued events and handlers, and cancels every upstream.
        func cancel() {
            lock.lock()
            let ended = upstreams
            upstreams = [:]
            let handlers = stage.end()
            let dropped = turns.dropQueued()
            lock.unlock()
            for upstream in ended.values { upstream.cancel() }
            withExtendedLifetime((handlers, dropped)) {}
        }

        /// Accepts the completion, under the lock: nothing more is decided; returns the upstreams,
        /// to be cancelled after the lock.
        private func close() -> [AnyCancellable] {
            if case .open(let handlers) = stage { stage = .completing(handlers) }
            defer { upstreams = [:] }
            return Array(upstreams.values)
        }

        /// Takes what delivering `event` calls, under the lock: the handlers as they are now
        /// (none once the completion has gone out or the subscription was cancelled); a
        /// completion ends the stream.
        private func take(_ event: Event) -> Delivery {
            switch event {
            case .value(let value): .value(stage.handlers?.value, value)
            case .completion(let completion): .completion(stage.end(), completion)
            }
        }

        /// Delivers one event from inside this thread's delivery, with the handlers as they are
        /// now.
        private func deliverNow(_ event: Event) {
            lock.lock()
            let delivery = take(event)
            lock.unlock()
            delivery.run()
        }

        private func drain() {
            DeliveryTurn.loop(
                nil,
                next: { () -> Delivery? in
                    lock.lock()
                    defer { lock.unlock() }
                    return turns.next().map(take)
                }, deliver: { $0.run() })
        }
    }

    extension Gate {
        /// What the operator's subscriber is: two closures.
        fileprivate struct Handlers {
            let value: (Output) -> Void
            let completion: (Subscribers.Completion<Failure>) -> Void
        }

        /// Where the stream stands.
        fileprivate enum Stage {
            /// Events are decided and delivered.
            case open(Handlers)
            /// The completion is accepted, on its way: nothing more is decided.
            case completing(Handlers)
            /// The completion went out, or the subscription was cancelled.
            case closed

            var isOpen: Bool {
                if case .open = self { true } else { false }
            }

            var handlers: Handlers? {
                switch self {
                case .open(let handlers), .completing(let handlers): handlers
                case .closed: nil
                }
            }

            /// Ends the stream; returns the handlers, to call or release after the lock.
            mutating func end() -> Handlers? {
                defer { self = .closed }
                return handlers
            }
        }

        /// One event's delivery, taken under the lock and run after it.
        fileprivate enum Delivery {
            case value(((Output) -> Void)?, Output)
            case completion(Handlers?, Subscribers.Completion<Failure>)

            func run() {
                switch self {
                case .value(let receive, let value): receive?(value)
                case .completion(let handlers, let completion): handlers?.completion(completion)
                }
            }
        }
    }
#endif
