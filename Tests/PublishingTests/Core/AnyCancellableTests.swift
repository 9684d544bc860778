import Publishing
import Testing

@Suite("AnyCancellable")
struct AnyCancellableTests {
    @Test("Cancelling stops delivery, and cancelling twice runs the action once")
    func cancelIsIdempotent() {
        var runs = 0
        let token = AnyCancellable { runs += 1 }
        token.cancel()
        token.cancel()
        #expect(runs == 1)
    }

    @Test("Deinit cancels")
    func deinitCancels() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var token: AnyCancellable? = subject.sink { received.append($0) }
        subject.send(1)
        token = nil
        subject.send(2)
        #expect(received == [1])
        #expect(token == nil)
    }

    @Test("A cancelled subscription receives nothing more")
    func cancelStopsDelivery() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var received: [Int] = []
        let token = subject.sink { received.append($0) }
        token.cancel()
        subject.send(1)
        #expect(received == [0])
    }

    @Test("Tokens are stored in sets and arrays, equal only to themselves")
    func storeAndHash() {
        var set = Set<AnyCancellable>()
        var array: [AnyCancellable] = []
        let subject = PassthroughSubject<Int, Never>()
        var count = 0
        subject.sink { _ in count += 1 }.store(in: &set)
        subject.sink { _ in count += 1 }.store(in: &array)
        subject.send(1)
        #expect(count == 2)
        #expect(set.count == 1)
        #expect(set.first != array.first)
        set.removeAll()
        array.removeAll()
        subject.send(2)
        #expect(count == 2)
    }

    @Test("AnyCancellable wraps any Cancellable")
    func wrapsCancellable() {
        final class Work: Cancellable {
            var isCancelled = false
            func cancel() { isCancelled = true }
        }
        let work = Work()
        AnyCancellable(work).cancel()
        #expect(work.isCancelled)
    }
}
