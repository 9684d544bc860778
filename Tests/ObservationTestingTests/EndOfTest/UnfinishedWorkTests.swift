// Work a test started and did not see through: a debounce cut off when its view model goes at the
// end of the test (strict), and actions left due, with advice that fits the case.
import Dispatch
import Foundation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

/// A page loader whose page arrives after a `delay` on the scheduler it is given.
final class DelayedPageLoader {
    private(set) var pages: [Int] = []
    private var token: AnyCancellable?

    init(scheduler: TestSchedulerOf<DispatchQueue>) {
        token = Just(1).delay(for: .milliseconds(500), scheduler: scheduler)
            .sink { [weak self] in self?.pages.append($0) }
    }
}

@Suite("End-of-test checks: work not seen through", .untilTimeout(.seconds(30)))
@MainActor
struct UnfinishedWorkTests {
    @Test("Strict: a debounce cut off when its view model goes at the end of the test fails")
    func forgottenDebounceStrict() async {
        var scopeLine: UInt = 0
        let found = await capturedFailures {
            scopeLine = #line + 1
            await withEndOfTestChecks(strict: true) {
                let scheduler = DispatchQueue.test
                let viewModel = DebouncingViewModel(scheduler: scheduler)
                viewModel.query.send("swift")
            }
        }
        #expect(found.map(\.line) == [scopeLine])
        let message = found.first?.message ?? ""
        #expect(
            message.hasPrefix(
                "End of test: DispatchQueue.test has 1 scheduled action cancelled before its time "
                    + "came, at +0.3 s (its time is +0.0 s)."))
        #expect(message.contains("`scheduler.advance(by: .milliseconds(300))`"))
    }

    @Test("Not strict: the same test passes, as a timeout cancelled by its upstream's end must")
    func forgottenDebounceDefault() async {
        let found = await capturedFailures {
            await withEndOfTestChecks {
                let scheduler = DispatchQueue.test
                let viewModel = DebouncingViewModel(scheduler: scheduler)
                viewModel.query.send("swift")
            }
        }
        #expect(found.isEmpty)
    }

    @Test("Strict: a debounce seen through, or cancelled and then passed by time, passes")
    func debounceSeenThrough() async {
        let found = await capturedFailures {
            await withEndOfTestChecks(strict: true) {
                let scheduler = DispatchQueue.test
                let viewModel = DebouncingViewModel(scheduler: scheduler)
                viewModel.query.send("s")
                scheduler.advance(by: .milliseconds(100))
                viewModel.query.send("swift")  // cancels the first, due at +0.3 s
                scheduler.advance(by: .milliseconds(300))
                #expect(viewModel.results == ["swift"])
                let cancelled = DebouncingViewModel(scheduler: scheduler)
                cancelled.query.send("gone")
                _ = consume cancelled  // cancelled on purpose, then time passes its deadline
                scheduler.advance(by: .milliseconds(300))
            }
        }
        #expect(found.isEmpty)
    }

    @Test("Strict: a repeating timer cancelled after it ticked is not cut short")
    func repeatingTimer() async {
        let found = await capturedFailures {
            await withEndOfTestChecks(strict: true) {
                let scheduler = DispatchQueue.test
                var ticks = 0
                let timer = scheduler.schedule(
                    after: scheduler.now.advanced(by: .seconds(1)), interval: .seconds(1)
                ) { ticks += 1 }
                scheduler.advance(by: .seconds(2))
                timer.cancel()
                #expect(ticks == 2)
            }
        }
        #expect(found.isEmpty)
    }

    @Test("A delay left due after its view model went says to move the scheduler, by how much")
    func delayLeftDue() async {
        let found = await capturedFailures {
            await withEndOfTestChecks {
                let scheduler = DispatchQueue.test
                _ = DelayedPageLoader(scheduler: scheduler)
            }
        }
        #expect(found.count == 1)
        let message = found.first?.message ?? ""
        #expect(
            message.hasPrefix(
                "End of test: DispatchQueue.test has 2 scheduled actions still due, at +0.5 s, "
                    + "+0.5 s (its time is +0.0 s)."))
        #expect(message.contains("`scheduler.advance(by: .milliseconds(500))` reaches the last"))
        #expect(message.contains("`scheduler.run()` runs them all"))
        #expect(!message.contains("release its view model"))
    }

    @Test("A task left asleep says to advance the clock to its time, or cancel the task")
    func sleeperAdvice() async {
        var task: Task<Void, Never>?
        let found = await capturedFailures {
            await withEndOfTestChecks {
                let clock = TestClock()
                task = Task { try? await clock.sleep(for: .seconds(2)) }
                await until(clock.sleeperCounts) { $0 == 1 }
            }
        }
        task?.cancel()
        let message = found.first?.message ?? ""
        #expect(message.contains("`await clock.advance(by: .seconds(2))`"))
        #expect(message.contains("releasing the view model that started it does not cancel it"))
    }
}

/// XCTest's side: strict checks turned on in `setUp`, a scheduler in a stored property.
final class UnfinishedWorkXCTests: EndOfTestCapturingTestCase {
    override class var isStrict: Bool { true }

    private let scheduler = DispatchQueue.test

    func testForgottenDebounceOnALocalViewModelFails() {
        let viewModel = DebouncingViewModel(scheduler: scheduler)
        viewModel.query.send("swift")
        expectEndOfTestFailures(
            1, containing: "1 scheduled action cancelled before its time came, at +0.3 s",
            at: checksLine)
    }

    func testDebounceSeenThroughPasses() {
        let viewModel = DebouncingViewModel(scheduler: scheduler)
        viewModel.query.send("swift")
        scheduler.advance(by: .milliseconds(300))
        XCTAssertEqual(viewModel.results, ["swift"])
    }

    func testDelayLeftDueSaysHowFarToAdvance() {
        _ = DelayedPageLoader(scheduler: scheduler)
        expectEndOfTestFailures(
            1, containing: "`scheduler.advance(by: .milliseconds(500))` reaches the last",
            at: checksLine)
    }
}
