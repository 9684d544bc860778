import Foundation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

@Suite("Unimplemented clock and scheduler")
struct UnimplementedClockTests {
    private func hasComment(_ issue: CapturedIssue, containing text: String) -> Bool {
        issue.comments.contains { $0.rawValue.contains(text) }
    }

    @Test("A sleep on an unimplemented clock fails where the clock was made, and returns")
    func clockFailsWhereMade() async throws {
        let line = #line + 1
        let clock = UnimplementedClock()
        await withCapturedFailures {
            try await clock.sleep(for: .seconds(2))
        } matching: { issue in
            issue.sourceLocation?.line == line
                && hasComment(
                    issue,
                    containing:
                        "UnimplementedClock (made at UnimplementedClockTests.swift:\(line)) "
                        + "was asked to sleep for 2.0 s: the code under test must not sleep on "
                        + "this path.")
        }
        #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
    }

    @Test("Scheduling on an unimplemented scheduler fails where it was made; the action never runs")
    func schedulerFailsWhereMade() {
        let line = #line + 2
        let ran = Locked(false)
        let scheduler = DispatchQueue.unimplemented()
        let runLoop = RunLoop.unimplemented("the run loop")
        let failures = Locked<[String]>([])
        withCapturedFailures {
            scheduler.schedule { ran.withLock { $0 = true } }
            scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {
                ran.withLock { $0 = true }
            }
            runLoop.schedule { ran.withLock { $0 = true } }
        } matching: { issue in
            failures.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
            return issue.sourceLocation?.line == line || issue.sourceLocation?.line == line + 1
        }
        let texts = failures.withLock { $0 }
        #expect(texts.count == 3)
        #expect(
            texts.first?.contains(
                "DispatchQueue.unimplemented() (made at UnimplementedClockTests.swift:\(line)) "
                    + "was asked to run an action: the code under test must not schedule work "
                    + "on this path.") == true)
        #expect(texts.dropFirst().first?.contains("was asked to run an action later") == true)
        #expect(texts.last?.hasPrefix("the run loop (made at") == true)
        #expect(!ran.withLock { $0 })
    }

    @Test("A debounce on an unimplemented scheduler fails the test, and emits nothing")
    func debounceFails() {
        let scheduler = DispatchQueue.unimplemented()
        let subject = PassthroughSubject<String, Never>()
        let received = Locked<[String]>([])
        let cancellable = subject.debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { value in received.withLock { $0.append(value) } }
        withCapturedFailures {
            subject.send("swift")
        } matching: { issue in
            hasComment(issue, containing: "DispatchQueue.unimplemented() (made at")
        }
        cancellable.cancel()
        #expect(received.withLock { $0 }.isEmpty)
    }

    @Test("Code that does not sleep or schedule passes with them")
    func unusedPasses() async {
        let clock = UnimplementedClock()  // any sleep fails the test, here
        let scheduler = DispatchQueue.unimplemented()  // so does any scheduled work
        #expect(clock.now == TestClock.Instant(offset: .zero))
        _ = scheduler.now
    }
}

/// The same failures, through XCTest.
final class UnimplementedClockXCTests: FailureCapturingTestCase {
    func testASleepFailsWhereTheClockWasMade() async {
        let clock = UnimplementedClock("refresh clock")
        let line = #line - 1
        let failures = await captureFailures {
            try? await clock.sleep(for: .milliseconds(300))
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.filePath, #filePath)
        XCTAssertTrue(
            failures.first?.description.contains(
                "refresh clock (made at UnimplementedClockTests.swift:\(line)) was asked to sleep "
                    + "for 0.3 s") == true, failures.first?.description ?? "no failure")
    }

    func testSchedulingFailsWhereTheSchedulerWasMade() async {
        let scheduler = DispatchQueue.unimplemented()
        let line = #line - 1
        let failures = await captureFailures {
            scheduler.schedule {}
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.contains(
                "was asked to run an action: the code under test must not schedule work") == true,
            failures.first?.description ?? "no failure")
    }
}
