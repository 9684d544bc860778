public import Publishing

/// A view model that loads the document through ``SyncManager`` and publishes the outcome.
///
/// Every failure becomes published state, so a test observes it with ordered conditions:
/// `isLoading` goes true then false, and `error` is set.
@MainActor
public final class DocumentsViewModel: ObservableObject {
    /// Whether a load is under way.
    @Published public private(set) var isLoading = false
    /// The document from the last successful load.
    @Published public private(set) var document: Document?
    /// Why the last load failed, or `nil` after a success.
    @Published public private(set) var error: SyncError?

    private let syncManager: SyncManager

    /// Creates a view model that loads through `syncManager`.
    ///
    /// - Parameter syncManager: Loads the document; the real file system by default.
    public init(syncManager: SyncManager = SyncManager()) {
        self.syncManager = syncManager
    }

    /// Syncs and publishes the document, or the error.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            document = try await syncManager.sync()
            error = nil
        } catch {
            self.error = error
        }
    }
}
