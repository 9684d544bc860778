// A view model whose `timeout`, behind `retry(1)`, times out: Combine keeps the timeout's
// repeating timer after it fires (see *Differences from Combine*), and the end-of-test checks
// judge that timer the same in both configurations: a timer that has fired is not work due. A
// deadline the test never reached still is.
import Dispatch
import Foundation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

/// Loads a page with a two-second deadline, tried twice, as a team would write it.
final class DeadlineLoader {
    enum LoadError: Error, Equatable {
        case timedOut
    }

    private(set) var error: LoadError?
    private(set) var page: Int?
    private var token: AnyCancellable?

    /// Starts a load; `reply` is the server, which here never answers.
    func load(
        reply: PassthroughSubject<Int, LoadError>, scheduler: TestSchedulerOf<DispatchQueue>
    ) {
        token = Deferred { reply }
            .timeout(.seconds(2), scheduler: scheduler, customError: { .timedOut })
            .retry(1)
            .sink(
                receiveCompletion: { [weak self] in
                    if case .failure(let error) = $0 { self?.error = error }
                },
                receiveValue: { [weak self] in self?.page = $0 })
    }
}

@Suite("End-of-test checks: a timeout that timed out")
struct TimedOutTimeoutTests {
    @Test("Strict: a timeout behind retry(1) that timed out leaves only fired timers, and passes")
    func timedOutPasses() async {
        let found = await capturedFailures {
            await withEndOfTestChecks(strict: true) {
                let scheduler = DispatchQueue.test
                let loader = DeadlineLoader()
                loader.load(reply: PassthroughSubject(), scheduler: scheduler)
                scheduler.advance(by: .seconds(4))
                #expect(loader.error == .timedOut)
                // The two timers go on, having fired: Combine's, kept on both.
                #expect(scheduler.pendingActions.map(\.isRepeat) == [true, true])
            }
        }
        #expect(found.isEmpty)
    }

    @Test("A deadline the test never reached is still work due, with the advance that reaches it")
    func deadlineNotReachedFails() async {
        // Alive when the checks run, as a view model a test case keeps: its load is still on.
        let loader = DeadlineLoader()
        let found = await capturedFailures {
            await withEndOfTestChecks {
                let scheduler = DispatchQueue.test
                loader.load(reply: PassthroughSubject(), scheduler: scheduler)
                scheduler.advance(by: .seconds(3))
                #expect(loader.error == nil)
            }
        }
        #expect(found.count == 1)
        let message = found.first?.message ?? ""
        #expect(
            message.hasPrefix(
                "End of test: DispatchQueue.test has 1 scheduled action still due, at +4.0 s "
                    + "(its time is +3.0 s)."))
        #expect(message.contains("`scheduler.advance(by: .seconds(1))` reaches the last"))
    }
}

/// XCTest's side: a scheduler and a view model in stored properties, strict checks.
final class TimedOutTimeoutXCTests: EndOfTestCapturingTestCase {
    override class var isStrict: Bool { true }

    private let scheduler = DispatchQueue.test
    private let loader = DeadlineLoader()

    func testTimedOutTimeoutBehindRetryPasses() {
        loader.load(reply: PassthroughSubject(), scheduler: scheduler)
        scheduler.advance(by: .seconds(4))
        XCTAssertEqual(loader.error, .timedOut)
    }
}
