import Dispatch
import Foundation
import Observation
import Publishing
import Testing
import XCTest

@testable import ObservationTesting

/// A view model that polls on a clock from a task holding it strongly: while the task sleeps,
/// nothing else needs to hold the view model for it to stay alive.
@MainActor
final class PollingViewModel: ObservableObject {
    @Published var polls = 0
    private var task: Task<Void, Never>?

    func start(clock: TestClock) {
        task = Task {
            while !Task.isCancelled {
                do { try await clock.sleep(for: .seconds(5)) } catch { return }
                self.polls += 1
            }
        }
    }

    func stop() { task?.cancel() }
}

/// `PollingViewModel` as an `@Observable` model.
@MainActor @Observable
final class ObservablePoller {
    var polls = 0
    @ObservationIgnored private var task: Task<Void, Never>?

    func start(clock: TestClock) {
        task = Task {
            while !Task.isCancelled {
                do { try await clock.sleep(for: .seconds(5)) } catch { return }
                self.polls += 1
            }
        }
    }

    func stop() { task?.cancel() }
}

/// What a test keeps past its own end, to show the checks what outlives it.
@MainActor
private final class Keeper {
    var object: AnyObject?
    var changes: ChangeRecorder<ListViewModel>?
}

/// A view model that debounces its query on a scheduler it is given, as a search field's does.
final class DebouncingViewModel {
    let query = PassthroughSubject<String, Never>()
    private(set) var results: [String] = []
    private var token: AnyCancellable?

    init(scheduler: TestSchedulerOf<DispatchQueue>) {
        token = query.debounce(for: .milliseconds(300), scheduler: scheduler)
            .sink { [weak self] in self?.results.append($0) }
    }
}

#if canImport(Combine)
    private let publishingIsCombine = true
#else
    private let publishingIsCombine = false
#endif

/// Runs `body` with failures captured; returns them.
@MainActor
private func failures(
    of body: () async throws -> Void
) async rethrows -> [(message: String, line: UInt)] {
    let capture = FailureCapture()
    try await FailureReporter.$capture.withValue(capture) { try await body() }
    return capture.failures.withLock { $0.map { ($0.message, $0.callSite.line) } }
}

