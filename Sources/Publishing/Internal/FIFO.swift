/// A first-in, first-out queue with amortised O(1) push and pop.
///
/// It releases its storage once drained, so a long-lived queue holds nothing of the elements
/// that passed through it.
package struct FIFO<Element> {
    private var storage: [Element] = []
    private var head = 0

    package init() {}

    package var isEmpty: Bool { head == storage.count }

    package var count: Int { storage.count - head }

    package mutating func push(_ element: Element) {
        storage.append(element)
    }

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

    package mutating func removeAll() {
        storage = []
        head = 0
    }
}
