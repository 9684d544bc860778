import Testing

@testable import ObservationTesting
@testable import Publishing

@Suite("until: timeout controls")
struct TimeoutTests {
    private func timesOut(after text: String) -> (CapturedIssue) -> Bool {
        { issue in issue.comments.contains { $0.rawValue.contains("timed out after \(text):") } }
    }

    @Test("withDefaultTimeout sets the timeout of calls that pass none")
    func scopedDefault() async {
        let subject = PassthroughSubject<Int, Never>()
        await withCapturedFailures {
            await withDefaultTimeout(.milliseconds(50)) {
                let result = await until(subject, satisfies: { $0 == 1 })
                #expect(result == nil)
            }
        } matching: {
            timesOut(after: "0.05 s")($0)
        }
    }

    @Test("A call's own timeout wins over the scoped default")
    func callWinsOverScope() async {
        let subject = PassthroughSubject<Int, Never>()
        await withCapturedFailures {
            await withDefaultTimeout(.seconds(60)) {
                let result = await until(
                    subject, satisfies: { $0 == 1 }, timeout: .milliseconds(40))
                #expect(result == nil)
            }
        } matching: {
            timesOut(after: "0.04 s")($0)
        }
    }

    @Test("The .untilTimeout trait sets the default for the test", .untilTimeout(.milliseconds(60)))
    func traitSetsDefault() async {
        let subject = PassthroughSubject<Int, Never>()
        await withCapturedFailures {
            await until(subject, satisfies: { $0 == 1 })
        } matching: {
            timesOut(after: "0.06 s")($0)
        }
    }

    @Test("Without any control the timeout is one second, unless the environment scales it")
    func standardDefault() {
        #expect(TimeoutPolicy.resolve(.unspecified, scale: .success(1)) == .success(.seconds(1)))
    }

    @Test("The environment scale multiplies every timeout")
    func scaleMultiplies() async {
        #expect(
            TimeoutPolicy.resolve(.given(.seconds(2)), scale: .success(3))
                == .success(.seconds(6)))
        #expect(TimeoutPolicy.resolve(.given(0.5), scale: .success(2)) == .success(.seconds(1)))
        await withDefaultTimeout(.milliseconds(100)) {
            #expect(
                TimeoutPolicy.resolve(.unspecified, scale: .success(4))
                    == .success(.milliseconds(400)))
        }
    }

    @Test(
        "The scale variable accepts positive numbers and rejects everything else",
        arguments: [
            ("3", 3.0), (" 1.5 ", 1.5), ("", 1), (nil, 1),
            ("abc", nil), ("0", nil), ("-2", nil), ("inf", nil), ("nan", nil),
        ] as [(String?, Double?)]
    )
    func parseScale(text: String?, expected: Double?) {
        let parsed = TimeoutPolicy.parseScale(text)
        if let expected {
            #expect(parsed == .success(expected))
        } else {
            #expect(parsed == .failure(.invalidScale(text ?? "")))
        }
    }

    @Test("An invalid scale fails every wait with a message naming the variable")
    func invalidScaleMessage() {
        let resolved = TimeoutPolicy.resolve(.unspecified, scale: .failure(.invalidScale("fast")))
        #expect(resolved == .failure(.invalidScale("fast")))
        let message = TimeoutProblem.invalidScale("fast").message(helper: "until(_:satisfies:)")
        #expect(
            message.hasPrefix(
                "until(_:satisfies:) cannot work out its timeout: OBSERVATION_TESTING_TIMEOUT_SCALE is \"fast\""
            )
        )
    }

    @Test("Huge timeouts are clamped instead of overflowing")
    func hugeTimeouts() {
        #expect(Duration.seconds(Int64.max).nanoseconds == .max)
        #expect(Duration.milliseconds(1500).nanoseconds == 1_500_000_000)
        let timer = DeadlineTimer(after: .seconds(Int64.max)) {}
        timer.cancel()
    }

    @Test("A timeout or window of more seconds than Duration holds waits a century; no trap")
    func timeoutsBeyondDuration() async {
        // `Duration.seconds(1e300)` traps; a wait given it must not.
        #expect(TimeoutPolicy.resolve(.given(1e300), scale: .success(1)) == .success(.longestWait))
        #expect(
            TimeoutPolicy.resolve(.given(1e300), scale: .success(1e300)) == .success(.longestWait))
        #expect(Timeout(1e300).description == "1e+300 s")
        let subject = CurrentValueSubject<Int, Never>(1)
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: 1e300) == [1])
        #expect(await never(Just(1), satisfies: { $0 == 2 }, for: 1e300, timeout: 1e300))
    }

    @Test("Durations print as short seconds in messages")
    func durationText() {
        #expect(Duration.seconds(1).shortSecondsText == "1.0 s")
        #expect(Duration.milliseconds(250).shortSecondsText == "0.25 s")
        #expect(Duration.milliseconds(5).shortSecondsText == "0.005 s")
        #expect(Duration.microseconds(1234).secondsText(decimals: 3) == "0.001 s")
        #expect(Duration.milliseconds(12_345).secondsText(decimals: 3) == "12.345 s")
    }
}
