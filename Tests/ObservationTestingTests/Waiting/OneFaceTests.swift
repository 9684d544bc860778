import Foundation
import Observation
import ObservationTesting
import Publishing
import Testing
import XCTest

/// Every source has every verb, with the same parameters; and the calls the README writes
/// compile as written.
@Suite("One face: every verb for every source", .untilTimeout(30))
struct OneFaceTests {
    @Observable
    @MainActor
    final class Model {
        var count = 0
        var error: TestError?
    }

    @Test("A publisher: lists, Condition lists, one condition, emits, never, stays, record")
    func publisher() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        #expect(await until(subject, satisfies: []) == [])
        #expect(await until(subject, satisfies: [], timeout: 5) == [])
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: 0.5) == [1])
        #expect(await until(subject, satisfies: [.equals(1)], timeout: .milliseconds(500)) == [1])
        #expect(await until(subject) { $0 == 1 } == 1)
        #expect(await until(subject, emits: [1, 2], idleTimeout: 5) { subject.send(2) })
        #expect(await until(Just(3), emits: [3], idleTimeout: 0.2))
        #expect(await never(subject, satisfies: { $0 > 5 }, for: .milliseconds(10)))
        #expect(await stays(subject, satisfying: { $0 < 5 }, for: .milliseconds(10), timeout: 5))
        // A window is written as a timeout is: seconds, a unit, or a Duration wrapped.
        #expect(await stays(subject, satisfying: { $0 < 5 }, for: 0.01))
        #expect(await never(subject, satisfies: { $0 > 5 }, for: Timeout(.milliseconds(10))))
        let recorder = subject.record()
        #expect(await recorder.next() == 2)
    }

    @Test("An untyped empty list takes the source's own form, not the whole-model one")
    func emptyListKeepsTheSourceForm() async {
        // Subjects and recorders are classes, so the whole-model form (`AnyObject...`, closures
        // of no arguments, a `Bool` result) fits them too; it must never be the one chosen.
        let passthrough = PassthroughSubject<Int, Never>()
        let current = CurrentValueSubject<Int, Never>(1)
        let recorder = current.record()
        let fromPassthrough = await until(passthrough, satisfies: [], timeout: 5)
        let fromCurrent = await until(current, satisfies: [], timeout: 5)
        let fromRecorder = await until(recorder, satisfies: [], timeout: 5)
        // Each line compiles only while the result is the source's values.
        #expect(isOfType(fromPassthrough, [Int]?.self) && fromPassthrough == [])
        #expect(isOfType(fromCurrent, [Int]?.self) && fromCurrent == [])
        #expect(isOfType(fromRecorder, [Int]?.self) && fromRecorder == [])
    }

    @Test("The condition as a trailing closure after a timeout, for every source")
    @MainActor
    func trailingConditionAfterATimeout() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let counter = PlainCounter()
        let model = Model()
        #expect(await until(subject, timeout: 30) { $0 == 1 } == 1)
        #expect(await until(subject, idleTimeout: 5) { $0 == 1 } == 1)
        #expect(await until(counter.$value, timeout: 30) { $0 == 0 } == 0)
        #expect(await until(subject.record(), timeout: 30) { $0 == 1 } == 1)
        #expect(await until(model, \.count, timeout: 30) { $0 == 0 } == 0)
        #expect(await until(model, timeout: 30) { $0.count == 0 })
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            let stream = AsyncStream<Int> { $0.yield(2) }
            #expect(await until(stream, timeout: 30) { $0 == 2 } == 2)
        }
        // With an action, as the whole-model form takes it.
        #expect(
            await until(subject, timeout: 5) {
                $0 == 2
            } perform: {
                subject.send(2)
            } == 2)
    }

    @Test("An @Observable property: every verb, and record")
    @MainActor
    func observable() async {
        let model = Model()
        #expect(await until(model, \.count, satisfies: []) == [])
        model.count = 2
        #expect(await until(model, \.count) { $0 > 1 } == 2)
        #expect(
            await until(model, \.count, satisfies: [{ $0 == 2 }, { $0 == 3 }]) { model.count = 3 }
                == [2, 3])
        #expect(await until(model, \.count, satisfies: [.equals(3)], idleTimeout: 5) == [3])
        #expect(
            await until(model, \.count, emits: [3, 4], idleTimeout: 5) { model.count = 4 })
        #expect(await never(model, \.error, satisfies: { $0 != nil }, for: .milliseconds(50)))
        #expect(await stays(model, \.count, satisfying: { $0 == 4 }, for: .milliseconds(10)))
        #expect(await stays(model, \.count, satisfying: { $0 == 4 }, for: 0.01))
        let recorder = record(model, \.count)
        model.count = 5
        #expect(await until(recorder, emits: [4, 5]))
    }

    @Test("An async sequence: every verb")
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func asyncSequence() async {
        func stream(_ values: [Int]) -> AsyncStream<Int> {
            AsyncStream { continuation in
                for value in values { continuation.yield(value) }
            }
        }
        #expect(await until(stream([1, 2]), emits: [1, 2]))
        #expect(await until(stream([1, 2]), satisfies: [{ $0 == 2 }]) == [2])
        #expect(await until(stream([1, 2]), satisfies: [.equals(1)]) == [1])
        #expect(await until(stream([1, 2])) { $0 == 2 } == 2)
        #expect(await never(stream([1, 2]), satisfies: { $0 > 5 }, for: .milliseconds(10)))
        #expect(await stays(stream([1, 2]), satisfying: { $0 < 5 }, for: .milliseconds(10)))
        #expect(await never(stream([1, 2]), satisfies: { $0 > 5 }, for: 0.01))
    }

    @Test("A recorder is a source for every verb, reading on from where it stands")
    func recorder() async {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        for value in [1, 2, 3, 4] { subject.send(value) }
        #expect(await until(recorder, satisfies: [{ $0 == 2 }]) == [2])
        #expect(await until(recorder, emits: [3]))
        #expect(await until(recorder) { $0 == 4 } == 4)
        #expect(await never(recorder, satisfies: { _ in true }, for: .milliseconds(10)))
        subject.send(5)
        #expect(await stays(recorder, satisfying: { $0 == 5 }, for: .milliseconds(10)))
        #expect(recorder.values == [1, 2, 3, 4, 5])
    }

    @Test("A recorder's sink sends the unread values, then new ones, without moving it on")
    func recorderSink() async {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = subject.record()
        subject.send(1)
        subject.send(2)
        await recorder.next()
        let received = Locked<[Int]>([])
        let ended = Locked(false)
        let subscription = recorder.sink(
            receiveCompletion: { _ in ended.withLock { $0 = true } },
            receiveValue: { value in
                // Reading the recorder from inside a delivery must not deadlock.
                _ = recorder.values
                received.withLock { $0.append(value) }
            }
        )
        subject.send(3)
        subject.send(completion: .finished)
        #expect(received.withLock { $0 } == [2, 3])
        #expect(ended.withLock { $0 })
        #expect(await recorder.next() == 2)
        subscription.cancel()
    }

    @Test("withDefaultTimeout takes a one-condition wait as its whole body")
    func defaultTimeoutBody() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let value = await withDefaultTimeout(.seconds(5)) { await until(subject) { $0 == 1 } }
        #expect(value == 1)
        await withDefaultTimeout(5) { await until(subject, satisfies: [{ $0 == 1 }]) }
    }

    @Test("Timeout literals, units and values read as seconds")
    func timeoutForms() {
        #expect(Timeout(integerLiteral: 3) == Timeout(Duration.seconds(3)))
        #expect(Timeout(floatLiteral: 0.25) == .milliseconds(250))
        #expect(Timeout(0.5 as TimeInterval) == .seconds(0.5))
        #expect(Timeout.milliseconds(1500).description == "1.5 s")
    }
}

/// `true`, and compiles only when `value` is a `T`: pins the type an overload returns.
func isOfType<T>(_ value: T, _: T.Type) -> Bool { true }

/// Inside an XCTest method, `until` is the free function: a task may call it without capturing
/// the test case.
final class OneFaceXCTestTests: XCTestCase {
    func testUntilInsideATaskInAnXCTestMethod() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let task = Task { await until(subject) { $0 == 1 } }
        let value = await task.value
        XCTAssertEqual(value, 1)
    }
}
