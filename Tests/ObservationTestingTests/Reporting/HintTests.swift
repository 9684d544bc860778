import Foundation
import Publishing
import Testing

@testable import ObservationTesting

/// Each hint of a timed-out wait shows for its case and not for the others, in Swift Testing.
@Suite("Hints that fit the case")
@MainActor
struct HintTests {
    private let capture: HintCase.Capture = { body in
        await capturedFailures(of: body).map(\.message)
    }

    @Test("A value that never changed, with nothing asleep, says so and what usually causes it")
    func valueNeverChanged() async {
        let messages = await HintCase.valueNeverChanged(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(Hint.of(message) == [.valueNeverChanged], "\(message)")
        #expect(message.contains("The value never changed from nil"), "\(message)")
        #expect(message.contains("a mock never told to fail"), "\(message)")
    }

    @Test(
        "A value that changed to another, with nothing asleep and a quick action, blames no clock")
    func changedButNotMet() async {
        let messages = await HintCase.changedButNotMet(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(Hint.of(message) == [.valuesAreAllThereIs], "\(message)")
    }

    @Test("Real time that passed in the action suggests a TestClock")
    func realTimePassed() async {
        let messages = await HintCase.realTimePassed(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(Hint.of(message) == [.injectATestClock], "\(message)")
    }

    @Test("A sleeper and no value met: the order of what happened, then the clock and its advance")
    func sleeperAndNothingMet() async {
        let messages = await HintCase.sleeperAndNothingMet(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(Hint.of(message) == [.order, .dueWork], "\(message)")
        #expect(
            message.contains("has 1 task asleep until +0.3 s (its time is +0.1 s)"), "\(message)")
        #expect(message.contains("`await clock.advance(by: .milliseconds(200))`"), "\(message)")
        let order = message.range(of: Hint.order.phrase)?.lowerBound
        let due = message.range(of: "has 1 task asleep until")?.lowerBound
        #expect(order != nil && due != nil && order! < due!, "\(message)")
    }

    @Test("A sleeper after a met condition: the clock and its advance, no order")
    func sleeperAfterAMetCondition() async {
        let messages = await HintCase.sleeperAfterAMetCondition(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(Hint.of(message) == [.dueWork], "\(message)")
        #expect(
            message.contains("has 1 task asleep until +0.4 s (its time is +0.3 s)"), "\(message)")
        #expect(message.contains("`await clock.advance(by: .milliseconds(100))`"), "\(message)")
    }

    @Test("A scheduler advanced short of its debounce is named, with its time and the advance")
    func schedulerShortOfItsDebounce() async {
        let messages = await HintCase.schedulerShortOfItsDebounce(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(Hint.of(message) == [.dueWork], "\(message)")
        #expect(
            message.contains(
                "DispatchQueue.test has 1 scheduled action due, at +0.3 s (its time is +0.2 s)"),
            "\(message)")
        #expect(message.contains("`scheduler.advance(by: .milliseconds(100))`"), "\(message)")
    }
}
