// Operators that keep no subscription of their own: Combine's map, filter, compactMap, scan,
// mapError, setFailureType, assertNoFailure and map over key paths subscribe to their upstream
// with a subscriber that hands the upstream's own subscription on and passes every event on as
// it comes. Every test here compiles and passes in both configurations (.ci/apple-sim runs them
// against Combine) unless it says otherwise.
import Publishing
import Testing

@Suite("Operators that pass the upstream's subscription on")
struct PassThroughTests {
    /// Subscribes a probe to `makeOperator(upstream)` and returns both.
    private static func subscribe<P: Publisher>(
        _ makeOperator: (RecordingUpstream<Int, TestError>) -> P
    ) -> (RecordingUpstream<Int, TestError>, DemandProbe<P.Output, P.Failure>) {
        let upstream = RecordingUpstream<Int, TestError>()
        let probe = DemandProbe<P.Output, P.Failure>(initial: .max(3), perValue: .max(2))
        makeOperator(upstream).subscribe(probe)
        return (upstream, probe)
    }

    @Test(
        "The subscriber receives the upstream's own subscription, so requests and cancels go straight there"
    )
    func upstreamSubscriptionIsHandedOn() throws {
        func handsOn<P: Publisher>(_ makeOperator: (RecordingUpstream<Int, TestError>) -> P)
            throws -> Bool
        {
            let (upstream, probe) = Self.subscribe(makeOperator)
            return try #require(probe.subscription) as AnyObject === upstream.subscription
        }
        #expect(try handsOn { $0.map { $0 * 2 } })
        #expect(try handsOn { $0.filter { $0 > 0 } })
        #expect(try handsOn { $0.compactMap { $0 } })
        #expect(try handsOn { $0.scan(0, +) })
        #expect(try handsOn { $0.mapError { $0 } })
        #expect(try handsOn { $0.map(\.bitWidth) })
        #expect(try handsOn { $0.assertNoFailure() })
        #expect(try handsOn { $0.assertNoFailure().setFailureType(to: TestError.self) })
    }

    @Test(
        "A value filter or compactMap drops asks for one more in its place; a value sent returns the subscriber's demand"
    )
    func droppedValueAsksForOneMore() {
        let (filtered, _) = Self.subscribe { $0.filter { $0.isMultiple(of: 2) } }
        #expect(filtered.send(1) == .max(1))
        #expect(filtered.send(2) == .max(2))
        let (compacted, _) = Self.subscribe { $0.compactMap { $0 > 0 ? $0 : nil } }
        #expect(compacted.send(-1) == .max(1))
        #expect(compacted.send(1) == .max(2))
    }

    @Test(
        "An upstream that breaks the rules is passed on as it is: no events are checked or dropped")
    func eventsArePassedOnAsTheyCome() {
        let (upstream, probe) = Self.subscribe { $0.map { $0 * 10 } }
        upstream.send(completion: .finished)
        upstream.send(1)
        upstream.send(completion: .failure(TestError(code: 1)))
        #expect(probe.values == [10])
        #expect(probe.completions == [.finished, .failure(TestError(code: 1))])
    }

    @Test("The subscriber to the upstream names itself as Combine's does")
    func subscriberNames() throws {
        func name<P: Publisher>(_ makeOperator: (RecordingUpstream<Int, TestError>) -> P)
            throws -> String
        {
            let (upstream, _) = Self.subscribe(makeOperator)
            return String(describing: try #require(upstream.receivedSubscriber))
        }
        #expect(try name { $0.map { $0 } } == "Map")
        #expect(try name { $0.filter { _ in true } } == "Filter")
        #expect(try name { $0.compactMap { $0 } } == "CompactMap")
        #expect(try name { $0.scan(0, +) } == "Scan")
        #expect(try name { $0.mapError { $0 } } == "MapError")
        #expect(try name { $0.assertNoFailure() } == "AssertNoFailure")
    }

    @Test(
        "scan's subscriber shows its downstream and the result so far in a mirror; map's shows nothing"
    )
    func mirrors() throws {
        let (scanned, _) = Self.subscribe { $0.scan(5, +) }
        scanned.send(2)
        let scanMirror = Mirror(reflecting: try #require(scanned.receivedSubscriber))
        #expect(scanMirror.children.map(\.label) == ["downstream", "result"])
        #expect(scanMirror.children.map { "\($0.value)" }.last == "7")
        let (mapped, _) = Self.subscribe { $0.map { $0 } }
        #expect(Mirror(reflecting: try #require(mapped.receivedSubscriber)).children.isEmpty)
    }

    #if !APPLE_SIM
        // OpenCombine, which the imitation runs as Combine, names these "MapKeyPath" and
        // shows no children; Combine's are "ValueForKey" and "ValueForKeys" with their key
        // paths (OpenCombine's MapKeyPathTests.testMapKeyPathReflection, run against Combine).
        @Test(
            "map over key paths names its subscriber ValueForKey or ValueForKeys, showing the key paths"
        )
        func keyPathSubscriberNames() throws {
            let (one, _) = Self.subscribe { $0.map(\.bitWidth) }
            let (two, _) = Self.subscribe { $0.map(\.bitWidth, \.byteSwapped) }
            #expect(String(describing: try #require(one.receivedSubscriber)) == "ValueForKey")
            let mirror = Mirror(reflecting: try #require(two.receivedSubscriber))
            #expect(String(describing: try #require(two.receivedSubscriber)) == "ValueForKeys")
            #expect(mirror.children.map(\.label) == ["keyPath0", "keyPath1"])
        }
    #endif

    // Exit tests: Swift 6.2 and later (the manifest accepts 6.1), on the platforms that can
    // start a process.
    #if compiler(>=6.2) && (os(macOS) || os(Linux))
        @Test("assertNoFailure stops the program at a failure, even after a completion")
        func assertNoFailureTraps() async {
            let failure = await #expect(
                processExitsWith: .failure, observing: [\.standardErrorContent]
            ) {
                let upstream = RecordingUpstream<Int, TestError>()
                let probe = DemandProbe<Int, Never>(initial: .unlimited)
                upstream.assertNoFailure().subscribe(probe)
                upstream.send(completion: .finished)
                upstream.send(completion: .failure(TestError(code: 1)))
            }
            #expect(stopped(failure, saying: "Unexpected failure: TestError(code: 1)"))
        }
    #endif
}
