/// A first-in, first-out queue with amortised O(1) push and pop.
///
/// It releases its storage once drained, so a long-lived queue holds nothing of the elements
/// that passed through it.
@usableFromInline
package struct FIFO<Element> {
    @usableFromInline var storage: [Element] = []
    @usableFromInline var head = 0

    @inlinable
    package init() {}

    @inlinable
    package var isEmpty: Bool { head == storage.count }

    @inlinable
    package mutating func push(_ element: Element) {
        storage.append(element)
    }

    @inlinable
    package mutating func pop() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            removeAll()
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