@Suite("End-of-test checks", .untilTimeout(.seconds(30)))
@MainActor
struct EndOfTestChecksTests {
    @Test("Work left asleep on a test clock fails where the clock was made, naming it")
    func clockWithSleeper() async {
        var clockLine: UInt = 0
        var task: Task<Void, Never>?
        let found = await failures {
            await withEndOfTestChecks {
                clockLine = #line + 1
                let clock = TestClock()
                task = Task { try? await clock.sleep(for: .seconds(5)) }
                await until(clock.sleeperCounts) { $0 == 1 }
            }
        }
        task?.cancel()
        #expect(found.count == 1)
        #expect(found.first?.line == clockLine)
        #expect(
            found.first?.message.hasPrefix(
                "End of test: TestClock has 1 task still asleep, until +5.0 s (its time is +0.0 s)."
            ) == true)
    }

    @Test("Actions still due on a test scheduler fail where the checks began, naming the scheduler")
    func schedulerWithWorkDue() async {
        var scopeLine: UInt = 0
        let found = await failures {
            scopeLine = #line + 1
            await withEndOfTestChecks {
                let scheduler = DispatchQueue.test
                scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {}
                scheduler.schedule(after: scheduler.now.advanced(by: .milliseconds(1_500))) {}
            }
        }
        #expect(found.count == 1)
        #expect(found.first?.line == scopeLine)
        #expect(
            found.first?.message.hasPrefix(
                "End of test: DispatchQueue.test has 2 scheduled actions still due, at +1.0 s, "
                    + "+1.5 s") == true)
    }

    @Test("A debounce due when its view model goes away is not pending work; kept alive, it is")
    func debounceOfReleasedViewModel() async {
        let keeper = Keeper()
        let kept = await failures {
            await withEndOfTestChecks {
                let viewModel = DebouncingViewModel(scheduler: DispatchQueue.test)
                keeper.object = viewModel
                viewModel.query.send("swift")
            }
        }
        keeper.object = nil
        #expect(kept.count == 1)
        #expect(kept.first?.message.contains("1 scheduled action still due, at +0.3 s") == true)

        let released = await failures {
            await withEndOfTestChecks {
                let viewModel = DebouncingViewModel(scheduler: DispatchQueue.test)
                viewModel.query.send("swift")
            }
        }
        // Combine's debounce, and Publishing's, schedule each wait as a cancellable (repeating)
        // action and cancel it with the subscription: nothing is left due.
        #expect(released.isEmpty)
    }

    @Test("A test that finishes its work, or makes nothing to check, passes")
    func nothingPending() async {
        let found = await failures {
            await withEndOfTestChecks {
                let clock = TestClock()
                let scheduler = DispatchQueue.test
                let task = Task { try? await clock.sleep(for: .seconds(1)) }
                scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) {}
                await until(clock.sleeperCounts) { $0 == 1 }
                await clock.advance(by: .seconds(1))
                scheduler.advance(by: .seconds(1))
                await task.value
                let changes = ListViewModel().recordChanges()
                changes.finish()
            }
            await withEndOfTestChecks(strict: true) {}
        }
        #expect(found.isEmpty)
    }

    @Test("A change recorder still alive with changes unasserted fails once, where it was made")
    func changeRecorderStillRecording() async {
        let keeper = Keeper()
        let viewModel = ListViewModel()
        var line: UInt = 0
        let found = await failures {
            await withEndOfTestChecks {
                line = #line + 1
                keeper.changes = viewModel.recordChanges()
                viewModel.isLoading = true
                await until(viewModel) { $0.isLoading }
            }
            keeper.changes = nil  // its release does not report it again
        }
        #expect(found.count == 1)
        #expect(found.first?.line == line)
        let message = found.first?.message ?? ""
        #expect(
            message.hasPrefix(
                "End of test: the ChangeRecorder made here is still recording, with 1 change not "
                    + "asserted:\n  [1] isLoading: true"))
        #expect(message.contains("    await changes.next {\n        $0.isLoading = true\n    }"))
    }

    @Test("An @Observable model's change recorder still recording fails the same way")
    func observableChangeRecorderStillRecording() async {
        let model = TrackedModel()
        var kept: ChangeRecorder<TrackedModel>?
        defer { withExtendedLifetime(kept) {} }
        var line: UInt = 0
        let found = await failures {
            await withEndOfTestChecks {
                line = #line + 1
                kept = model.recordChanges(\.isLoading, \.count)
                await model.load()
            }
            kept = nil
        }
        #expect(found.count == 1)
        #expect(found.first?.line == line)
        #expect(
            found.first?.message.contains(
                "still recording, with 2 changes not asserted:\n  [1] isLoading: true\n"
                    + "  [2] count: 1, isLoading: false") == true)
    }

    @Test("Strict, a recorder's values never read fail where it was made; read ones do not")
    func strictRecorder() async {
        let subject = PassthroughSubject<Int, Never>()
        var line: UInt = 0
        let found = await failures {
            await withEndOfTestChecks(strict: true) {
                line = #line + 1
                let recorder = subject.record()
                let checked = subject.record()
                subject.send(1)
                subject.send(2)
                await recorder.next()
                #expect(checked.values == [1, 2])
            }
        }
        #expect(found.count == 1)
        #expect(found.first?.line == line)
        #expect(
            found.first?.message.hasPrefix(
                "End of test: the Recorder made here has 1 value never read: 2.") == true)
    }

    @Test("Not strict, values never read are no failure")
    func lenientRecorder() async {
        let subject = PassthroughSubject<Int, Never>()
        let found = await failures {
            await withEndOfTestChecks {
                let recorder = subject.record()
                subject.send(1)
                _ = recorder
            }
        }
        #expect(found.isEmpty)
    }

    @Test("A view model released by the end passes the leak check")
    func released() async {
        let clock = TestClock()
        let found = await failures {
            await withEndOfTestChecks {
                let viewModel = PollingViewModel()
                let model = ObservablePoller()
                expectDeallocated(viewModel)
                expectDeallocated(model)
                viewModel.start(clock: clock)
                model.start(clock: clock)
                await until(clock.sleeperCounts) { $0 == 2 }
                viewModel.stop()
                model.stop()
            }
        }
        #expect(found.isEmpty)
    }

    @Test("An ObservableObject kept alive by its sleeping task fails, naming what may hold it")
    func leakedObservableObject() async {
        var line: UInt = 0
        var viewModel: PollingViewModel? = PollingViewModel()
        let found = await failures {
            await withEndOfTestChecks {
                let clock = TestClock()
                guard let started = viewModel else { return }
                line = #line + 1
                expectDeallocated(started)
                started.start(clock: clock)
                viewModel = nil
                await until(clock.sleeperCounts) { $0 == 1 }
            }
        }
        #expect(found.count == 2)
        let leak = found.first { $0.message.hasPrefix("expectDeallocated") }
        #expect(leak?.line == line)
        #expect(
            leak?.message.hasPrefix(
                "expectDeallocated(_:) failed: PollingViewModel is still alive at the end of the "
                    + "test.\n\nStill pending at the end of the test, which may hold it:\n"
                    + "  - TestClock (made at EndOfTestChecksTests.swift:") == true)
        #expect(leak?.message.contains("1 task still asleep, until +5.0 s") == true)
    }

    @Test("An @Observable model kept alive fails at the line that expected it gone")
    func leakedObservableModel() async {
        let keeper = Keeper()
        var line: UInt = 0
        let found = await failures {
            await withEndOfTestChecks {
                let model = ObservablePoller()
                line = #line + 1
                expectDeallocated(model)
                keeper.object = model
            }
        }
        #expect(found.count == 1)
        #expect(found.first?.line == line)
        #expect(
            found.first?.message.hasPrefix(
                "expectDeallocated(_:) failed: ObservablePoller is still alive at the end of the "
                    + "test.\n\nWhat usually keeps a view model alive:") == true)
    }

    @Test("A global object never goes: the failure says so")
    func globalObject() async {
        let found = await failures {
            await withEndOfTestChecks { expectDeallocated(sharedSubject) }
        }
        #expect(found.count == 1)
        #expect(
            found.first?.message.contains(
                "A shared or global object lives as long as the process") == true)
    }

    @Test("Without end-of-test checks, expecting deallocation fails at once, saying what to add")
    func leakCheckWithoutChecks() async {
        let line: UInt = #line + 1
        let found = await failures { expectDeallocated(ListViewModel()) }
        #expect(found.count == 1)
        #expect(found.first?.line == line)
        #expect(
            found.first?.message.hasPrefix(
                "expectDeallocated(_:) checks when the test ends, and this test has no "
                    + "end-of-test checks: add the .endOfTestChecks trait") == true)
    }

    @Test("The trait checks after the test, and reports work with no place of its own at the test")
    func traitReportsAtTheTest() async throws {
        let test = try #require(Test.current)
        let found = try await failures {
            try await EndOfTestChecksTrait(isStrict: false).provideScope(
                for: test, testCase: nil
            ) {
                let scheduler = DispatchQueue.test
                scheduler.schedule {}
            }
        }
        #expect(found.count == 1)
        #expect(found.first?.line == UInt(test.sourceLocation.line))
        #expect(found.first?.message.contains("DispatchQueue.test has 1 scheduled action") == true)
    }

    @Test(
        "With the trait, a test that leaves nothing pending passes", .endOfTestChecks(strict: true))
    func traitOnACleanTest() async {
        let viewModel = ListViewModel()
        expectDeallocated(viewModel)
        let recorder = viewModel.$isLoading.record()
        let changes = viewModel.recordChanges()
        await viewModel.load()
        await changes.next { $0.isLoading = true }
        await changes.next {
            $0.items = [1, 2, 3]
            $0.isLoading = false
        }
        changes.finish()
        #expect(recorder.values == [false, true, false])
    }
}

