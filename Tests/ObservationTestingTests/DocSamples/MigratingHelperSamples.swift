import Foundation
import ObservationTesting
import Publishing
import Testing

// The Migrating article's samples for a team's own `until` helper: its call sites against the
// package's verbs, and a helper kept, forwarding to them. `TimeInterval` is Foundation's.

@MainActor
@Suite("A team's own until helper, migrated", .untilTimeout(.seconds(30)))
struct OwnHelperCallSites {
    @Test func aTimeIntervalTimeoutInAVariable() async {
        let viewModel = ViewModel()
        let timeout: TimeInterval = 30
        await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }], timeout: timeout) {
            await viewModel.addItem()
        }
        #expect(viewModel.items == [1])
    }
}

/// The helper kept, as a method of the suite (as the article made it one of `XCTestCase`), so
/// that its name hides the package's `until` only here.
@MainActor
@Suite("A team's own until helper, kept and forwarding")
struct OwnHelperKept {
    func until<T>(
        _ publisher: T,
        satisfies conditions: [@Sendable (T.Output) -> Bool],
        timeout: TimeInterval = 1
    ) async where T: Publisher {
        await ObservationTesting.until(
            publisher, satisfies: conditions.map { $0 }, timeout: timeout)
    }

    @Test func passesWhenTheConditionsAreMet() async {
        let viewModel = ViewModel()
        let loading = Task { await viewModel.addItem() }
        await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }], timeout: 30)
        await loading.value
        #expect(viewModel.items == [1])
    }

    @Test func failsWithItsTimeout() async {
        let isLoading = CurrentValueSubject<Bool, Never>(false)
        await expectFailure(containing: "timed out after 0.05 s") {
            await until(isLoading, satisfies: [{ $0 }], timeout: 0.05)
        }
    }
}
