// flatMap at its edges, as Combine's (OpenCombine's FlatMapTests, run against Apple's Combine).
// Every test here compiles and passes in both configurations (.ci/apple-sim runs them against
// Combine) unless it says otherwise.
import Publishing
import Testing

@Suite("flatMap at its edges")
struct FlatMapEdgeTests {
    @Test("flatMap(maxPublishers: .none) asks its upstream for none, and is sent nothing")
    func maxPublishersNone() {
        let upstream = RecordingUpstream<Int, Never>()
        let probe = DemandProbe<Int, Never>(initial: .unlimited)
        upstream.flatMap(maxPublishers: .none) { Just($0) }.subscribe(probe)
        #expect(upstream.events == [.request(.none)])
        #expect(probe.subscription != nil)
        #expect(probe.values.isEmpty)
    }
}
