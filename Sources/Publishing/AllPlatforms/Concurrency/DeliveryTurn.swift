/// Whose turn it is to call one subscriber: the state of the one delivery engine by which every
/// subscription, subject, operator and recorder tap of this package delivers.
///
/// Combine calls a subscriber one event at a time, and lets a subscriber send, request or
/// cancel from inside the call it is receiving. This package keeps both with one rule:
///
/// - **One thread delivers at a time.** A thread that finds the turn free takes it
///   (``claim(_:)``) and calls the subscriber with no lock held.
/// - **Another thread waits its turn without blocking.** What it decides on meanwhile is
///   queued by the owner, and the thread holding the turn delivers it before giving the turn
///   up: the loop, ``loop(_:next:deliver:)``, written once here. Under the owner's lock it takes
///   the next delivery, or ends the turn when none is left (``proceed(to:)``); it delivers
///   outside the lock; and it repeats.
/// - **A call from inside a delivery, on the delivering thread**, is served by the owner's
///   ``Reentrancy`` policy: at once, nested in the delivery (depth-first, as Combine's recursive
///   locks let it), so a re-entrant send never deadlocks and never waits for a turn its own
///   thread holds; or by the loop under way once the subscriber returns (`flatMap`'s requests,
///   `buffer`, a sequence's). A nested delivery's end returns the turn to the delivery around it.
///
/// A turn lives in the owner's state and every call but ``loop(_:next:deliver:)`` is made with
/// the owner's lock held. The one exception to "no lock held": the package's own subscribers to
/// a `@Published` property (a test's wait, a whole-model check) are handed a value under the
/// property's lock right after the store, so that no other assignment comes between the store
/// and the hand-over; they must not use that property (the wait seam,
/// `WaitSeam/Published+StoreWatch.swift`).
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

    /// Takes the turn for the calling thread, if `policy` lets it deliver now: the turn is free,
    /// or (`.nested`) the calling thread holds it, further out. Returns whether it took it: the
    /// caller then delivers, outside the lock, through ``loop(_:next:deliver:)``.
    @inlinable @inline(__always)
    package mutating func claim(_ policy: Reentrancy) -> Bool {
        switch policy {
        case .nested: guard mayDeliver else { return false }
        case .byLoop: guard !isTaken else { return false }
        }
        begin()
        return true
    }

    /// Between two deliveries of a claimed turn, under the owner's lock: passes `next` on, or,
    /// when there is none, ends the calling thread's delivery (returning the turn to the one
    /// around it, if nested).
    @inlinable @inline(__always)
    package mutating func proceed<Delivery>(to next: Delivery?) -> Delivery? {
        if next == nil { end() }
        return next
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

    @inlinable
    mutating func begin() {
        depth += 1
        deliveringThread = .current
    }

    @inlinable
    mutating func end() {
        depth -= 1
        if depth == 0 { deliveringThread = nil }
    }

    /// The owner's delivery loop, run by the thread that claimed the turn, with no lock held:
    /// delivers `first` (or, without one, what `next` gives), then what `next` gives until it
    /// gives nothing.
    ///
    /// - Parameters:
    ///   - first: What the claim decided to deliver, if anything.
    ///   - next: Takes the owner's lock, and returns ``proceed(to:)``'s answer for what the
    ///     turn delivers next: the owner's queued events, or what its demand now allows. The
    ///     result of the delivery before (a demand, say) is applied here, under the lock.
    ///   - deliver: Calls the subscriber, outside the lock.
    // Always inlined, and each closure called from one place: the owner's closures then
    // compile into its own code, as a loop of its own would.
    @inlinable @inline(__always)
    package static func loop<Delivery>(
        _ first: Delivery?, next: () -> Delivery?, deliver: (Delivery) -> Void
    ) {
        var delivery = first
        while true {
            if let current = delivery { deliver(current) }
            delivery = next()
            if delivery == nil { return }
        }
    }
}

/// What a delivery engine does with a call made from inside a delivery, on the delivering
/// thread: a request, or an event the subscriber causes.
@usableFromInline
package enum Reentrancy: Sendable {
    /// Served at once, nested in the delivery, depth-first (subjects, `sink`-written
    /// publishers, the operators' downstream ends, recorder taps), as Combine's recursive
    /// locks serve it.
    case nested
    /// Served by the loop under way once the subscriber returns, never nested deeper
    /// (`flatMap`'s requests, `buffer`, a sequence's), as Combine's serve it.
    case byLoop
}
