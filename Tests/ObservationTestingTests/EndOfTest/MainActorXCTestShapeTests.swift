// The common XCTest shape, as the README and the End-of-test checks article show it (their sample
// is in DocSamples/EndOfTestXCTestSamples.swift): a `@MainActor` case whose fixtures (a test
// scheduler, a clock) are stored properties, with the checks on, and whose view model is made by
// the test. Its checks check; and a view model in a stored property, which XCTest keeps alive
// through the checks, is judged for the work it still has due, where a local is not.
import Dispatch
import Publishing
import Testing
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

/// A view model in a stored property is alive when the checks run (XCTest keeps the case, and its
/// properties, until the run ends): a debounce it leaves due on the stored scheduler fails.
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

/// The same test with the view model a local, as the docs advise: it is released when the test
/// returns, before the checks, so its debounce is cancelled and nothing is left due; the checks
/// pass, as they do for the same code in Swift Testing (`DebounceLeftByALocalSwiftTesting`).
@MainActor
final class DebouncedSearchLocalCheckedXCTests: EndOfTestCapturingTestCase {
    private let scheduler = DispatchQueue.test

    func testDebounceOfALocalViewModelIsCancelledWithIt() async {
        let model = DebouncedSearchModel(scheduler: scheduler.eraseToAnyScheduler())
        model.query = "swift"
        XCTAssertEqual(scheduler.pendingCount, 1)
    }
}

/// The XCTest cases above, in Swift Testing: a local view model's debounce is cancelled as the
/// view model goes, and the default checks pass; kept alive past the checks, its debounce fails.
@MainActor
@Suite("A debounce left by a view model, judged as XCTest judges it")
struct DebounceLeftByALocalSwiftTesting {
    @Test func aLocalViewModelsDebounceIsCancelledWithIt() async {
        let scheduler = DispatchQueue.test
        let failures = await capturedFailures {
            await withEndOfTestChecks {
                let model = DebouncedSearchModel(scheduler: scheduler.eraseToAnyScheduler())
                model.query = "swift"
                #expect(scheduler.pendingCount == 1)
            }
        }
        #expect(failures.isEmpty)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aViewModelKeptAliveLeavesItsDebounceDue() async {
        let scheduler = DispatchQueue.test
        var kept: DebouncedSearchModel?
        await expectFailure(containing: "1 scheduled action still due, at +0.3 s") {
            let model = DebouncedSearchModel(scheduler: scheduler.eraseToAnyScheduler())
            model.query = "swift"
            kept = model
        }
        #expect(kept?.searched == [])
        kept = nil
        #expect(scheduler.pendingCount == 0)
    }
}

extension Notification.Name {
    fileprivate static let sampleSignedOut = Notification.Name("sampleSignedOut")
}

/// Counts a notification, from the moment it is made.
final class NotificationCountingModel: ObservableObject {
    @Published private(set) var count = 0
    private var cancellables = Set<AnyCancellable>()

    init(center: NotificationCenter) {
        center.publisher(for: .sampleSignedOut)
            .sink { [weak self] _ in self?.count += 1 }
            .store(in: &cancellables)
    }
}

/// Why the docs make an XCTest view model at the top of the test and not `lazy`: a `lazy` one is
/// made on first use, after the test has posted, so it never hears the post.
@MainActor
final class LazyViewModelTrapXCTests: XCTestCase {
    private let center = NotificationCenter()
    private lazy var lazyModel = NotificationCountingModel(center: center)

    func testALazyViewModelMadeAfterThePostNeverHearsIt() async {
        center.post(name: .sampleSignedOut, object: nil)
        XCTAssertEqual(lazyModel.count, 0)  // made here, after the post
    }

    func testAViewModelMadeAtTheTopOfTheTestHearsIt() async {
        let model = NotificationCountingModel(center: center)
        center.post(name: .sampleSignedOut, object: nil)
        XCTAssertEqual(model.count, 1)
    }
}
