import Foundation
import Testing

@testable import ObservationTesting
@testable import Publishing

// A `timeout:`, `idleTimeout:` or `for:` window takes `any TimeoutConvertible`: a literal, a
// `Timeout`, a `TimeInterval` or `Duration` value held in a variable, or a helper's own
// parameter passed on. Each test below compiles only if the value is accepted where it is
// written, and fails if the value is not the one the wait uses: the failure names it.

/// A migrated helper that forwards its own `TimeInterval` parameter, as most call sites do.
private func waitForOne(
    _ subject: PassthroughSubject<Int, Never>,
    timeout: TimeInterval,
    line: UInt = #line
) async -> Int? {
    await until(subject, satisfies: { $0 == 1 }, timeout: timeout, line: line)
}

/// `waitForOne` with a `Duration` parameter.
private func waitForOne(
    _ subject: PassthroughSubject<Int, Never>,
    timeout: Duration,
    line: UInt = #line
) async -> Int? {
    await until(subject, satisfies: { $0 == 1 }, timeout: timeout, line: line)
}

@Suite("Timeouts given as TimeInterval and Duration values")
struct TimeoutValueTests {
    private func timesOut(after text: String) -> (CapturedIssue) -> Bool {
        { issue in issue.comments.contains { $0.rawValue.contains("timed out after \(text):") } }
    }

