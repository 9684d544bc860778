// A request for no values breaks Combine's protocol, and Combine's sources stop the program at
// it (OpenCombine's JustTests, FutureTests, OptionalPublisherTests, ResultPublisherTests,
// PassthroughSubjectTests, CurrentValueSubjectTests and URLSessionTests, run against Apple's
// Combine). Every test here compiles and passes in both configurations (.ci/apple-sim runs them
// against Combine) unless it says otherwise.
import Foundation
import Publishing
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Sources at a request for no values")
struct ZeroDemandTests {
    @Test("Just, Future, Optional, Result and the subjects serve a request for one value")
    func oneValueIsServed() {
        let just = DemandProbe<Int, Never>(initial: .max(1))
        Just(1).subscribe(just)
        let future = DemandProbe<Int, Never>(initial: .max(1))
        Future<Int, Never> { $0(.success(2)) }.subscribe(future)
        let optional = DemandProbe<Int, Never>(initial: .max(1))
        Optional(3).publisher.subscribe(optional)
        let result = DemandProbe<Int, TestError>(initial: .max(1))
        Result<Int, TestError>.success(4).publisher.subscribe(result)
        let current = DemandProbe<Int, Never>(initial: .max(1))
        CurrentValueSubject<Int, Never>(5).subscribe(current)
        let passthrough = PassthroughSubject<Int, Never>()
        let passing = DemandProbe<Int, Never>(initial: .max(1))
        passthrough.subscribe(passing)
        passthrough.send(6)
        #expect(
            [just.values, future.values, optional.values, result.values, current.values]
                == [[1], [2], [3], [4], [5]])
        #expect(passing.values == [6])
    }

    // Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can
    // start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        @Test("Just, Future, Optional and Result stop the program at a request for no values")
        func valuePublishersTrap() async {
            let just = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, Never>(initial: .none)
                Just(1).subscribe(probe)
                probe.request(.none)
            }
            #expect(stopped(just, saying: "API Violation: demand must not be zero"))
            let future = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, Never>(initial: .none)
                Future<Int, Never> { _ in }.subscribe(probe)
                probe.request(.none)
            }
            #expect(stopped(future, saying: "API Violation: demand must not be zero"))
            let optional = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, Never>(initial: .none)
                Optional(1).publisher.subscribe(probe)
                probe.request(.none)
            }
            #expect(stopped(optional, saying: "API Violation: demand must not be zero"))
            let resultValue = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, TestError>(initial: .none)
                Result<Int, TestError>.success(1).publisher.subscribe(probe)
                probe.request(.none)
            }
            #expect(stopped(resultValue, saying: "API Violation: demand must not be zero"))
        }

        @Test("The subjects stop the program at a request for no values, even after one")
        func subjectsTrap() async {
            let passthrough = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, Never>(initial: .none)
                PassthroughSubject<Int, Never>().subscribe(probe)
                probe.request(.none)
            }
            #expect(stopped(passthrough, saying: "API Violation: demand must not be zero"))
            let currentValue = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, Never>(initial: .max(1))
                CurrentValueSubject<Int, Never>(1).subscribe(probe)
                probe.request(.none)
            }
            #expect(stopped(currentValue, saying: "API Violation: demand must not be zero"))
        }

        @Test("URLSession's data task publisher stops the program at a request for no values")
        func dataTaskPublisherTraps() async {
            let dataTask = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let url = try #require(URL(string: "http://127.0.0.1:9/never-loaded"))
                let probe = DemandProbe<URLSession.DataTaskPublisher.Output, URLError>(
                    initial: .none)
                URLSession.shared.dataTaskPublisher(for: url).subscribe(probe)
                probe.request(.none)
            }
            #expect(stopped(dataTask, saying: "API Violation: demand must not be zero"))
        }
    #endif
}
