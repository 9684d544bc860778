// Where an operator stops the program at a rule its upstream or subscriber broke, as Combine's
// does (OpenCombine's tests assert each crash, run against Apple's Combine). Every test here
// compiles and passes in both configurations (.ci/apple-sim runs them against Combine).
import Publishing
import Testing

@Suite("Operators that stop the program at a broken rule")
struct BrokenRuleTrapTests {
    @Test("replaceError and subscribe(on:) serve what the rules allow")
    func allowedCallsAreServed() {
        // A value asked for passes replaceError.
        let upstream = RecordingUpstream<Int, TestError>()
        let replacing = DemandProbe<Int, Never>(initial: .max(1))
        upstream.replaceError(with: 0).subscribe(replacing)
        upstream.send(1)
        #expect(replacing.values == [1])
        // subscribe(on:) passes a request made from inside a value's delivery on to the
        // upstream once the request that delivered it has returned.
        let subject = PassthroughSubject<Int, Never>()
        let probe = DemandProbe<Int, Never>(initial: .max(1))
        probe.whileReceiving = { [weak probe] _ in probe?.request(.max(1)) }
        subject.subscribe(on: ImmediateScheduler.shared).subscribe(probe)
        subject.send(1)
        subject.send(2)
        #expect(probe.values == [1, 2])
    }

    // Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can
    // start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        // OpenCombine's ReplaceErrorTests.testCrashOnReceiveValueWithZeroPendingDemand: Combine's
        // replaceError counts the subscriber's demand down, and below zero it traps.
        @Test("replaceError stops the program at a value its subscriber has not asked for")
        func replaceErrorTrapsAtAnUnaskedValue() async {
            let result = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let upstream = RecordingUpstream<Int, TestError>()
                upstream.replaceError(with: 0).subscribe(DemandProbe<Int, Never>(initial: .none))
                upstream.send(1)
            }
            expectStopped(result, saying: "ReplaceError was sent a value it did not ask for")
        }

        // OpenCombine's SubscribeOnTests.testCrashWhenRequestingRecursively: Combine's
        // subscribe(on:) asks its upstream under a lock that does not let the same thread in
        // twice. A sequence sends inside the request, so a subscriber asking for more from
        // inside a value's delivery, on an immediate scheduler, calls back into that request.
        @Test("subscribe(on:) stops the program at a request from inside its upstream's request")
        func subscribeOnTrapsAtARecursiveRequest() async {
            let result = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let probe = DemandProbe<Int, Never>(initial: .max(1))
                probe.whileReceiving = { [weak probe] _ in probe?.request(.max(1)) }
                [1, 2, 3].publisher.subscribe(on: ImmediateScheduler.shared).subscribe(probe)
            }
            expectStopped(
                result,
                saying: "SubscribeOn was asked for values from inside its upstream's request"
            )
        }
    #endif
}
