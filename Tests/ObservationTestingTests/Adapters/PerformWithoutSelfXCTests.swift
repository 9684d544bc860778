import Observation
import ObservationTesting
import Publishing
import XCTest

private struct ActionFailed: Error {}

/// An `@Observable` counter for the waits below.
@MainActor @Observable
final class PerformCounter {
    var count = 0
}

/// `perform:` does not escape: inside it, a test case's stored fixtures need no `self.`. This
/// file compiles in Swift 6 mode with warnings as errors only if each source's verbs take a
/// non-escaping action (an escaping one asks for "explicit use of 'self'").
@MainActor
final class PerformWithoutSelfXCTests: XCTestCase {
    private let subject = CurrentValueSubject<Int, Never>(0)
    private let counter = PerformCounter()
    private var sent = 0

    func testAPublisher() async {
        await until(subject, satisfies: [{ $0 == 1 }]) { subject.send(1) }
        await until(subject, satisfies: [.equals(2)]) { subject.send(2) }
        await until(subject) {
            $0 == 3
        } perform: {
            subject.send(3)
        }
        await until(subject, emits: [3, 4]) { subject.send(4) }
        let quiet = await never(
            subject, satisfies: { $0 < 0 }, for: .milliseconds(10), perform: { subject.send(5) })
        let held = await stays(
            subject, satisfying: { $0 >= 5 }, for: .milliseconds(10), perform: { subject.send(6) })
        XCTAssertTrue(quiet && held)
        XCTAssertEqual(subject.value, 6)
    }

    func testAnObservableProperty() async {
        await until(counter, \.count, satisfies: [{ $0 == 1 }]) { counter.count = 1 }
        await until(counter, \.count) {
            $0 == 2
        } perform: {
            counter.count = 2
        }
        await until(counter, \.count, emits: [2, 3]) { counter.count = 3 }
        XCTAssertEqual(counter.count, 3)
    }

    // A stream per wait: a wait that ends cancels its iteration, which ends an `AsyncStream`.
    func testAnAsyncSequence() async {
        let (first, yieldFirst) = AsyncStream<Int>.makeStream()
        await until(first, satisfies: [{ $0 == 1 }]) {
            sent += 1
            yieldFirst.yield(1)
        }
        let (second, yieldSecond) = AsyncStream<Int>.makeStream()
        await until(second) {
            $0 == 2
        } perform: {
            sent += 1
            yieldSecond.yield(2)
        }
        XCTAssertEqual(sent, 2)
    }

    // The conditions are kept while the wait runs, so they name the model through a local; the
    // action reaches the stored property itself.
    func testAnyObservableState() async {
        let model = counter
        let met = await until {
            model.count == 1
        } perform: {
            counter.count = 1
        }
        let ordered = await until(satisfies: [{ model.count == 1 }, { model.count == 2 }]) {
            counter.count = 2
        }
        XCTAssertTrue(met && ordered)
    }

    func testAStoredVariableIsWrittenInTheAction() async {
        await until(subject, satisfies: [{ $0 == 7 }]) {
            sent += 1
            subject.send(7)
        }
        XCTAssertEqual(sent, 1)
    }

    /// A non-escaping action is awaited before the wait returns on every path: met, timed out
    /// (cancelled, then awaited), thrown; many times over, so a copy that outlived the call
    /// would trap in `withoutActuallyEscaping`.
    func testTheActionNeverOutlivesTheWait() async {
        for value in 1...500 {
            await until(subject, satisfies: [{ $0 == value }]) { subject.send(value) }
        }
        let failures = await expectFailure(containing: "timed out") {
            await until(subject, satisfies: [{ $0 < 0 }], timeout: 0.05) {
                await suspendUntilCancelled()
            }
        }
        XCTAssertEqual(failures.count, 1)
        await expectFailure(containing: "threw") {
            await until(subject, satisfies: [{ $0 < 0 }]) { throw ActionFailed() }
        }
    }
}
