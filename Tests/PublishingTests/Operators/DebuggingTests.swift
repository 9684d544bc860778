// The debugging operators: breakpoint and breakpointOnError, handleEvents and print, and that each
// passes values, completion, demand and cancel through as Combine's do. Every test here compiles
// and passes in both configurations (.ci/apple-sim runs them against Combine) unless it says
// otherwise.
import Foundation
import ObservationTesting
import Publishing
import Testing

@Suite("breakpoint, handleEvents and print")
struct DebuggingTests {
    @Test("breakpoint passes values, completion and demand through when its closures say no")
    func breakpointPassesThrough() {
        let upstream = RecordingUpstream<Int, TestError>()
        let subscriber = DemandProbe<Int, TestError>(initial: .max(1), perValue: .max(2))
        var subscriptions: [any Subscription] = []
        var outputs: [Int] = []
        var completions: [Subscribers.Completion<TestError>] = []
        upstream.breakpoint(
            receiveSubscription: {
                subscriptions.append($0)
                return false
            },
            receiveOutput: {
                outputs.append($0)
                return false
            },
            receiveCompletion: {
                completions.append($0)
                return false
            }
        ).subscribe(subscriber)
        #expect(subscriptions.count == 1)
        #expect(subscriptions.first.map { $0 as AnyObject === upstream.subscription } == true)
        #expect(subscriber.subscription != nil)
        #expect(upstream.events == [.request(.max(1))])
        #expect(upstream.send(1) == .max(2))
        #expect(upstream.send(2) == .max(2))
        #expect(outputs == [1, 2])
        #expect(subscriber.values == [1, 2])
        subscriber.subscription?.request(.max(4))
        #expect(upstream.events == [.request(.max(1)), .request(.max(4))])
        upstream.send(completion: .failure(TestError(code: 5)))
        #expect(completions == [.failure(TestError(code: 5))])
        #expect(subscriber.completions == [.failure(TestError(code: 5))])
    }

