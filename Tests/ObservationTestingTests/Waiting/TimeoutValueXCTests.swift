import Foundation
import ObservationTesting
import Publishing
import XCTest

/// `TimeInterval` and `Duration` values as timeouts, through XCTest: each failure names the
/// value given and points at the caller's line.
final class TimeoutValueXCTests: FailureCapturingTestCase {
    /// A helper that passes on its own `TimeInterval` parameter and its caller's line.
    private func waitForOne(
        _ subject: PassthroughSubject<Int, Never>,
        timeout: TimeInterval,
        file: StaticString = #filePath,
        line: UInt = #line
    ) async -> Int? {
        await until(subject, satisfies: { $0 == 1 }, timeout: timeout, filePath: file, line: line)
    }

    func testTimeIntervalVariableAndParameterAndDurationVariable() async {
        let subject = PassthroughSubject<Int, Never>()
        let interval: TimeInterval = 0.05
        let duration: Duration = .milliseconds(60)
        let line = #line + 2
        let failures = await captureFailures {
            let first = await until(subject, satisfies: [{ $0 == 1 }], timeout: interval)
            let second = await waitForOne(subject, timeout: 0.07)
            let third = await until(subject, timeout: duration) { $0 == 1 }
            XCTAssertNil(first)
            XCTAssertNil(second)
            XCTAssertNil(third)
        }
        XCTAssertEqual(failures.map(\.line), [line, line + 1, line + 2])
        XCTAssertEqual(failures.map(\.filePath), Array(repeating: "\(#filePath)", count: 3))
        let texts = failures.map(\.description)
        XCTAssertEqual(
            texts.map { $0.contains("timed out after") },
            [true, true, true], texts.joined(separator: "\n"))
        XCTAssertTrue(texts.first?.contains("timed out after 0.05 s:") == true)
        XCTAssertTrue(texts.dropFirst().first?.contains("timed out after 0.07 s:") == true)
        XCTAssertTrue(texts.last?.contains("timed out after 0.06 s:") == true)
    }

    func testLiteralsNilAndDefaultStillWork() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let failures = await captureFailures {
            let literal = await until(subject, satisfies: [{ $0 == 1 }], timeout: 2)
            let float = await until(subject, satisfies: [{ $0 == 1 }], timeout: 2.5)
            let unit = await until(subject, satisfies: [{ $0 == 1 }], timeout: .seconds(2))
            let none = await until(subject, satisfies: [{ $0 == 1 }], timeout: nil)
            let omitted = await until(subject, satisfies: [{ $0 == 1 }])
            XCTAssertEqual([literal, float, unit, none, omitted], Array(repeating: [1], count: 5))
        }
        XCTAssertTrue(failures.isEmpty, failures.map(\.description).joined(separator: "\n"))
    }

    func testIdleTimeoutAndWindowTakeValues() async {
        let subject = PassthroughSubject<Int, Never>()
        let idle: TimeInterval = 0.05
        let window: Duration = .milliseconds(20)
        let line = #line + 2
        let failures = await captureFailures {
            let result = await until(
                subject, satisfies: [{ $0 == 1 }], timeout: 30, idleTimeout: idle)
            XCTAssertNil(result)
            let quiet = await never(subject, satisfies: { $0 == 1 }, for: window)
            XCTAssertTrue(quiet)
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("no value arrived for 0.05 s") == true,
            failures.first?.description ?? "")
    }

    func testClockRunTakesATimeInterval() async {
        let clock = TestClock()
        let budget: TimeInterval = 0.05
        let line = #line + 2
        let failures = await captureFailures {
            await clock.run(timeout: budget) {
                let (stream, continuation) = AsyncStream<Never>.makeStream()
                for await _ in stream {}
                continuation.finish()
            }
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("gave up after 0.05 s of real time") == true,
            failures.first?.description ?? "")
    }

    func testInvalidValuesFailAtTheCallersLine() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let values: [(TimeInterval, String)] = [
            (0, "0.0"), (-1, "-1.0"), (.nan, "nan"), (.infinity, "inf"),
        ]
        for (interval, text) in values {
            let line = #line + 2
            let failures = await captureFailures {
                let result = await until(subject, satisfies: [{ $0 == 1 }], timeout: interval)
                XCTAssertNil(result)
                let watched = await stays(subject, satisfying: { $0 == 1 }, for: interval)
                XCTAssertFalse(watched)
            }
            XCTAssertEqual(failures.map(\.line), [line, line + 2], text)
            XCTAssertTrue(
                failures.first?.description.contains(
                    "was given a timeout of \(text) s, which cannot be waited for") == true,
                failures.first?.description ?? "")
            XCTAssertTrue(
                failures.last?.description.contains(
                    "was given a window of \(text) s, in which nothing can be watched") == true,
                failures.last?.description ?? "")
        }
        let zero: Duration = .zero
        let line = #line + 2
        let failures = await captureFailures {
            let result = await until(subject, satisfies: [{ $0 == 1 }], timeout: zero)
            XCTAssertNil(result)
        }
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("was given a timeout of 0.0 s") == true,
            failures.first?.description ?? "")
    }
}

/// The seed article's helper, with its signature (`timeout: TimeInterval`), forwarding to the
/// package's `until`: on this test case only, so the package's free `until` stays in reach of
/// every other test.
@MainActor
final class SeedHelperXCTests: FailureCapturingTestCase {
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

    // The article's test, through its helper.
    func testViewModel() async {
        let viewModel = SeedViewModel(pause: .milliseconds(200))

        let task = Task { await viewModel.addItem() }

        // Check that `isLoading` is updating
        await until(viewModel.$isLoading) { $0 == true }
        XCTAssertTrue(viewModel.isLoading)

        // Wait until task finishes and `isLoading` is back to false
        await task.value
        await until(viewModel.$isLoading) { $0 == false }

        XCTAssertEqual(viewModel.items.count, 1)
        XCTAssertFalse(viewModel.isLoading)
    }

    func testTheHelpersTimeIntervalReachesTheWait() async {
        let subject = PassthroughSubject<Bool, Never>()
        let failures = await captureFailures {
            await until(subject, satisfies: [{ $0 }], timeout: 0.05)
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains("timed out after 0.05 s:") == true,
            failures.first?.description ?? "")
    }
}
