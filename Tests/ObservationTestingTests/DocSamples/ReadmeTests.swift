import Observation
import ObservationTesting
import Publishing
import Testing

// The README's samples, as written there: `.ci/doc-samples` checks that every Swift block of the
// README is held by a test file with no more imports than the block shows, and these tests
// compile and run them.

@MainActor @Observable
final class CounterModel {
    var count = 0
    var isLoading = false

    func load() async {
        isLoading = true
        await Task.yield()  // real code awaits the network, a database, a clock…
        count += 1
        isLoading = false
    }
}

// In a suite only for its generous timeout: a loaded machine (or ThreadSanitizer) may take
// longer than the default second to schedule the action.
@Suite(.untilTimeout(.seconds(30)))
struct ObservableModelLoadsSample {
    @MainActor @Test func observableModelLoads() async {
        let model = CounterModel()
        await until(model, \.isLoading, satisfies: [{ !$0 }, { $0 }, { !$0 }]) {
            await model.load()
        }
        #expect(model.count == 1)
    }
}

@Suite(.untilTimeout(.seconds(30)))
struct WholeViewModelSample {
    @MainActor @Test func conditionsOverTheWholeViewModel() async {
        let model = CounterModel()
        await until {
            model.count == 1 && !model.isLoading
        } perform: {
            await model.load()
        }
        #expect(model.count == 1)
        let viewModel = ListViewModel()
        let met = await until(viewModel) {
            $0.items.count == 3 && !$0.isLoading
        } perform: {
            await viewModel.load()
        }
        #expect(met)
    }
}

struct LoadState {
    var isLoading = false
    var error: String?
}

@MainActor
@Suite("README samples", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct ReadmeTests {
    @Test func tagline() async {
        let viewModel = ViewModel()
        let loading = Task { await viewModel.addItem() }  // runs once `until` has subscribed
        await until(viewModel.$isLoading, satisfies: [{ $0 == true }, { $0 == false }])
        await loading.value
    }

    @Test func conditionsThatDescribeThemselves() async {
        let viewModel = ViewModel()
        let loading = Task { await viewModel.addItem() }
        await until(viewModel.$isLoading, satisfies: [.equals(true), .equals(false)])
        await loading.value
        await viewModel.addItem()
        await viewModel.addItem()
        await until(viewModel.$items, satisfies: [.matches(\.count, 3)])
        let adding = Task { await viewModel.addItem() }
        await until(viewModel.$items, satisfies: [Condition("has items") { !$0.isEmpty }, .any])
        await adding.value
        let subject = CurrentValueSubject<[Int], Never>([1, 2, 3])
        await until(subject.map(\.count)) { $0 == 3 }
    }

    @Test func subscribeThenAct() async {
        let viewModel = ViewModel()
        await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }]) {
            await viewModel.addItem()
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test func asyncSequences() async {
        let (states, continuation) = AsyncStream<String>.makeStream()
        await until(states, satisfies: [{ $0 == "loading" }, { $0 == "loaded" }]) {
            continuation.yield("loading")
            continuation.yield("loaded")
        }
    }

    @Test func recorders() async {
        let viewModel = ViewModel()
        let recorder = viewModel.$items.record()
        await viewModel.addItem()
        await viewModel.addItem()
        await until(recorder, emits: [[], [1], [1, 2]])
        #expect(recorder.values.count == 3)
    }

    @Test func observablePropertyAsPublisher() async {
        let model = CounterModel()
        let recorder = publisher(for: \.count, on: model).record()
        await model.load()
        #expect(await until(recorder, satisfies: [{ $0 == 1 }]) == [1])
    }

    @Test func aMixedList() async {
        let viewModel = ViewModel()
        await until(viewModel.$items, satisfies: [Condition { $0.isEmpty }, .matches(\.count, 1)]) {
            await viewModel.addItem()
        }
    }

    @Test func exactSequences() async {
        let viewModel = ViewModel()
        await until(viewModel.$isLoading, emits: [false, true, false]) {
            await viewModel.addItem()
        }
    }

    @Test func thingsThatMustNotHappen() async {
        let viewModel = ViewModel()
        await never(
            viewModel.$items,
            satisfies: { $0.count > 1 },
            for: .milliseconds(50),
            perform: { await viewModel.addItem() }
        )
        await stays(viewModel.$items, satisfying: { $0.count <= 1 }, for: .milliseconds(50))

        let state = CurrentValueSubject<LoadState, Never>(LoadState())
        let loading = Task {
            state.value.isLoading = true
            await Task.yield()
            state.value.isLoading = false
        }
        await until(
            state,
            satisfies: [
                .matches(\.isLoading, true),
                .never("an error") { $0.error != nil },
                .matches(\.isLoading, false),
            ])
        await loading.value
    }
}

/// Waits until loading has finished, failing at the caller's line.
func expectLoaded(
    _ isLoading: some Publisher<Bool, Never>,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) async {
    await until(
        isLoading, satisfies: [{ !$0 }],
        isolation: isolation, fileID: fileID, filePath: filePath, line: line, column: column
    )
}

