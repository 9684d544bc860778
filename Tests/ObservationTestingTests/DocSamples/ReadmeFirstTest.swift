import ObservationTesting
import Testing

// The README's first Swift Testing test, in a file with only the imports the README shows.

// In a suite only for its generous timeout: a loaded machine (or ThreadSanitizer) may take
// longer than the default second to schedule the action.
@Suite(.untilTimeout(.seconds(30)))
struct LoadingFlipsAndAnItemArrivesSample {
    @MainActor @Test func loadingFlipsAndAnItemArrives() async {
        let viewModel = ViewModel()
        await until(viewModel.$isLoading, satisfies: [{ $0 }, { !$0 }]) {
            await viewModel.addItem()
        }
        #expect(viewModel.items == [1])
    }
}
