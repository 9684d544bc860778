import Examples
import Foundation
import Testing

private let container = URL(fileURLWithPath: "/mock/container", isDirectory: true)
private let documentURL = container.appendingPathComponent(SyncManager.documentName)
private let document = Document(title: "Notes", body: "Hello")
private let documentData = try! JSONEncoder().encode(document)

@Suite("SyncManager with mocks")
struct SyncManagerTests {
    private func accessor(with data: Data? = documentData) -> MockFileAccessor {
        let accessor = MockFileAccessor()
        if let data { accessor.files[documentURL] = data }
        return accessor
    }

    @Test("Sync manager handles missing container")
    func missingContainer() async {
        let manager = SyncManager(fileSystem: MockFileSystemProvider(containerURL: nil))
        await #expect(throws: SyncError.containerNotAvailable) {
            try await manager.sync()
        }
    }

    @Test("Sync manager reads data correctly")
    func readsData() async throws {
        let files = accessor()
        let manager = SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: container),
            fileAccessor: files
        )
        #expect(try await manager.loadData() == document)
        #expect(files.calls == [.read(documentURL)])
    }

    @Test("Sync manager handles read errors gracefully")
    func readError() async {
        let files = accessor()
        files.readError = CocoaError(.fileReadCorruptFile)
        let manager = SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: container),
            fileAccessor: files
        )
        await #expect(throws: SyncError.self) { try await manager.sync() }
        do {
            try await manager.sync()
        } catch {
            guard case .readFailed = error else {
                Issue.record("expected readFailed, got \(error)")
                return
            }
        }
    }

    @Test("Data that is not a document is a decode failure")
    func decodeError() async {
        let manager = SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: container),
            fileAccessor: accessor(with: Data("not json".utf8))
        )
        let error = await #expect(throws: SyncError.self) { try await manager.loadData() }
        guard case .decodeFailed = error else {
            Issue.record("expected decodeFailed, got \(String(describing: error))")
            return
        }
    }

    @Test("Only the second read fails when the mock is told so")
    func failSecondRead() async throws {
        let files = accessor()
        files.failRead(number: 2, with: CocoaError(.fileReadUnknown))
        let manager = SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: container),
            fileAccessor: files
        )
        #expect(try await manager.loadData() == document)
        await #expect(throws: SyncError.self) { try await manager.loadData() }
        #expect(try await manager.loadData() == document)
    }

    @Test("Reads of one URL fail while others succeed")
    func failReadsOfURL() async throws {
        let files = accessor()
        let other = container.appendingPathComponent("other.json")
        files.files[other] = documentData
        files.failReads(of: documentURL, with: CocoaError(.fileReadNoPermission))
        #expect(throws: CocoaError.self) { try files.read(from: documentURL) }
        #expect(try files.read(from: other) == documentData)
    }

    @Test("Sync writes a backup and bookmarks the document")
    func syncWritesBackupAndBookmark() async throws {
        let files = accessor()
        let bookmarks = MockBookmarkStorage()
        let manager = SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: container),
            fileAccessor: files,
            bookmarks: bookmarks
        )
        #expect(try await manager.sync() == document)
        let backup = container.appendingPathComponent(SyncManager.backupName)
        #expect(
            files.files[backup].map { try? JSONDecoder().decode(Document.self, from: $0) }
                == document)
        #expect(bookmarks.bookmarks[SyncManager.bookmarkKey] == Data(documentURL.path.utf8))
    }

    @Test("A write error is reported as writeFailed, and no bookmark is saved")
    func writeError() async {
        let files = accessor()
        files.writeError = CocoaError(.fileWriteOutOfSpace)
        let bookmarks = MockBookmarkStorage()
        let manager = SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: container),
            fileAccessor: files,
            bookmarks: bookmarks
        )
        let error = await #expect(throws: SyncError.self) { try await manager.sync() }
        guard case .writeFailed = error else {
            Issue.record("expected writeFailed, got \(String(describing: error))")
            return
        }
        #expect(bookmarks.bookmarks.isEmpty)
    }

    @Test("A bookmark error is reported as bookmarkFailed")
    func bookmarkError() async {
        let bookmarks = MockBookmarkStorage()
        bookmarks.saveError = CocoaError(.fileWriteNoPermission)
        let manager = SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: container),
            fileAccessor: accessor(),
            bookmarks: bookmarks
        )
        let error = await #expect(throws: SyncError.self) { try await manager.sync() }
        guard case .bookmarkFailed = error else {
            Issue.record("expected bookmarkFailed, got \(String(describing: error))")
            return
        }
    }

    @Test("Bookmark storage mocks load what they saved, or throw the injected error")
    func bookmarkMock() throws {
        let bookmarks = MockBookmarkStorage()
        try bookmarks.saveBookmark(Data([1, 2]), for: "a")
        #expect(try bookmarks.loadBookmark(for: "a") == Data([1, 2]))
        #expect(try bookmarks.loadBookmark(for: "b") == nil)
        bookmarks.loadError = CocoaError(.fileReadUnknown)
        #expect(throws: CocoaError.self) { try bookmarks.loadBookmark(for: "a") }
    }
}

@Suite("SyncManager with the real file system")
struct SyncManagerFileSystemTests {
    @Test("The real defaults sync a document in a temporary directory, and clean up")
    func realDefaults() async throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("ObservationTesting-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }

        let fileSystem = DefaultFileSystemProvider(baseDirectory: root)
        let syncDirectory = try #require(fileSystem.containerURL(for: .sync))
        let accessor = DefaultFileAccessor()
        let url = syncDirectory.appendingPathComponent(SyncManager.documentName)
        try accessor.write(documentData, to: url)
        #expect(accessor.fileExists(at: url))

        let bookmarks = DefaultBookmarkStorage(directory: root.appendingPathComponent("bookmarks"))
        let manager = SyncManager(
            fileSystem: fileSystem, fileAccessor: accessor, bookmarks: bookmarks)
        #expect(try await manager.sync() == document)
        let backup = syncDirectory.appendingPathComponent(SyncManager.backupName)
        // Decoded, not byte-compared: JSONEncoder's key order is not fixed on Linux.
        #expect(
            try JSONDecoder().decode(Document.self, from: accessor.read(from: backup)) == document)
        #expect(try bookmarks.loadBookmark(for: SyncManager.bookmarkKey) == Data(url.path.utf8))
        #expect(try bookmarks.loadBookmark(for: "missing") == nil)
    }

    @Test("Reading a file that does not exist is a read failure")
    func missingFile() async throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("ObservationTesting-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = SyncManager(fileSystem: DefaultFileSystemProvider(baseDirectory: root))
        let error = await #expect(throws: SyncError.self) { try await manager.loadData() }
        guard case .readFailed = error else {
            Issue.record("expected readFailed, got \(String(describing: error))")
            return
        }
    }
}
