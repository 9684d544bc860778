public import Foundation

/// A document the app syncs.
public struct Document: Codable, Equatable, Sendable {
    /// The title.
    public var title: String
    /// The text.
    public var body: String

    /// Creates a document.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

/// Why syncing failed.
public enum SyncError: Error, Equatable {
    /// There is no container to sync with, for example while iCloud is signed out.
    case containerNotAvailable
    /// Reading the document failed; the message describes the underlying error.
    case readFailed(String)
    /// The document's data is not a valid document.
    case decodeFailed(String)
    /// Writing the backup failed.
    case writeFailed(String)
    /// Saving the bookmark to the synced document failed.
    case bookmarkFailed(String)
}

/// Loads and syncs the document through injected file-system dependencies.
///
/// Production code uses the defaults; tests inject mocks:
///
/// ```swift
/// let manager = SyncManager(fileSystem: MockFileSystemProvider(containerURL: nil))
/// await #expect(throws: SyncError.containerNotAvailable) { try await manager.sync() }
/// ```
public actor SyncManager {
    /// The document's file name in the container.
    public static let documentName = "data.json"
    /// The backup's file name in the container.
    public static let backupName = "backup.json"
    /// The key of the bookmark to the last synced document.
    public static let bookmarkKey = "lastSyncedDocument"

    private let fileSystem: any FileSystemProviding
    private let fileAccessor: any FileAccessorProviding
    private let bookmarks: any BookmarkStorageProviding

    /// Creates a manager.
    ///
    /// - Parameters:
    ///   - fileSystem: Finds the container; the real one by default.
    ///   - fileAccessor: Reads and writes files; the real file system by default.
    ///   - bookmarks: Keeps the bookmark; files in a temporary folder by default.
    public init(
        fileSystem: any FileSystemProviding = DefaultFileSystemProvider(),
        fileAccessor: any FileAccessorProviding = DefaultFileAccessor(),
        bookmarks: any BookmarkStorageProviding = DefaultBookmarkStorage(
            directory: FileManager.default.temporaryDirectory
                .appendingPathComponent("ObservationTestingBookmarks", isDirectory: true)
        )
    ) {
        self.fileSystem = fileSystem
        self.fileAccessor = fileAccessor
        self.bookmarks = bookmarks
    }

    /// Reads and decodes the document from the sync container.
    ///
    /// - Returns: The document.
    /// - Throws: ``SyncError``.
    public func loadData() throws(SyncError) -> Document {
        let url = try documentURL()
        let data: Data
        do {
            data = try fileAccessor.read(from: url)
        } catch {
            throw .readFailed(String(describing: error))
        }
        do {
            return try JSONDecoder().decode(Document.self, from: data)
        } catch {
            throw .decodeFailed(String(describing: error))
        }
    }

    /// Loads the document, writes a backup beside it, and bookmarks it.
    ///
    /// - Returns: The synced document.
    /// - Throws: ``SyncError``.
    @discardableResult
    public func sync() throws(SyncError) -> Document {
        let document = try loadData()
        let url = try documentURL()
        let backup = url.deletingLastPathComponent().appendingPathComponent(Self.backupName)
        do {
            try fileAccessor.write(JSONEncoder().encode(document), to: backup)
        } catch {
            throw .writeFailed(String(describing: error))
        }
        do {
            try bookmarks.saveBookmark(Data(url.path.utf8), for: Self.bookmarkKey)
        } catch {
            throw .bookmarkFailed(String(describing: error))
        }
        return document
    }

    private func documentURL() throws(SyncError) -> URL {
        guard let container = fileSystem.containerURL(for: .sync) else {
            throw .containerNotAvailable
        }
        return container.appendingPathComponent(Self.documentName)
    }
}