    @Test("Every way of writing a timeout is the number of seconds it says")
    func conversions() {
        let interval: TimeInterval = 2.5
        let duration: Duration = .milliseconds(1500)
        let seconds: Int = 4
        let timeout: Timeout = 0.75
        let given: [(any TimeoutConvertible, Double)] = [
            (interval, 2.5), (duration, 1.5), (seconds, 4), (timeout, 0.75), (3, 3), (0.5, 0.5),
            (Timeout.seconds(2), 2), (Timeout.milliseconds(200), 0.2),
            (Timeout(duration), 1.5), (Timeout(interval), 2.5),
        ]
        for (value, expected) in given {
            #expect(value.timeoutValue.seconds == expected, "\(value)")
            #expect(
                TimeoutPolicy.resolve(TimeoutRequest(value), scale: .success(1))
                    == .success(.seconds(expected)))
        }
        #expect(
            TimeoutPolicy.resolve(TimeoutRequest(nil), scale: .success(1)) == .success(.seconds(1)))
    }

    @Test("until on a publisher takes a TimeInterval variable")
    func publisherInterval() async {
        let subject = PassthroughSubject<Int, Never>()
        let timeout: TimeInterval = 0.05
        await withCapturedFailures {
            #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: timeout) == nil)
        } matching: {
            timesOut(after: "0.05 s")($0)
        }
    }

    @Test("until on a publisher takes a Duration variable")
    func publisherDuration() async {
        let subject = PassthroughSubject<Int, Never>()
        let timeout: Duration = .milliseconds(60)
        await withCapturedFailures {
            #expect(await until(subject, timeout: timeout) { $0 == 1 } == nil)
        } matching: {
            timesOut(after: "0.06 s")($0)
        }
    }

    @Test("A helper's own TimeInterval or Duration parameter is passed on, failing at its caller")
    func forwardedParameter() async {
        let subject = PassthroughSubject<Int, Never>()
        let line: UInt = #line + 2
        let failures = await capturedFailures {
            #expect(await waitForOne(subject, timeout: 0.05) == nil)
            #expect(await waitForOne(subject, timeout: .milliseconds(70)) == nil)
        }
        #expect(failures.map(\.line) == [line, line + 1])
        #expect(failures.first?.message.contains("timed out after 0.05 s:") == true)
        #expect(failures.last?.message.contains("timed out after 0.07 s:") == true)
    }

    @Test("Literals, Timeout values, nil and no timeout still compile and succeed")
    func literalsAndDefaults() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let timeout: Timeout = .seconds(2)
        let optional: Timeout? = nil
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: 2) == [1])
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: 2.5) == [1])
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: .seconds(2)) == [1])
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: .milliseconds(900)) == [1])
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: timeout) == [1])
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: optional) == [1])
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: nil) == [1])
        #expect(await until(subject, satisfies: [{ $0 == 1 }]) == [1])
        #expect(await until(subject, satisfies: [.equals(1)], timeout: 2, idleTimeout: 1.5) == [1])
        #expect(await until(subject, emits: [1], timeout: Duration.seconds(2)))
        #expect(await until(subject, timeout: 2) { $0 == 1 } == 1)
    }

    @Test("until on an @Observable property takes a TimeInterval parameter and a Duration")
    @MainActor
    func observableProperty() async {
        let model = TrackedModel()
        func wait(timeout: TimeInterval) async -> [Int]? {
            await until(model, \.count, satisfies: [{ $0 == 1 }], timeout: timeout)
        }
        await withCapturedFailures {
            #expect(await wait(timeout: 0.05) == nil)
        } matching: {
            timesOut(after: "0.05 s")($0)
        }
        // Long enough that only a hang reaches it: the action's turns on the main actor wait
        // behind every other main-actor test's.
        let duration: Duration = .seconds(30)
        #expect(
            await until(model, \.count, satisfies: [{ $0 == 1 }], timeout: duration) {
                await model.load()
            } == [1])
    }

    @Test("until on a state closure takes a TimeInterval variable and a Duration")
    @MainActor
    func stateClosure() async {
        let model = TrackedModel()
        let interval: TimeInterval = 0.05
        await withCapturedFailures {
            #expect(await until(timeout: interval) { model.count == 1 } == false)
        } matching: {
            timesOut(after: "0.05 s")($0)
        }
        let duration: Duration = .seconds(30)
        #expect(
            await until(timeout: duration) {
                model.count == 1
            } perform: {
                await model.load()
            })
    }

    @Test("idleTimeout takes a TimeInterval variable and a Duration")
    func idleTimeout() async {
        let subject = PassthroughSubject<Int, Never>()
        let idle: TimeInterval = 0.05
        let overall: Duration = .seconds(30)
        await withCapturedFailures {
            let result = await until(
                subject, satisfies: [{ $0 == 1 }], timeout: overall, idleTimeout: idle)
            #expect(result == nil)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("no value arrived for 0.05 s") }
        }
        let idleDuration: Duration = .milliseconds(70)
        await withCapturedFailures {
            #expect(
                await until(subject, emits: [1], timeout: 30, idleTimeout: idleDuration) == false)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("no value arrived for 0.07 s") }
        }
    }

    @Test("never and stays take a TimeInterval or Duration window, and watch for that long")
    func windows() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let interval: TimeInterval = 0.05
        let elapsed = await elapsedTime {
            #expect(await never(subject, satisfies: { $0 == 2 }, for: interval))
        }
        #expect(elapsed >= .milliseconds(50))
        let duration: Duration = .milliseconds(60)
        let timeout: TimeInterval = 5
        let staysElapsed = await elapsedTime {
            #expect(await stays(subject, satisfying: { $0 == 1 }, for: duration, timeout: timeout))
        }
        #expect(staysElapsed >= .milliseconds(60))
        #expect(await stays(subject, satisfying: { $0 == 1 }, for: 0.01))
        #expect(await never(subject, satisfies: { $0 == 2 }, for: .milliseconds(10)))
    }

    @Test("TestClock.run takes a TimeInterval variable as its budget")
    func clockRun() async {
        let clock = TestClock()
        let budget: TimeInterval = 0.05
        await withCapturedFailures {
            await clock.run(timeout: budget) { await suspendUntilCancelled() }
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains("TestClock.run(timeout:_:) gave up after 0.05 s of real time")
            }
        }
        let task = Task { try? await clock.sleep(for: .seconds(1)) }
        let duration: Duration = .seconds(30)
        await clock.run(timeout: duration) { await task.value }
        #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
    }

    @Test("advance(by:whenAsleep:timeout:) takes a TimeInterval variable")
    func advanceWhenAsleep() async {
        let clock = TestClock()
        let timeout: TimeInterval = 5
        let task = Task { try? await clock.sleep(for: .seconds(1)) }
        await clock.advance(by: .seconds(1), whenAsleep: 1, timeout: timeout)
        await task.value
        #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
    }

    @Test("withDefaultTimeout takes a TimeInterval variable")
    func scopedDefault() async {
        let subject = PassthroughSubject<Int, Never>()
        let timeout: TimeInterval = 0.05
        await withCapturedFailures {
            await withDefaultTimeout(timeout) {
                #expect(await until(subject, satisfies: { $0 == 1 }) == nil)
            }
        } matching: {
            timesOut(after: "0.05 s")($0)
        }
    }

    @Test("A Recorder's reads take a TimeInterval variable")
    func recorder() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        let timeout: TimeInterval = 0.05
        await withCapturedFailures {
            #expect(await recorder.next(timeout: timeout) == nil)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("0.05 s") }
        }
    }

    @Test(
        "An invalid TimeInterval, Duration or Int fails at the caller's line, naming the value",
        arguments: [
            (0.0, "0.0"), (-1.0, "-1.0"), (.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"),
        ] as [(TimeInterval, String)]
    )
    func invalidValues(interval: TimeInterval, text: String) async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let line: UInt = #line + 2
        let failures = await capturedFailures {
            #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: interval) == nil)
            #expect(await until(subject, satisfies: [{ $0 == 1 }], idleTimeout: interval) == nil)
            #expect(await never(subject, satisfies: { $0 == 2 }, for: interval) == false)
            #expect(await waitForOne(PassthroughSubject(), timeout: interval) == nil)
        }
        #expect(failures.map(\.line) == [line, line + 1, line + 2, line + 3])
        let timeout = "was given a timeout of \(text) s, which cannot be waited for"
        let window = "was given a window of \(text) s, in which nothing can be watched"
        #expect(failures.map { $0.message.contains(timeout) } == [true, true, false, true])
        #expect(failures.map { $0.message.contains(window) } == [false, false, true, false])
    }

    @Test("A zero or negative Duration, or Int, fails at the caller's line")
    func invalidDurationsAndInts() async throws {
        let subject = CurrentValueSubject<Int, Never>(1)
        let zero: Duration = .zero
        let negative: Duration = .seconds(-2)
        let none = 0
        let line: UInt = #line + 2
        let failures = await capturedFailures {
            #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: zero) == nil)
            #expect(await stays(subject, satisfying: { $0 == 1 }, for: negative) == false)
            #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: none) == nil)
            #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: -1) == nil)
        }
        #expect(failures.map(\.line) == [line, line + 1, line + 2, line + 3])
        try #require(failures.count == 4)
        #expect(failures[0].message.contains("was given a timeout of 0.0 s"))
        #expect(failures[1].message.contains("was given a window of -2.0 s"))
        #expect(failures[2].message.contains("was given a timeout of 0.0 s"))
        #expect(failures[3].message.contains("was given a timeout of -1.0 s"))
    }
}

