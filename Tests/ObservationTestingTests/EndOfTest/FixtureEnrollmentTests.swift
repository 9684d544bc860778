// Fixtures made before the end-of-test checks were turned on (an XCTest case's stored
// properties, made when XCTest builds the case; one made outside `withEndOfTestChecks`) are
// checked by the test that uses them.
import Dispatch
import Foundation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

/// A view model with no actor, so an XCTest case can make it in a stored property.
final class UnisolatedCounter: ObservableObject {
    @Published var count = 0
}

/// A suite with the trait: Swift Testing makes the suite's instance inside each test's checks,
/// so its stored fixtures are made, and enrolled, there.
@Suite(.endOfTestChecks)
struct SuiteFixtureTests {
    let isMadeInsideTheChecks = EndOfTestScope.active != nil
    let scheduler = DispatchQueue.test

    @Test("A suite's stored properties are made inside its tests' checks")
    func storedPropertiesAreMadeInside() {
        #expect(isMadeInsideTheChecks)
        scheduler.schedule {}
        scheduler.advance()
    }
}

@Suite("End-of-test checks: fixtures made before them", .untilTimeout(.seconds(30)))
@MainActor
struct FixtureEnrollmentTests {
    @Test("A scheduler made before the checks, used inside them, fails with work left due")
    func schedulerMadeBefore() async {
        let scheduler = DispatchQueue.test
        var scopeLine: UInt = 0
        let found = await capturedFailures {
            scopeLine = #line + 1
            await withEndOfTestChecks {
                scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {}
            }
        }
        #expect(found.map(\.line) == [scopeLine])
        #expect(
            found.first?.message.hasPrefix(
                "End of test: DispatchQueue.test has 1 scheduled action still due, at +1.0 s")
                == true)
        scheduler.run()
    }

    @Test("A clock made before the checks, slept on inside them, fails where it was made")
    func clockMadeBefore() async {
        let clockLine: UInt = #line + 1
        let clock = TestClock()
        var task: Task<Void, Never>?
        let found = await capturedFailures {
            await withEndOfTestChecks {
                task = Task { try? await clock.sleep(for: .seconds(2)) }
                await until(clock.sleeperCounts) { $0 == 1 }
            }
        }
        task?.cancel()
        #expect(found.map(\.line) == [clockLine])
        #expect(found.first?.message.contains("TestClock has 1 task still asleep") == true)
    }

    @Test("A recorder made before strict checks, recording inside them, fails with values unread")
    func recorderMadeBefore() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorderLine: UInt = #line + 1
        let recorder = subject.record()
        let found = await capturedFailures {
            await withEndOfTestChecks(strict: true) { subject.send(7) }
        }
        #expect(found.map(\.line) == [recorderLine])
        #expect(found.first?.message.contains("1 value never read: 7.") == true)
        #expect(recorder.values == [7])
    }

    @Test("A fixture made before the checks and not used inside them is not theirs to check")
    func unusedFixture() async {
        let scheduler = DispatchQueue.test
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {}
        let found = await capturedFailures { await withEndOfTestChecks {} }
        #expect(found.isEmpty)
        scheduler.run()
    }

    @Test("A fixture made outside every scope and used by two in turn is checked by each")
    func fixtureSharedByScopes() async {
        let scheduler = DispatchQueue.test
        for _ in 0..<2 {
            let found = await capturedFailures {
                await withEndOfTestChecks { scheduler.schedule {} }
            }
            #expect(found.count == 1)
            scheduler.advance()
        }
    }
}

/// An XCTest case's stored fixtures, made when XCTest builds the case, before `setUp` turns the
/// checks on.
final class StoredFixtureXCTests: EndOfTestCapturingTestCase {
    private let scheduler = DispatchQueue.test
    private let clockLine: UInt = #line + 1
    private let clock = TestClock()
    private let (counted, changes, changesLine) = StoredFixtureXCTests.recordedCounter()

    /// A counter, its change recorder, and the line that made the recorder.
    private static func recordedCounter()
        -> (UnisolatedCounter, ChangeRecorder<UnisolatedCounter>, UInt)
    {
        let counter = UnisolatedCounter()
        return (counter, counter.recordChanges(), #line)
    }

    func testSchedulerInAPropertyIsChecked() {
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {}
        expectEndOfTestFailures(
            1, containing: "DispatchQueue.test has 1 scheduled action still due, at +1.0 s",
            at: checksLine)
    }

    @MainActor
    func testClockInAPropertyIsChecked() async {
        let clock = clock
        let task = Task { try? await clock.sleep(for: .seconds(1)) }
        await until(clock.sleeperCounts, timeout: 30) { $0 == 1 }
        afterChecks.append { task.cancel() }
        expectEndOfTestFailures(1, containing: "TestClock has 1 task still asleep", at: clockLine)
    }

    @MainActor
    func testChangeRecorderInAPropertyIsChecked() async {
        counted.count = 1
        await until(counted.$count, timeout: 30) { $0 == 1 }
        expectEndOfTestFailures(1, containing: "1 change not asserted", at: changesLine)
    }

    // Two tests with one body: whichever runs second leaves work due on the other's stored
    // scheduler, which that test's checks claimed; this test's checks must not count it.
    @MainActor
    func testWorkOnAnEarlierTestCasesFixtureIsNotCountedHere() async {
        leaveWorkOnTheEarlierTestCasesScheduler()
    }

    @MainActor
    func testWorkOnAnEarlierTestCasesFixtureIsNotCountedHereEither() async {
        leaveWorkOnTheEarlierTestCasesScheduler()
    }

    @MainActor
    private func leaveWorkOnTheEarlierTestCasesScheduler() {
        if let earlier = Self.earlierScheduler {
            earlier.schedule(after: earlier.now.advanced(by: .seconds(1))) {}
            afterChecks.append { earlier.run() }
        }
        Self.earlierScheduler = scheduler
    }

    @MainActor private static var earlierScheduler: TestSchedulerOf<DispatchQueue>?

    @MainActor
    func testStoredFixturesSeenThroughPass() async {
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {}
        scheduler.advance(by: .seconds(1))
        let clock = clock
        let task = Task { try? await clock.sleep(for: .seconds(1)) }
        await clock.advance(by: .seconds(1), whenAsleep: 1, timeout: 30)
        await task.value
        counted.count = 2
        await changes.next(timeout: 30) { $0.count = 2 }
        changes.finish()
    }
}

/// Strict checks on an XCTest case's stored recorder.
final class StrictStoredFixtureXCTests: EndOfTestCapturingTestCase {
    override class var isStrict: Bool { true }

    private let (source, recorder, recorderLine) = StrictStoredFixtureXCTests.recordedSubject()

    /// A subject, its recorder, and the line that made the recorder.
    private static func recordedSubject()
        -> (PassthroughSubject<Int, Never>, Recorder<Int, Never>, UInt)
    {
        let subject = PassthroughSubject<Int, Never>()
        return (subject, subject.record(), #line)
    }

    func testRecorderInAPropertyIsChecked() {
        source.send(3)
        expectEndOfTestFailures(1, containing: "1 value never read: 3.", at: recorderLine)
    }

    func testRecorderInAPropertyReadPasses() {
        source.send(3)
        XCTAssertEqual(recorder.values, [3])
    }
}
