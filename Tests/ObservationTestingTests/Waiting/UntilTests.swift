import Foundation
import ObservationTesting
import Publishing
import Testing

// Waits meant to succeed get a generous default: a loaded 2-core machine may not schedule an
// action for a while. Waits meant to time out pass their own short timeout.
@Suite("until: ordered conditions", .untilTimeout(.seconds(30)))
struct UntilTests {
    @Test("Conditions are met in order by later and later values, and the matches are returned")
    func orderedConditions() async {
        let subject = PassthroughSubject<Int, Never>()
        let matched = await until(subject, satisfies: [{ $0 > 1 }, { $0 < 1 }, { $0 == 5 }]) {
            for value in [1, 2, 3, 0, 4, 5] { subject.send(value) }
        }
        #expect(matched == [2, 0, 5])
    }

    @Test("The current value of a @Published property or CurrentValueSubject counts")
    func currentValueCounts() async {
        let subject = CurrentValueSubject<String, Never>("ready")
        #expect(await until(subject, satisfies: { $0 == "ready" }) == "ready")
    }

    @Test("An empty list of conditions succeeds at once, written as the docs write it")
    func emptyList() async {
        let subject = PassthroughSubject<Int, Never>()
        #expect(await until(subject, satisfies: []) == [])
        #expect(await until(subject, satisfies: [], timeout: 5) == [])
        #expect(await until(subject, satisfies: [], timeout: .seconds(5)) == [])
        let recorder = subject.record()
        #expect(await until(recorder, satisfies: []) == [])
    }

    @Test("Closure lists and Condition lists each resolve to their own form")
    func conditionListsResolve() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: 5) == [1])
        #expect(await until(subject, satisfies: [.equals(1)], timeout: 5) == [1])
        #expect(await until(subject, satisfies: [.equals(1).labeled("one")]) == [1])
    }

    @Test("The same condition twice needs two values")
    func repeatedConditionNeedsTwoValues() async {
        let subject = PassthroughSubject<Bool, Never>()
        let matched = await until(subject, satisfies: [{ $0 }, { $0 }]) {
            subject.send(true)
            subject.send(true)
        }
        #expect(matched == [true, true])
    }

    @Test("One value never meets two conditions")
    func oneValueMeetsOneCondition() async {
        let subject = CurrentValueSubject<Bool, Never>(true)
        await withCapturedFailures {
            let matched = await until(
                subject, satisfies: [{ $0 }, { $0 }], timeout: .milliseconds(50))
            #expect(matched == nil)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("condition 2 of 2 was never met") }
        }
    }

    @Test("Operator chains work as sources")
    func operatorChains() async {
        let items = CurrentValueSubject<[Int], Never>([])
        let counts = await until(items.map(\.count).removeDuplicates(), satisfies: [.equals(2)]) {
            items.value = [1]
            items.value = [1, 2]
        }
        #expect(counts == [2])
    }

    @Test("Self-describing and labelled conditions work in lists, one or several")
    func conditionValues() async {
        let items = CurrentValueSubject<[Int], Never>([])
        let matched = await until(
            items,
            satisfies: [.matches(\.count, 1), .any, Condition("three items") { $0.count == 3 }]
        ) {
            items.value = [1]
            items.value = [1, 2]
            items.value = [1, 2, 3]
        }
        #expect(matched == [[1], [1, 2], [1, 2, 3]])
        #expect(await until(items.map(\.count), satisfies: [.equals(3)]) == [3])
    }

    @Test("Values the action sends synchronously are not missed")
    func actionRunsAfterSubscribing() async {
        let subject = PassthroughSubject<Int, Never>()
        let matched = await until(subject, satisfies: [{ $0 == 1 }, { $0 == 2 }]) {
            subject.send(1)
            subject.send(2)
        }
        #expect(matched == [1, 2])
    }

    @Test("until returns only after the action returns, even once the conditions are met")
    func actionIsAwaited() async {
        let subject = PassthroughSubject<Int, Never>()
        let finished = Flag()
        let matched = await until(subject, satisfies: [{ $0 == 1 }]) {
            subject.send(1)
            await Task.yield()
            finished.set()
        }
        #expect(matched == [1])
        #expect(finished.isSet)
    }

    @Test("Values sent by another task wake the waiter")
    func wakesFromAnotherTask() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        let sender = Task.detached {
            for value in 1...100 { subject.send(value) }
        }
        #expect(await until(subject, satisfies: { $0 == 100 }, timeout: .seconds(30)) == 100)
        await sender.value
    }

    @Test("A TimeInterval timeout is accepted as in the seed")
    func timeIntervalTimeout() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        #expect(await until(subject, satisfies: [{ $0 == 1 }], timeout: 2) == [1])
        #expect(await until(subject, satisfies: { $0 == 1 }, timeout: 2.5) == 1)
    }

    @Test("Each until releases its subscription: 10,000 in a row leave none behind")
    func sequentialWaitsDoNotGrow() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        let counted = SubscriptionCounter(subject)
        for value in 1...10_000 {
            subject.value = value
            let matched = await until(counted, satisfies: { $0 == value })
            if matched != value {
                Issue.record("wait \(value) returned \(String(describing: matched))")
                break
            }
        }
        #expect(counted.total == 10_000)
        #expect(counted.live == 0)
    }

    @Test("Many concurrent untils on one publisher are all woken")
    func concurrentWaits() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        let counted = SubscriptionCounter(subject)
        let waiters = 50
        await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<waiters {
                group.addTask {
                    await until(counted, satisfies: [{ $0 >= 10 }], timeout: .seconds(30))?.first
                }
            }
            group.addTask {
                for value in 1...10 {
                    subject.value = value
                    await Task.yield()
                }
                return 10
            }
            var results: [Int?] = []
            for await result in group { results.append(result) }
            #expect(results.count == waiters + 1)
            #expect(results.allSatisfy { $0 == 10 })
        }
        #expect(counted.live == 0)
    }

    // A wait on a property takes each value once its assignment has stored it: Publishing
    // offers a hook after the store; on Combine the wait looks until the property holds it.
    @Test("The line after until reads the matched value, though another thread assigned it")
    func propertyHoldsTheMatchedValue() async {
        let model = ThreadModel()
        let release = DispatchSemaphore(value: 0)
        let slowSubscriber = Locked<AnyCancellable?>(nil)
        await until(model.$value, satisfies: [{ $0 == 1 }]) {
            // Subscribed after the wait, so the assignment reaches the wait first and then
            // stalls here, before its store, until the test has checked the property. (The
            // bound only ends the stall if the wait rightly resumes after the store.)
            let token = model.$value.dropFirst().sink { _ in
                _ = release.wait(timeout: .now() + .milliseconds(200))
            }
            slowSubscriber.withLock { $0 = token }
            DispatchQueue.global().async { model.value = 1 }
        }
        #expect(model.value == 1)
        release.signal()
        slowSubscriber.withLock { $0 = nil }
    }
}

/// A model assigned from another thread.
// @unchecked: a Publishing `@Published` property is safe to read and assign from any thread.
private final class ThreadModel: ObservableObject, @unchecked Sendable {
    @Published var value = 0
}

/// A flag set from any task.
final class Flag: @unchecked Sendable {
    // @unchecked: `value` is only touched while holding `lock`.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
