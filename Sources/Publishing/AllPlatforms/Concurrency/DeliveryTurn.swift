/// Whose turn it is to call one subscriber: the one rule by which every subscription,
/// subject and operator of this package delivers.
///
/// Combine calls a subscriber one event at a time, and lets a subscriber send, request or
/// cancel from inside the call it is receiving. This package keeps both with one rule:
///
/// - **One thread delivers at a time.** A thread that finds the turn free takes it
///   (``begin()``) and calls the subscriber with no lock held.
/// - **Another thread waits its turn without blocking.** What it decides on meanwhile is
///   queued by the owner, and the thread holding the turn delivers it before giving the turn
///   up (the owner's drain loop: under the lock, take the next queued event, or ``end()`` the
///   turn when there is none; deliver outside the lock; repeat).
/// - **A call from inside a delivery, on the delivering thread, goes out at once**, nested in
///   it (depth-first, as Combine's recursive locks let it), so a re-entrant send never
///   deadlocks and never waits for a turn its own thread holds. ``mayDeliver`` is true for it;
///   a nested delivery may ``begin()`` again, and its ``end()`` returns the turn to the
///   delivery around it.
///
/// A turn lives in the owner's state and every call is made with the owner's lock held.
/// Owners differ only in what they queue and when a request made from inside a delivery is
/// served: at once, nested (a subject, a `sink`-written publisher), or by the delivery
/// loop when the subscriber returns (`flatMap`, as Combine's) — each says which.
@usableFromInline
package struct DeliveryTurn {
    /// How many deliveries are under way: more than one only nested on `deliveringThread`.
    @usableFromInline var depth = 0
    /// The thread holding the turn; `nil` while it is free, or held for work not yet
    /// running on any thread (see ``park()``).
    @usableFromInline var deliveringThread: ThreadID?

    @inlinable
    package init() {}

    /// Whether some thread holds the turn.
    @inlinable
    package var isTaken: Bool { depth > 0 }

    /// Whether the calling thread holds the turn: what it decides on now comes from inside
    /// a delivery.
    @inlinable
    package var isInsideDelivery: Bool { depth > 0 && deliveringThread?.isCurrent == true }

    /// Whether the calling thread may deliver now: the turn is free, or the calling thread
    /// holds it, further out.
    @inlinable
    package var mayDeliver: Bool { depth == 0 || deliveringThread?.isCurrent == true }

    /// Whether the calling thread's delivery is the outermost: the one that delivers what
    /// other threads queued.
    @inlinable
    package var isOutermost: Bool { depth == 1 }

    /// Takes the turn for the calling thread, or nests a delivery in the one it holds. Only
    /// when ``mayDeliver``.
    @inlinable
    package mutating func begin() {
        depth += 1
        deliveringThread = .current
    }

    /// Ends the innermost delivery; returns whether the turn is now free.
    @inlinable
    @discardableResult
    package mutating func end() -> Bool {
        depth -= 1
        guard depth == 0 else { return false }
        deliveringThread = nil
        return true
    }

    /// Keeps the turn for work that will run later on another thread (a scheduler's): no
    /// thread may deliver until that work ``resume()``s it.
    @inlinable
    package mutating func park() {
        deliveringThread = nil
    }

    /// Takes a parked turn for the calling thread.
    @inlinable
    package mutating func resume() {
        deliveringThread = .current
    }
}