    @Test("breakpoint hands its subscriber the upstream's own subscription, as Combine's does")
    func breakpointPassesTheUpstreamSubscription() {
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        upstream.breakpointOnError().subscribe(subscriber)
        #expect(subscriber.subscription.map { $0 as AnyObject === upstream.subscription } == true)
        subscriber.subscription?.cancel()
        // No state of its own: a later request, like every event, goes straight through.
        subscriber.subscription?.request(.max(2))
        #expect(upstream.events == [.request(.max(1)), .cancel, .request(.max(2))])
        upstream.send(completion: .finished)
        upstream.send(3)
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.values == [3])
    }

    @Test("breakpoint passes a cancel on to the upstream")
    func breakpointPassesCancel() {
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1))
        upstream.breakpoint().subscribe(subscriber)
        subscriber.subscription?.cancel()
        #expect(upstream.events == [.request(.max(1)), .cancel])
    }

    @Test("breakpointOnError passes values and a finish through")
    func breakpointOnErrorPassesAFinish() {
        let subscriber = DemandProbe<Int, TestError>(initial: .max(2))
        [1, 2, 3].publisher.setFailureType(to: TestError.self).breakpointOnError()
            .subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.finished])
    }

    // Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can
    // start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        @Test("breakpoint and breakpointOnError raise SIGTRAP when a closure returns true")
        func breakpointRaisesSIGTRAP() async {
            // Each body runs in a process of its own, which the signal ends.
            await #expect(processExitsWith: .signal(SIGTRAP)) {
                _ = Just(1).breakpoint(receiveOutput: { $0 == 1 }).sink { _ in }
            }
            await #expect(processExitsWith: .signal(SIGTRAP)) {
                _ = Fail<Int, TestError>(error: TestError()).breakpointOnError()
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            }
        }

        #if !canImport(Combine)
            // A signal raised once lets the process go on past a handler that returns, and on
            // Linux the Swift runtime's backtracer, on by default, is one. Combine's ends the
            // process (OpenCombine's BreakpointTests, run against Apple's Combine, expect it);
            // the imitation's raises it once, so this runs on Linux only.
            @Test("breakpoint ends the process even where a handler of SIGTRAP returns")
            func breakpointEndsTheProcessPastAHandler() async {
                await #expect(processExitsWith: .signal(SIGTRAP)) {
                    signal(SIGTRAP) { _ in }
                    _ = Just(1).breakpoint(receiveOutput: { $0 == 1 }).sink { _ in }
                }
            }
        #endif
    #endif

    #if !canImport(Combine)
        // A raised SIGTRAP would end the test process: this package's operator takes a
        // recorder in its place (Combine's cannot, so this runs on Linux only).
        @Test("breakpoint stops in the debugger when a closure returns true, and goes on after")
        func breakpointStopsWhenAClosureSaysSo() {
            let upstream = RecordingUpstream<Int, TestError>()
            let subscriber = DemandProbe<Int, TestError>(initial: .unlimited)
            var stops: [String] = []
            var breakpoint = upstream.breakpoint(
                receiveSubscription: { _ in
                    stops.append("subscription")
                    return true
                },
                receiveOutput: { value in
                    stops.append("value \(value)")
                    return value == 2
                },
                receiveCompletion: { _ in true })
            breakpoint.stopInDebugger = { stops.append("stop") }
            breakpoint.subscribe(subscriber)
            _ = upstream.send(1)
            _ = upstream.send(2)
            upstream.send(completion: .failure(TestError()))
            #expect(stops == ["subscription", "stop", "value 1", "value 2", "stop", "stop"])
            #expect(subscriber.values == [1, 2])
            #expect(subscriber.completions == [.failure(TestError())])
        }

        @Test("breakpointOnError stops on a failure, not on a finish")
        func breakpointOnErrorStopsOnAFailure() {
            var stops = 0
            var finishing = Empty<Int, TestError>().breakpointOnError()
            finishing.stopInDebugger = { stops += 1 }
            let finished = DemandProbe<Int, TestError>(initial: .unlimited)
            finishing.subscribe(finished)
            #expect(stops == 0)
            #expect(finished.completions == [.finished])
            var failing = Fail<Int, TestError>(error: TestError(code: 2)).breakpointOnError()
            failing.stopInDebugger = { stops += 1 }
            let failed = DemandProbe<Int, TestError>(initial: .unlimited)
            failing.subscribe(failed)
            #expect(stops == 1)
            #expect(failed.completions == [.failure(TestError(code: 2))])
        }
    #endif

    @Test("handleEvents sees values and the completion before the subscriber")
    func handleEvents() {
        let subject = PassthroughSubject<Int, Never>()
        var seen: [String] = []
        let token = subject.handleEvents(
            receiveOutput: { seen.append("output \($0)") },
            receiveCompletion: { _ in seen.append("completion") }
        )
        .sink(
            receiveCompletion: { _ in seen.append("sink completion") },
            receiveValue: { seen.append("sink \($0)") }
        )
        subject.send(1)
        subject.send(completion: .finished)
        #expect(seen == ["output 1", "sink 1", "completion", "sink completion"])
        withExtendedLifetime(token) {}
    }

    @Test("handleEvents hands over the subscription before any value, and requests unlimited")
    func handleEventsSubscription() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var seen: [String] = []
        var handed: (any Subscription)?
        let token = subject.handleEvents(
            receiveSubscription: { subscription in
                seen.append("subscription")
                handed = subscription
            },
            receiveOutput: { seen.append("output \($0)") },
            receiveRequest: { seen.append("request \($0)") }
        )
        .sink { seen.append("sink \($0)") }
        #expect(seen == ["subscription", "request unlimited", "output 0", "sink 0"])
        handed?.request(.max(1))  // no demand in Publishing: changes nothing
        subject.send(1)
        handed?.cancel()  // cancelling the handed subscription ends it
        subject.send(2)
        #expect(seen.suffix(2) == ["output 1", "sink 1"])
        withExtendedLifetime(token) {}
    }

    @Test("handleEvents sees each request: .unlimited from a sink, the subscriber's own otherwise")
    func handleEventsSeesRequests() {
        var requests: [Subscribers.Demand] = []
        let subject = PassthroughSubject<Int, Never>()
        let observed = subject.handleEvents(receiveRequest: { requests.append($0) })
        let subscriber = DemandProbe<Int, Never>(initial: .max(1), perValue: .max(2))
        observed.subscribe(subscriber)
        subject.send(1)
        subscriber.subscription?.request(.max(3))
        #expect(requests == [.max(1), .max(2), .max(3)])
        let token = observed.sink { _ in }
        #expect(requests.last == .unlimited)
        withExtendedLifetime(token) {}
    }

    @Test("handleEvents runs receiveCancel for a cancel before the subscription, then takes it")
    func handleEventsCancelBeforeSubscription() {
        let upstream = RecordingUpstream<Int, Never>(subscribesAtOnce: false)
        let subscriber = DemandProbe<Int, Never>(initial: .none)
        var seen: [String] = []
        upstream.handleEvents(
            receiveSubscription: { _ in seen.append("subscription") },
            receiveCancel: { seen.append("cancel") }
        ).subscribe(subscriber)
        (upstream.subscriberObject as? any Subscription)?.cancel()
        upstream.sendSubscription()
        #expect(seen == ["cancel", "subscription"])
        #expect(subscriber.subscription != nil)
        #expect(upstream.events.isEmpty)
    }

    @Test("print writes every event, even after a cancel, through print(_:to:)'s writes")
    func printWritesEveryEvent() {
        final class Writes: TextOutputStream {
            var all: [String] = []
            func write(_ string: String) { all.append(string) }
        }
        let writes = Writes()
        let upstream = RecordingUpstream<Int, Never>()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1), perValue: .max(1))
        upstream.print(to: writes).subscribe(subscriber)
        subscriber.subscription?.cancel()
        upstream.send(1)
        upstream.send(completion: .finished)
        // Each line is three writes, as `print(_:to:)` makes them: "", the line, its end.
        #expect(writes.all.count == 18)
        let lines = stride(from: 1, to: writes.all.count, by: 3).map { writes.all[$0] }
        #expect(lines.first?.hasPrefix("receive subscription: (") == true)
        #expect(
            lines.dropFirst() == [
                "request max: (1)", "receive cancel", "receive value: (1)",
                "request max: (1) (synchronous)", "receive finished",
            ])
        #expect(writes.all.enumerated().allSatisfy { $0 % 3 != 2 || $1 == "\n" })
        #expect(subscriber.values == [1])
        #expect(upstream.events == [.request(.max(1)), .cancel])
    }

    @Test("print writes the subscription, each request and the demand a value asks for")
    func printWritesDemand() {
        final class Lines: TextOutputStream {
            var text = ""
            func write(_ string: String) { text += string }
        }
        let lines = Lines()
        let subscriber = DemandProbe<Int, Never>(initial: .max(1), perValue: .max(1))
        [1, 2].publisher.print("n", to: lines).subscribe(subscriber)
        #expect(
            lines.text == """
                n: receive subscription: ([1, 2])
                n: request max: (1)
                n: receive value: (1)
                n: request max: (1) (synchronous)
                n: receive value: (2)
                n: request max: (1) (synchronous)
                n: receive finished

                """)
        #expect(subscriber.values == [1, 2])
    }

    @Test("print writes each event, prefixed, to a stream, as Apple's documented example shows")
    func print() {
        final class Lines: TextOutputStream {
            var text = ""
            func write(_ string: String) { text += string }
        }
        let lines = Lines()
        let events = Events([1].publisher.print("n", to: lines))
        #expect(events.values == [1])
        // The imitation's Combine (OpenCombine) also writes "request max: (0) (synchronous)"
        // after each value a sink takes; Apple's example in print(_:to:) shows no such line.
        let afterValue = isAppleImitation ? "n: request max: (0) (synchronous)\n" : ""
        #expect(
            lines.text
                == "n: receive subscription: ([1])\nn: request unlimited\nn: receive value: (1)\n"
                + afterValue + "n: receive finished\n")
    }
}
