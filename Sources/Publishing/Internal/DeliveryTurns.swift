// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// Whose turn it is to call a subscriber, for a subscription that several upstreams may
    /// send into from any thread at once (`combineLatest`, `merge`, `zip`, `switchToLatest`).
    ///
    /// Combine calls a subscriber one event at a time. Here one thread delivers at a time; an
    /// event another thread decides on meanwhile is queued for the delivering thread, which
    /// delivers it after its own; an event the delivering thread decides on from inside a
    /// delivery goes out at once, nested in it (depth-first, as Combine's recursive lock lets
    /// it), so a re-entrant send never deadlocks. Kept inside the owner's state: every call is
    /// made with the owner's lock held, and the subscriber is called after releasing it.
    struct DeliveryTurns<Event> {
        private var queue = FIFO<Event>()
        private var depth = 0
        private var deliveringThread: ThreadID?

        /// Whether the calling thread is delivering: a change it makes comes from inside a
        /// delivery.
        var isInsideDelivery: Bool { depth > 0 && deliveringThread?.isCurrent == true }

        /// Decides on `event`: returns whether the calling thread delivers it now (and, after
        /// it, calls ``next()`` until that returns `nil`), or queues it for the thread that is
        /// delivering.
        mutating func claim(_ event: Event) -> Bool {
            if depth > 0, deliveringThread?.isCurrent != true {
                queue.push(event)
                return false
            }
            depth += 1
            deliveringThread = .current
            return true
        }

        /// After a claimed event was delivered: the next event queued by another thread, for
        /// the outermost delivery to deliver too, or `nil`, which ends this delivery's turn.
        mutating func next() -> Event? {
            if depth == 1, let next = queue.pop() { return next }
            depth -= 1
            if depth == 0 { deliveringThread = nil }
            return nil
        }

        /// Drops the queued events (the stream has ended or been cancelled), and returns them to
        /// be released after the lock: a release may run user code.
        mutating func dropQueued() -> FIFO<Event> {
            defer { queue.removeAll() }
            return queue
        }
    }
#endif
