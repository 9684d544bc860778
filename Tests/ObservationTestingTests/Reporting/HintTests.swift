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

    @Test("Nothing sent, with nothing asleep and a quick action, says nothing is on its way")
    func nothingSent() async {
        let messages = await HintCase.nothingSent(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.contains("The publisher sent no values."), "\(message)")
        #expect(Hint.of(message) == [.nothingSent], "\(message)")
    }

    @Test("Real time that passed in the action suggests a TestClock")
    func realTimePassed() async {
        let messages = await HintCase.realTimePassed(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(Hint.of(message) == [.injectATestClock], "\(message)")
        #expect(message.contains("The action ran for "), "\(message)")
    }

    @Test("An action that had not returned when the wait timed out is said to have not returned")
    func actionNeverReturns() async {
        let messages = await HintCase.actionNeverReturns(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        // On a machine too busy to begin the action within the timeout, it had not begun.
        #expect(
            message.contains(
                "The action passed to perform: had not returned when the wait timed "
                    + "out; it began at +0.")
                || message.contains("The action passed to perform: had not begun"), "\(message)")
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

    @Test("A wait that goes idle with a scheduler short of its debounce names the scheduler")
    func idleShortOfItsDebounce() async {
        let messages = await HintCase.idleShortOfItsDebounce(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.contains("no value arrived for 0.1 s"), "\(message)")
        #expect(Hint.of(message) == [.dueWork], "\(message)")
        #expect(
            message.contains(
                "DispatchQueue.test has 1 scheduled action due, at +0.3 s (its time is +0.2 s)"),
            "\(message)")
        #expect(message.contains("`scheduler.advance(by: .milliseconds(100))`"), "\(message)")
    }

    @Test("A wait for an end still due on a scheduler names the scheduler and the advance")
    func endDueOnAScheduler() async {
        let messages = await HintCase.endDueOnAScheduler(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.contains("the publisher never finished"), "\(message)")
        #expect(Hint.of(message) == [.dueWork], "\(message)")
        // `delay` schedules its value and its end, each an action: what counts is the time.
        #expect(message.contains("DispatchQueue.test has "), "\(message)")
        #expect(
            message.contains(
                "due, at +1.0 s, +1.0 s (its time is +0.5 s): "
                    + "`scheduler.advance(by: .milliseconds(500))` reaches the first."),
            "\(message)")
    }

    @Test("A wait for an end with nothing due names no clock and suggests none")
    func endNeverComes() async {
        let messages = await HintCase.endNeverComes(capture)
        #expect(messages.count == 1)
        let message = messages.first ?? ""
        #expect(message.contains("the publisher never failed"), "\(message)")
        #expect(Hint.of(message).isEmpty, "\(message)")
        #expect(!message.contains("DispatchQueue.test"), "\(message)")
    }
}
