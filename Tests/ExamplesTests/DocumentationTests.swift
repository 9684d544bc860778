import Examples
import ObservationTesting
import Publishing
import Testing

// The README samples that use the Examples target, as written there (the rest are in
// ObservationTestingTests/ReadmeTests.swift); `.ci/doc-samples` checks they stay in sync.

// In a suite only for its generous timeout, for loaded machines and ThreadSanitizer.
@Suite(
    "README samples on the Examples", .untilTimeout(.seconds(30)), .endOfTestChecks,
    .timeLimit(.minutes(5)))
struct ExamplesReadmeSamples {
    @MainActor @Test func addsAnItemAfterOneSecond() async {
        let clock = TestClock()
        let viewModel = ViewModel(clock: clock)  // from the Examples target
        let task = Task { await viewModel.addItem() }

        await until(viewModel.$isLoading, satisfies: [{ $0 }])  // loading started
        await clock.advance(by: .seconds(1), whenAsleep: 1)  // once asleep; no real sleeping
        await task.value
        #expect(viewModel.items == [1])
    }

    @Test func timeoutControls() async {
        let subject = CurrentValueSubject<Bool, Never>(true)
        await withDefaultTimeout(.seconds(5)) {
            await until(subject, satisfies: [{ $0 }], timeout: .seconds(5))
        }
    }
}
