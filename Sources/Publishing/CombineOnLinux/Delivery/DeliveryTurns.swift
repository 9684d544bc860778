// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A ``DeliveryTurn`` with the queue of events other threads decided on while it was
    /// taken: for a subscription that several upstreams may send into from any thread at once
    /// (`combineLatest`, `merge`, `zip`, `switchToLatest`, the time operators). Kept inside the
    /// owner's state: every call is made with the owner's lock held, and the subscriber is
    /// called after releasing it.
    struct DeliveryTurns<Event> {
        private var queue = FIFO<Event>()
        private var turn = DeliveryTurn()

        /// Whether the calling thread is delivering: a change it makes comes from inside a
        /// delivery.
        var isInsideDelivery: Bool { turn.isInsideDelivery }

        /// Whether some thread is delivering, or work scheduled to deliver holds the turn.
        var isTaken: Bool { turn.isTaken }

        /// Whether nothing waits to be delivered.
        var isQueueEmpty: Bool { queue.isEmpty }

        /// Decides on `event`: returns whether the calling thread delivers it now (and, after
        /// it, calls ``next()`` until that returns `nil`), or queues it for the thread that is
        /// delivering.
        mutating func claim(_ event: Event) -> Bool {
            guard turn.mayDeliver else {
                queue.push(event)
                return false
            }
            turn.begin()
            return true
        }

        /// After a claimed event was delivered: the next event queued by another thread, for
        /// the outermost delivery to deliver too, or `nil`, which ends this delivery's turn.
        mutating func next() -> Event? {
            if turn.isOutermost, let next = queue.pop() { return next }
            turn.end()
            return nil
        }

        /// Queues `event` for the turn that the thread handing over the subscription will take.
        mutating func enqueue(_ event: Event) {
            queue.push(event)
        }

        /// Takes the calling thread's turn for the hand-over of the subscription; events other
        /// threads decide on meanwhile are queued for it (call ``next()`` after it).
        mutating func beginHandOver() {
            turn.begin()
        }

        /// Ends the calling thread's turn, taken with ``beginHandOver()``, when nothing was
        /// queued during it.
        mutating func endHandOver() {
            precondition(queue.isEmpty, "events queued during the hand-over are delivered first")
            turn.end()
        }

        /// Keeps the turn, and what is queued, for work that will deliver it later on another
        /// thread (see ``DeliveryTurn/park()``), which calls ``resume()`` then ``next()``.
        mutating func park() {
            turn.park()
        }

        /// Takes the parked turn for the calling thread.
        mutating func resume() {
            turn.resume()
        }

        /// Drops the queued events (the stream has ended or been cancelled), and returns them to
        /// be released after the lock: a release may run user code.
        mutating func dropQueued() -> FIFO<Event> {
            defer { queue.removeAll() }
            return queue
        }
    }
#endif
