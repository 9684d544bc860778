public import Publishing

/// The view model from "Testing SwiftUI's ViewModels", with its sleep behind an injected clock.
///
/// Production code uses the default `ContinuousClock`; tests inject a `TestClock` and advance it,
/// so the one-second pause takes no real time.
@MainActor
public final class ViewModel: ObservableObject {
    /// The items added so far.
    @Published public var items: [Int] = []
    /// Whether an item is being added.
    @Published public var isLoading = false

    private let clock: any Clock<Duration>

    /// Creates a view model that pauses on `clock`.
    ///
    /// - Parameter clock: The clock `addItem()` sleeps on; real time by default.
    public init(clock: any Clock<Duration> = ContinuousClock()) {
        self.clock = clock
    }

    /// Sets `isLoading`, pauses one second, appends the next item, then clears `isLoading`.
    public func addItem() async {
        isLoading = true
        defer { isLoading = false }
        do {
            try await clock.sleep(for: .seconds(1))
        } catch {
            return  // Cancelled: add nothing.
        }
        items.append(items.count + 1)
    }

    /// Adds `count` items one after another, each after its own one-second pause.
    ///
    /// - Parameter count: How many items to add.
    public func addItems(count: Int) async {
        for _ in 0..<count {
            await addItem()
        }
    }
}
