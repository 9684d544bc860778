// The cases of the hints of a timed-out wait, shared by the Swift Testing and XCTest tests of
// them: each case is a wait that times out, and each hint must show for its case and no other.
import Dispatch
import Foundation
import Publishing

@testable import ObservationTesting

/// A profile screen whose error comes from its service: the first team's case, a mock never told
/// to fail.
@MainActor
final class HintProfileModel: ObservableObject {
    @Published var error: TestError?
    @Published var step = 0
    /// The mock's switch: the test forgets to set it.
    var serviceFails = false

    /// Loads the profile: the mock answers at once, and a success clears the error.
    func load() {
        error = serviceFails ? TestError(code: 1) : nil
    }
}

/// A search that debounces on a test clock, then asks a mock that answers after its latency,
/// sleeping on the same clock.
@MainActor
final class HintSearchModel: ObservableObject {
    @Published var results: [String] = []
    let clock: TestClock

    static var debounce: Duration { .milliseconds(300) }
    static var latency: Duration { .milliseconds(100) }

    init(clock: TestClock) {
        self.clock = clock
    }

    func search(_ query: String) async {
        do {
            try await clock.sleep(for: Self.debounce)
            try await clock.sleep(for: Self.latency)
            results = [query]
        } catch {}
    }
}

/// A query debounced for 300 ms on a test scheduler, as a view model's search field is.
@MainActor
final class HintQueryModel: ObservableObject {
    @Published var query = ""
    @Published var searched = ""

    init(scheduler: TestSchedulerOf<DispatchQueue>) {
        $query.dropFirst().debounce(for: .milliseconds(300), scheduler: scheduler)
            .assign(to: &$searched)
    }
}

/// The cases, each a wait that times out; each returns its failure messages, captured by the
/// framework's own means (`capture`).
@MainActor
enum HintCase {
    /// Runs its body and returns the failure messages recorded in it.
    typealias Capture = @MainActor (@MainActor () async -> Void) async -> [String]

    /// The wait's timeout: short, since every case times out.
    static var timeout: Duration { .milliseconds(100) }
    /// For what the cases wait for before the wait under test: generous, as the main actor the
    /// code under test runs on is shared with the rest of the suite.
    static var setUpTimeout: Duration { .seconds(30) }

    /// A mock never told to fail: the action returns at once, nothing sleeps, and the error
    /// stays `nil`.
    static func valueNeverChanged(_ capture: Capture) async -> [String] {
        await withTheActionReturned(capture) { timeout in
            let model = HintProfileModel()
            await until(model.$error, timeout: timeout) {
                $0 != nil
            } perform: {
                model.load()
            }
        }
    }

    /// The action returns at once and the value changes, but not to the one the condition
    /// wants; nothing sleeps.
    static func changedButNotMet(_ capture: Capture) async -> [String] {
        await withTheActionReturned(capture) { timeout in
            let model = HintProfileModel()
            await until(model.$step, timeout: timeout) {
                $0 == 2
            } perform: {
                model.step = 1
            }
        }
    }

    /// The action returns at once and sends nothing; nothing sleeps.
    static func nothingSent(_ capture: Capture) async -> [String] {
        await withTheActionReturned(capture) { timeout in
            let subject = PassthroughSubject<Int, Never>()
            await until(subject, timeout: timeout) {
                $0 == 1
            } perform: {
            }
        }
    }

    /// Runs a case whose hint is for an action that returned within the wait's timeout, having
    /// taken no real time if `quickly`: what the machine, not the code under test, decides.
    /// Where a busy machine kept the action from that (the message says it had not returned, or
    /// ran for a while), the case runs again with a longer timeout, so its verdict does not hang
    /// on how fast the machine is; the last run's messages are returned whatever they say.
    static func withTheActionReturned(
        _ capture: Capture, quickly: Bool = true,
        _ wait: @escaping @MainActor (Duration) async -> Void
    ) async -> [String] {
        var messages: [String] = []
        for timeout in quickly
            ? [timeout, .seconds(1), .seconds(10)] : [.seconds(2), .seconds(10)]
        {
            messages = await capture { await wait(timeout) }
            guard let message = messages.first, messages.count == 1,
                message.contains("The action passed to perform: had not")
                    || (quickly && message.contains("The action ran for"))
            else { return messages }
        }
        return messages
    }

    /// The action takes real time (as code that sleeps on a real clock does), then the value
    /// changes, but not to the one the condition wants.
    static func realTimePassed(_ capture: Capture) async -> [String] {
        await withTheActionReturned(capture, quickly: false) { timeout in
            let model = HintProfileModel()
            await until(model.$step, timeout: timeout) {
                $0 == 2
            } perform: {
                await afterRealDelay(.milliseconds(300))
                model.step = 1
            }
        }
    }

