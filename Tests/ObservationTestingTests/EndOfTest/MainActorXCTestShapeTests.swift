// The common XCTest shape, as the README and the End-of-test checks article show it: a
// `@MainActor` case whose fixtures are a test scheduler and a main-actor view model in stored
// properties, with the checks on. It compiles, and its checks check.
import Dispatch
import Publishing
import XCTest

@testable import ObservationTesting

/// A main-actor search model that debounces its query on the scheduler it is given.
@MainActor
final class DebouncedSearchModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var searched: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init(scheduler: AnySchedulerOf<DispatchQueue>) {
        $query.dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { [weak self] in self?.searched.append($0) }
            .store(in: &cancellables)
    }
}

@MainActor
final class DebouncedSearchXCTests: XCTestCase {
    private let scheduler = DispatchQueue.test
    private lazy var model = DebouncedSearchModel(scheduler: scheduler.eraseToAnyScheduler())

    override func setUp() {
        super.setUp()
        addEndOfTestChecks()
    }

    func testSearchesOnceTypingStops() async {
        model.query = "swift"
        scheduler.advance(by: .milliseconds(300))
        await until(model.$searched) { $0 == ["swift"] }
    }
}

/// The same shape, proving its checks are on: a debounce left due on the stored scheduler fails.
@MainActor
final class DebouncedSearchCheckedXCTests: EndOfTestCapturingTestCase {
    private let scheduler = DispatchQueue.test
    private lazy var model = DebouncedSearchModel(scheduler: scheduler.eraseToAnyScheduler())

    func testDebounceLeftDueFails() async {
        model.query = "swift"
        expectEndOfTestFailures(
            1, containing: "DispatchQueue.test has 1 scheduled action still due, at +0.3 s",
            at: checksLine)
    }
}

/// The README's shape with a clock: a task left asleep on the stored clock fails where it was made.
@MainActor
final class SearchModelCheckedXCTests: EndOfTestCapturingTestCase {
    private let clockLine: UInt = #line + 1
    private let clock = TestClock()
    private lazy var model = SearchModel(clock: clock) { ["\($0)!"] }

    func testSearchLeftAsleepFails() async {
        model.query = "swift"
        await until(clock.sleeperCounts, timeout: 30) { $0 == 1 }
        expectEndOfTestFailures(1, containing: "TestClock has 1 task still asleep", at: clockLine)
        let clock = clock
        afterChecks.append { Task { await clock.advance(by: .milliseconds(300)) } }
    }
}
