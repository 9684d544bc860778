/// A ``DeliveryTurn`` with the queue of events other threads decided on while it was taken: for
/// an owner that several upstreams may send into from any thread at once (`combineLatest`,
/// `merge`, `zip`, `switchToLatest`, the time operators, a recorder's taps). Kept inside the
/// owner's state: every call is made with the owner's lock held, and the subscriber is called
/// after releasing it, through ``DeliveryTurn/loop(_:next:deliver:)`` with ``next()``.
@usableFromInline
package struct DeliveryQueue<Event> {
    @usableFromInline var queue = FIFO<Event>()
    @usableFromInline var turn = DeliveryTurn()

    @inlinable
    package init() {}

    /// Whether the calling thread is delivering: a change it makes comes from inside a
    /// delivery.
    @inlinable
    package var isInsideDelivery: Bool { turn.isInsideDelivery }

    /// Whether some thread is delivering, or work scheduled to deliver holds the turn.
    @inlinable
    package var isTaken: Bool { turn.isTaken }

    /// Whether nothing waits to be delivered.
    @inlinable
    package var isQueueEmpty: Bool { queue.isEmpty }

    /// Decides on `event`: returns whether the calling thread delivers it now, nested if it is
    /// delivering already (then ``DeliveryTurn/loop(_:next:deliver:)`` with ``next()``), or
    /// queues it for the thread that is delivering.
    @inlinable
    package mutating func claim(_ event: Event) -> Bool {
        guard turn.claim(.nested) else {
            queue.push(event)
            return false
        }
        return true
    }

    /// After a delivery: the next event queued by another thread, for the outermost delivery to
    /// deliver too, or `nil`, which ends this delivery.
    @inlinable
    package mutating func next() -> Event? {
        turn.proceed(to: turn.isOutermost ? queue.pop() : nil)
    }

    /// Queues `event` for the turn under way, or for the one ``beginHandOver()`` will take.
    @inlinable
    package mutating func enqueue(_ event: Event) {
        queue.push(event)
    }

    /// Takes the calling thread's turn to deliver what is queued (with ``next()``), or for the
    /// hand-over of a subscription: events other threads decide on meanwhile are queued for it.
    @inlinable
    package mutating func beginHandOver() {
        turn.begin()
    }

    /// Ends the calling thread's turn, taken with ``beginHandOver()``, when nothing was queued
    /// during it.
    @inlinable
    package mutating func endHandOver() {
        precondition(queue.isEmpty, "events queued during the hand-over are delivered first")
        turn.end()
    }

    /// Keeps the turn, and what is queued, for work that will deliver it later on another
    /// thread (see ``DeliveryTurn/park()``), which calls ``resume()`` then ``next()``.
    @inlinable
    package mutating func park() {
        turn.park()
    }

    /// Takes the parked turn for the calling thread.
    @inlinable
    package mutating func resume() {
        turn.resume()
    }

    /// Drops the queued events (the stream has ended or been cancelled), and returns them to be
    /// released after the lock: a release may run user code.
    @inlinable
    package mutating func dropQueued() -> FIFO<Event> {
        defer { queue.removeAll() }
        return queue
    }
}