@Suite("A team's own helper forwards the call site")
struct ForwardingHelperSample {
    @Test("A failure inside the helper is recorded at the test's line")
    func failureLandsAtTheTestsLine() async {
        let isLoading = CurrentValueSubject<Bool, Never>(true)
        let line = #line + 2
        await withCapturedFailures {
            await withDefaultTimeout(.milliseconds(50)) { await expectLoaded(isLoading) }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        }
        isLoading.send(false)
        await expectLoaded(isLoading)
    }
}

// The README's debounce in an `@Observable` model, and its test.
@MainActor @Observable
final class SearchModel {
    var query = "" {
        didSet { scheduleSearch() }
    }
    private(set) var results: [String] = []
    private let clock: any Clock<Duration>
    private let search: @Sendable (String) async -> [String]
    private var pending: Task<Void, Never>?

    init(clock: any Clock<Duration>, search: @escaping @Sendable (String) async -> [String]) {
        self.clock = clock
        self.search = search
    }

    private func scheduleSearch() {
        pending?.cancel()
        pending = Task { [query] in
            do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
            results = await search(query)
        }
    }
}

@Suite(.untilTimeout(.seconds(30)))
struct ReadmeFirstHourSamples {
    @MainActor @Test func searchesOnceTypingPauses() async {
        let clock = TestClock()
        let model = SearchModel(clock: clock) { ["\($0)!"] }
        model.query = "sw"
        model.query = "swift"  // cancels the first search before it sleeps
        await clock.advance(by: .milliseconds(300), whenAsleep: 1)
        #expect(await until(model, \.results) { $0 == ["swift!"] } == ["swift!"])
    }

    @MainActor @Test func requireAWait() async throws {
        let viewModel = ViewModel()
        Task { await viewModel.addItem() }
        let loaded = try #require(await until(viewModel.$items, satisfies: [{ $0.count == 1 }]))
        #expect(loaded == [[1]])
    }
}

// The README's end-of-test checks, nested only for the generous timeout: under ThreadSanitizer
// on a loaded machine the model's task may take more than the default second to fall asleep.
@Suite(.untilTimeout(.seconds(30)))
struct ReadmeEndOfTestSamples {
    @Suite(.endOfTestChecks)
    struct SearchModelLifetimeTests {
        @MainActor @Test func theModelIsReleased() async {
            let clock = TestClock()
            let model = SearchModel(clock: clock) { ["\($0)!"] }
            expectDeallocated(model)
            model.query = "swift"
            await clock.advance(by: .milliseconds(300), whenAsleep: 1)
            #expect(await until(model, \.results) { $0 == ["swift!"] } == ["swift!"])
        }
    }
}

@MainActor
@Suite("README recorders and failures", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct ReadmeRecorderSamples {
    @Test func exhaustiveChanges() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges()
        await viewModel.load()
        await changes.next { $0.isLoading = true }
        await changes.next {
            $0.isLoading = false
            $0.items = [1, 2, 3]
        }
        changes.finish()
    }

    @Test func anInvariant() async {
        let viewModel = ListViewModel()
        let changes = viewModel.recordChanges(exhaustive: false) {
            !($0.isLoading && $0.errorMessage != nil)
        }
        await viewModel.load(failing: true)
        await changes.next { $0.errorMessage = "offline" }
        changes.finish()
    }

    // Why the README waits with `emits:` rather than `#expect(await recorder.next(3) == …)`:
    // Swift Testing shows the values of an expectation's operands ("recorder.values → [[]]"),
    // but not of one that awaits.
    @Test func anAwaitedExpectationShowsNoValues() async {
        let viewModel = ViewModel()
        let recorder = viewModel.$items.record()
        await withKnownIssue {
            #expect(await recorder.next(1) == [[1]])
        } matching: { issue in
            !"\(issue)".contains("→")
        }
        let values = recorder.values
        withKnownIssue {
            #expect(values == [[1]])
        } matching: { issue in
            "\(issue)".contains("values → [[]]")
        }
    }

    @Test func aFailureThatMustFire() async {
        let viewModel = ListViewModel()
        await expectFailure(containing: "timed out") {
            await until(viewModel.$isLoading, satisfies: [.equals(true)], timeout: 0.05)
        }
    }
}

@MainActor
@Suite("Articles' fragments", .untilTimeout(.seconds(30)), .timeLimit(.minutes(5)))
struct ArticleFragmentSamples {
    @Test func anObservablePropertyRecorded() async {
        let model = CounterModel()
        let recorder = publisher(for: \.count, on: model).record()
        await model.load()
        await until(recorder, satisfies: [{ $0 == 1 }])
    }

    @Test func eventuallyBecomesAWait() async {
        let viewModel = ViewModel()
        await until(viewModel.$items, satisfies: [{ $0 == [1] }]) {
            await viewModel.addItem()
        }
    }

    @Test func fromTestStore() async {
        let checkout = CheckoutViewModel()
        let changes = checkout.recordChanges()
        await checkout.submit()
        await changes.next {
            $0.state = .submitting
            $0.attempts += 1
        }
        await changes.next { $0.state = .confirmed }
        changes.finish()
    }
}