    /// The action never returns (until the wait, timed out, cancels it) and the value never
    /// changes: the hint says the action had not returned.
    static func actionNeverReturns(_ capture: Capture) async -> [String] {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let messages = await capture {
            let model = HintProfileModel()
            await until(model.$error, timeout: timeout) {
                $0 != nil
            } perform: {
                for await _ in stream {}
            }
        }
        continuation.finish()
        return messages
    }

    /// The mock's latency is shorter than the debounce: the test advances the clock by the
    /// latency, and the task is still asleep in the debounce, which none of the values met.
    static func sleeperAndNothingMet(_ capture: Capture) async -> [String] {
        let clock = TestClock()
        let model = HintSearchModel(clock: clock)
        let task = Task { await model.search("swift") }
        await clock.advance(by: HintSearchModel.latency, whenAsleep: 1, timeout: setUpTimeout)
        let messages = await capture {
            await until(model.$results, timeout: timeout) { !$0.isEmpty }
        }
        task.cancel()
        await task.value
        return messages
    }

    /// A sleeper, but the wait's first condition was met: the clock is named, with the advance
    /// that reaches its sleeper, and the order is not told.
    static func sleeperAfterAMetCondition(_ capture: Capture) async -> [String] {
        let clock = TestClock()
        let model = HintSearchModel(clock: clock)
        let task = Task { await model.search("swift") }
        await clock.advance(by: HintSearchModel.debounce, whenAsleep: 1, timeout: setUpTimeout)
        // The woken task has resumed, but sleeps on its latency only once the main actor runs
        // it: on a loaded machine that can take longer than the wait under test.
        await until(clock.sleeperCounts, timeout: setUpTimeout) { $0 == 1 }
        let messages = await capture {
            await until(
                model.$results, satisfies: [{ $0.isEmpty }, { !$0.isEmpty }], timeout: timeout)
        }
        task.cancel()
        await task.value
        return messages
    }

    /// The second team's case: a test scheduler advanced 200 ms into a 300 ms debounce.
    static func schedulerShortOfItsDebounce(_ capture: Capture) async -> [String] {
        let scheduler = DispatchQueue.test
        let model = HintQueryModel(scheduler: scheduler)
        model.query = "swift"
        scheduler.advance(by: .milliseconds(200))
        let messages = await capture {
            await until(model.$searched, timeout: timeout) { $0 == "swift" }
        }
        scheduler.run()
        return messages
    }

    /// The second team's case with an idle timeout in place of the timeout: the wait goes idle
    /// with the debounce still due.
    static func idleShortOfItsDebounce(_ capture: Capture) async -> [String] {
        let scheduler = DispatchQueue.test
        let model = HintQueryModel(scheduler: scheduler)
        model.query = "swift"
        scheduler.advance(by: .milliseconds(200))
        let messages = await capture {
            await until(model.$searched, timeout: setUpTimeout, idleTimeout: timeout) {
                $0 == "swift"
            }
        }
        scheduler.run()
        return messages
    }

    /// A wait for the end of a publisher whose delayed value, and so its end, is still due on
    /// a test scheduler the test advanced half way.
    static func endDueOnAScheduler(_ capture: Capture) async -> [String] {
        let scheduler = DispatchQueue.test
        let recorder = Just(1).delay(for: .seconds(1), scheduler: scheduler).record()
        scheduler.advance(by: .milliseconds(500))
        let messages = await capture {
            await recorder.finished(timeout: timeout)
        }
        scheduler.run()
        return messages
    }

    /// A wait for the failure of a publisher that has nothing due anywhere: no clock is named.
    static func endNeverComes(_ capture: Capture) async -> [String] {
        let recorder = PassthroughSubject<Int, TestError>().record()
        return await capture {
            _ = await recorder.failure(timeout: timeout)
        }
    }
}

/// The hints, each by a phrase only it says: a case's message has its own and none of the others.
enum Hint: CaseIterable, CustomStringConvertible {
    /// Nothing changed and nothing sleeps: the path never ran, or a dependency did not act.
    case valueNeverChanged
    /// Nothing sleeps and the action took no real time: the values are all there is.
    case valuesAreAllThereIs
    /// Nothing sent, nothing sleeps and the action took no real time: nothing is on its way.
    case nothingSent
    /// Real time passed in the code under test, or the wait cannot tell: a `TestClock` may help.
    case injectATestClock
    /// A task sleeps and no value met the condition: what happened, in order.
    case order
    /// Work is due on a clock or scheduler of the test: named, with the advance that reaches it.
    case dueWork

    var phrase: String {
        switch self {
        case .valueNeverChanged: "The value never changed"
        case .valuesAreAllThereIs: "the values above are all the code under test did"
        case .nothingSent: "nothing is on its way"
        case .injectATestClock: "inject a TestClock"
        case .order: "What happened, in order"
        case .dueWork: "reaches it"
        }
    }

    var description: String { phrase }

    /// The hints of `message`.
    static func of(_ message: String) -> Set<Hint> {
        Set(allCases.filter { message.contains($0.phrase) })
    }
}
