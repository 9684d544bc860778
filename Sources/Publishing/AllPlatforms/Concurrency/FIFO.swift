/// A first-in, first-out queue with amortised O(1) push and pop.
///
/// It releases its storage once drained, so a long-lived queue holds nothing of the elements
/// that passed through it; one made with a `reserved` capacity keeps room for that many
/// elements instead (their values are still released as they are drained).
@usableFromInline
package struct FIFO<Element> {
    @usableFromInline var storage: [Element] = []
    @usableFromInline var head = 0
    /// Room made at the first push and kept while drained, so that a queue that usually holds
    /// a message or two allocates once, not on every push after a drain.
    @usableFromInline let reserved: Int

    @inlinable
    package init() {
        reserved = 0
    }

    /// A queue that keeps room for `reserved` elements once it first holds one.
    @inlinable
    package init(reserved: Int) {
        self.reserved = reserved
    }

    @inlinable
    package var isEmpty: Bool { head == storage.count }

    /// The element ``pop()`` would return, left in the queue.
    @inlinable
    package var first: Element? { head < storage.count ? storage[head] : nil }

    @inlinable
    package mutating func push(_ element: Element) {
        if storage.capacity < reserved { storage.reserveCapacity(reserved) }
        storage.append(element)
    }

    @inlinable
    package mutating func pop() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            if storage.capacity > reserved {
                removeAll()
            } else {
                storage.removeAll(keepingCapacity: true)
                head = 0
            }
        } else if head >= 1024 && head * 2 >= storage.count {
            // Compact once the consumed prefix dominates, keeping pops amortised O(1).
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    @inlinable
    package mutating func removeAll() {
        storage = []
        head = 0
    }
}
