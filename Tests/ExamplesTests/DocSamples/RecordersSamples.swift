import Examples
import ObservationTesting
import Testing

// The Recorders and change checks article's `DocumentsViewModel` sample, in a file with only
// the imports of a test file (its fixture, which needs Foundation, is made in another).

@MainActor
@Suite("DocumentsViewModel, every change", .untilTimeout(.seconds(30)), .endOfTestChecks)
struct DocumentsViewModelChangeTests {
    @Test("A successful load changes the state twice, and only as asserted")
    func everyChangeOfASuccessfulLoad() async throws {
        let document = Document(title: "Notes", body: "Hello")
        let viewModel = try documentsViewModel(loading: document)
        let changes = viewModel.recordChanges()
        await viewModel.load()
        await changes.next { $0.isLoading = true }
        await changes.next {
            $0.isLoading = false
            $0.document = document
        }
        changes.finish()
    }
}
