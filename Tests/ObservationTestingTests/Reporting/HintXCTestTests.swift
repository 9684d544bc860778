import XCTest

@testable import ObservationTesting

/// Each hint of a timed-out wait shows for its case and not for the others, in XCTest, where the
/// test a clock belongs to is told by XCTest's turn, not by a task-local.
@MainActor
final class HintXCTestTests: FailureCapturingTestCase {
    private func capture(_ body: @MainActor () async -> Void) async -> [String] {
        await captureFailures(body).map(\.description)
    }

    private func message(of messages: [String]) -> String {
        XCTAssertEqual(messages.count, 1, "\(messages)")
        return messages.first ?? ""
    }

    func testAValueThatNeverChangedSaysSo() async {
        let message = message(of: await HintCase.valueNeverChanged { await self.capture($0) })
        XCTAssertEqual(Hint.of(message), [.valueNeverChanged], message)
        XCTAssertTrue(message.contains("a mock never told to fail"), message)
    }

    func testAChangedValueWithAQuickActionBlamesNoClock() async {
        let message = message(of: await HintCase.changedButNotMet { await self.capture($0) })
        XCTAssertEqual(Hint.of(message), [.valuesAreAllThereIs], message)
    }

    func testNothingSentWithAQuickActionSaysNothingIsOnItsWay() async {
        let message = message(of: await HintCase.nothingSent { await self.capture($0) })
        XCTAssertTrue(message.contains("The publisher sent no values."), message)
        XCTAssertEqual(Hint.of(message), [.nothingSent], message)
    }

    func testRealTimeInTheActionSuggestsATestClock() async {
        let message = message(of: await HintCase.realTimePassed { await self.capture($0) })
        XCTAssertEqual(Hint.of(message), [.injectATestClock], message)
        XCTAssertTrue(message.contains("The action ran for "), message)
    }

    func testAnActionThatHadNotReturnedIsSaidToHaveNot() async {
        let message = message(of: await HintCase.actionNeverReturns { await self.capture($0) })
        XCTAssertTrue(
            message.contains("The action passed to perform: had not returned")
                || message.contains("The action passed to perform: had not begun"), message)
        XCTAssertEqual(Hint.of(message), [.injectATestClock], message)
    }

    func testASleeperAndNoValueMetTellsTheOrderFirst() async {
        let message = message(of: await HintCase.sleeperAndNothingMet { await self.capture($0) })
        XCTAssertEqual(Hint.of(message), [.order, .dueWork], message)
        XCTAssertTrue(
            message.contains("has 1 task asleep until +0.3 s (its time is +0.1 s)"), message)
        XCTAssertTrue(message.contains("`await clock.advance(by: .milliseconds(200))`"), message)
    }

    func testASleeperAfterAMetConditionNamesTheClock() async {
        let message = message(
            of: await HintCase.sleeperAfterAMetCondition { await self.capture($0) })
        XCTAssertEqual(Hint.of(message), [.dueWork], message)
        XCTAssertTrue(
            message.contains("has 1 task asleep until +0.4 s (its time is +0.3 s)"), message)
    }

    func testASchedulerShortOfItsDebounceIsNamed() async {
        let message = message(
            of: await HintCase.schedulerShortOfItsDebounce { await self.capture($0) })
        XCTAssertEqual(Hint.of(message), [.dueWork], message)
        XCTAssertTrue(
            message.contains(
                "DispatchQueue.test has 1 scheduled action due, at +0.3 s (its time is +0.2 s)"),
            message)
        XCTAssertTrue(message.contains("`scheduler.advance(by: .milliseconds(100))`"), message)
    }

    func testAnIdleWaitShortOfItsDebounceNamesTheScheduler() async {
        let message = message(of: await HintCase.idleShortOfItsDebounce { await self.capture($0) })
        XCTAssertTrue(message.contains("no value arrived for 0.1 s"), message)
        XCTAssertEqual(Hint.of(message), [.dueWork], message)
        XCTAssertTrue(
            message.contains(
                "DispatchQueue.test has 1 scheduled action due, at +0.3 s (its time is +0.2 s)"),
            message)
    }

    func testAnEndDueOnASchedulerNamesTheScheduler() async {
        let message = message(of: await HintCase.endDueOnAScheduler { await self.capture($0) })
        XCTAssertTrue(message.contains("the publisher never finished"), message)
        XCTAssertEqual(Hint.of(message), [.dueWork], message)
        // `delay` schedules its value and its end, each an action: what counts is the time.
        XCTAssertTrue(message.contains("DispatchQueue.test has "), message)
        XCTAssertTrue(
            message.contains(
                "due, at +1.0 s, +1.0 s (its time is +0.5 s): "
                    + "`scheduler.advance(by: .milliseconds(500))` reaches the first."),
            message)
    }

    func testAnEndWithNothingDueNamesNoClock() async {
        let message = message(of: await HintCase.endNeverComes { await self.capture($0) })
        XCTAssertTrue(message.contains("the publisher never failed"), message)
        XCTAssertEqual(Hint.of(message), [], message)
    }
}
