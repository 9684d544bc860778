// Combine's answers at the edges of its protocol: demand arithmetic past `Int`'s range, a value
// sent to `Assign` before its subscription, what `ImmediateScheduler` returns for a repeating
// action. Every test here compiles and passes in both configurations (.ci/apple-sim runs them
// against Combine).
import Publishing
import Testing

@Suite("Protocol edges")
struct ProtocolEdgeTests {
    @Test("A demand lowered past Int's range, either way, is none")
    func demandSubtractionOverflow() {
        #expect(Subscribers.Demand.max(Int.max) - (-1) == .none)
        var demand = Subscribers.Demand.max(Int.max)
        demand -= -1
        #expect(demand == .none)
        #expect(Subscribers.Demand.unlimited - (-1) == .unlimited)
        #expect(Subscribers.Demand.max(2) - (-1) == .max(3))
    }

    @Test("Assign ignores a value that comes before its subscription, or after its completion")
    func assignNeedsASubscription() {
        final class Box { var value = 0 }
        let box = Box()
        let assign = Subscribers.Assign(object: box, keyPath: \Box.value)
        #expect(assign.receive(12) == .none)
        #expect(box.value == 0)
        let upstream = RecordingUpstream<Int, Never>()
        upstream.subscribe(assign)
        upstream.send(42)
        #expect(box.value == 42)
        upstream.send(completion: .finished)
        #expect(assign.receive(100) == .none)
        #expect(box.value == 42)
    }

    @Test("ImmediateScheduler runs a repeating action once and returns the empty subscription")
    func immediateRepeatingAction() {
        var runs = 0
        let scheduler = ImmediateScheduler.shared
        let cancellable = scheduler.schedule(after: scheduler.now, interval: 10) { runs += 1 }
        #expect(runs == 1)
        #expect(String(describing: cancellable) == "Empty")
    }

    @Test("A sink cancelled before its subscription keeps its closures; one subscribed lets go")
    func sinkCancelledBeforeSubscriptionKeepsItsClosures() {
        final class Capture {}
        weak var unsubscribed: Capture?
        weak var subscribed: Capture?
        let (first, second): (Subscribers.Sink<Int, Never>, Subscribers.Sink<Int, Never>)
        do {
            let (early, late) = (Capture(), Capture())
            (unsubscribed, subscribed) = (early, late)
            first = Subscribers.Sink(
                receiveCompletion: { _ in }, receiveValue: { _ in withExtendedLifetime(early) {} })
            second = Subscribers.Sink(
                receiveCompletion: { _ in }, receiveValue: { _ in withExtendedLifetime(late) {} })
        }
        RecordingUpstream<Int, Never>().subscribe(second)
        first.cancel()
        second.cancel()
        // As Combine's (OpenCombine's SinkTests closure lifecycle tests, run against it).
        withExtendedLifetime((first, second)) {
            #expect(unsubscribed != nil)
            #expect(subscribed == nil)
        }
    }
}
