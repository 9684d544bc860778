// buffer: what it keeps until asked for, what it drops when full, and what it asks upstream. Every
// test here compiles and passes in both configurations (.ci/apple-sim runs them against Combine)
// unless it says otherwise.
import ObservationTesting
import Publishing
import Testing

@Suite("buffer")
struct BufferTests {
    @Test("buffer keeps values until asked for; when full, drops the newest or the oldest")
    func bufferKeepsValuesUntilAsked() {
        let subject = PassthroughSubject<Int, Never>()
        let newest = DemandProbe<Int, Never>(initial: .none)
        subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(newest)
        let oldest = DemandProbe<Int, Never>(initial: .none)
        subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(oldest)
        for value in 1...4 { subject.send(value) }
        newest.subscription?.request(.max(3))
        oldest.subscription?.request(.max(3))
        #expect(newest.values == [1, 2])
        #expect(oldest.values == [3, 4])
        subject.send(5)
        #expect(newest.values == [1, 2, 5])
        #expect(oldest.values == [3, 4, 5])
        subject.send(completion: .finished)
        // Nothing waits, but nothing is asked for either: the finish waits for a request.
        #expect(newest.completions.count == 0)
        newest.subscription?.request(.max(1))
        #expect(newest.completions.count == 1)
    }

    @Test("buffer with .keepFull asks for its size, then one more for each value sent on")
    func bufferKeepsFull() {
        let subject = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        subject.handleEvents(receiveRequest: { requests.append($0) })
            .buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        #expect(requests == [.max(2)])
        for value in 1...3 { subject.send(value) }  // 3 meets no demand: the subject drops it
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1])
        #expect(requests == [.max(2), .max(1)])
        subject.send(4)
        subscriber.subscription?.request(.max(2))
        #expect(subscriber.values == [1, 2, 4])
    }
}