/// An object that lives as long as the process.
@MainActor private let sharedSubject = PassthroughSubject<Int, Never>()

/// XCTest's form: `addEndOfTestChecks()` in `setUp`, checked in a teardown block.
final class EndOfTestChecksXCTests: EndOfTestCapturingTestCase {
    @MainActor
    func testLeakedViewModelFailsAtTheEndOfTheTest() async {
        let model = ObservablePoller()
        let line: UInt = #line + 1
        expectDeallocated(model)
        Self.kept = [model]
        expectEndOfTestFailures(
            1, containing: "ObservablePoller is still alive at the end of the test", at: line)
    }

    @MainActor
    func testSleeperLeftOnAClockFailsWhereTheClockWasMade() async {
        let line: UInt = #line + 1
        let clock = TestClock()
        let viewModel = PollingViewModel()
        viewModel.start(clock: clock)
        await until(clock.sleeperCounts, timeout: 30) { $0 == 1 }
        afterChecks.append { viewModel.stop() }
        expectEndOfTestFailures(1, containing: "TestClock has 1 task still asleep", at: line)
    }

    @MainActor
    func testChangeRecorderKeptWithChangesUnasserted() async {
        let viewModel = ListViewModel()
        let line: UInt = #line + 1
        let changes = viewModel.recordChanges()
        Self.kept = [changes, viewModel]  // as a test case's properties would
        viewModel.isLoading = true
        await until(viewModel, timeout: 30) { $0.isLoading }
        expectEndOfTestFailures(1, containing: "1 change not asserted", at: line)
    }

    @MainActor
    func testCleanTestPasses() async {
        let clock = TestClock()
        let viewModel = PollingViewModel()
        expectDeallocated(viewModel)
        viewModel.start(clock: clock)
        await until(clock.sleeperCounts, timeout: 30) { $0 == 1 }
        await clock.advance(by: .seconds(5))
        await until(viewModel.$polls, timeout: 30) { $0 == 1 }
        viewModel.stop()
    }
}

/// XCTest's side of the scoped form, through `XCTFail`.
final class EndOfTestScopeXCTests: FailureCapturingTestCase {
    @MainActor
    func testStrictRecorderWithValuesNeverRead() async {
        let model = TrackedModel()
        var line = 0
        let failures = await captureFailures {
            await withEndOfTestChecks(strict: true) {
                line = #line + 1
                let recorder = record(model, \.count)  // records the current value, 0
                await until(model, \.count, timeout: 30) { $0 == 0 }
                _ = recorder
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.contains(
                "End of test: the Recorder made here has 1 value never read: 0.") == true,
            failures.first?.description ?? "no failure")
    }

    @MainActor
    func testSchedulerWithWorkDueFailsAtTheScope() async {
        var line = 0
        let failures = await captureFailures {
            line = #line + 1
            await withEndOfTestChecks {
                let scheduler = RunLoop.test
                scheduler.schedule(after: scheduler.now.advanced(by: 2)) {}
            }
        }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.contains(
                "End of test: RunLoop.test has 1 scheduled action still due, at +2.0 s") == true,
            failures.first?.description ?? "no failure")
    }
}