/// The seed article's helper, with its signature (`timeout: TimeInterval`), made a method of
/// the suite as the article made it one of `XCTestCase`, forwarding to the package's `until`.
@MainActor
@Suite("The seed article's TimeInterval helper, forwarding to the package")
struct SeedHelperTests {
    func until<T>(
        _ publisher: T,
        satisfies conditions: [@Sendable (T.Output) -> Bool],
        timeout: TimeInterval = 1
    ) async where T: Publisher {
        // `map`, not `conditions` itself: Swift 6.3 compiles the implicit array upcast from
        // `[@Sendable (T.Output) -> Bool]` but it traps at run time ("Could not cast value of
        // type '@Sendable (Bool) -> Bool'"); converting each closure is a static conversion.
        await ObservationTesting.until(
            publisher, satisfies: conditions.map { $0 }, timeout: timeout)
    }

    func until<T>(
        _ publisher: T,
        satisfies condition: @escaping @Sendable (T.Output) -> Bool,
        timeout: TimeInterval = 1
    ) async where T: Publisher {
        await until(publisher, satisfies: [condition], timeout: timeout)
    }

    @Test("The article's test passes through its helper")
    func articleTest() async {
        let viewModel = SeedViewModel(pause: .milliseconds(200))

        let task = Task { await viewModel.addItem() }

        await until(viewModel.$isLoading) { $0 == true }
        #expect(viewModel.isLoading)

        await task.value
        await until(viewModel.$isLoading, satisfies: { $0 == false }, timeout: 5)

        #expect(viewModel.items.count == 1)
        #expect(!viewModel.isLoading)
    }

    @Test("The helper's TimeInterval reaches the package's wait")
    func timeoutReachesTheWait() async {
        let subject = PassthroughSubject<Bool, Never>()
        await withCapturedFailures {
            await until(subject, satisfies: [{ $0 }], timeout: 0.05)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("timed out after 0.05 s:") }
        }
    }
}
