import Publishing  // in place of `import Combine`

// The README's first view model, in a file of its own: the README shows it with only this import.

@MainActor
final class ViewModel: ObservableObject {
    @Published var items: [Int] = []
    @Published var isLoading = false

    func addItem() async {
        isLoading = true
        await Task.yield()  // real code awaits the network, a database, a clock…
        items.append(items.count + 1)
        isLoading = false
    }
}
