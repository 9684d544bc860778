import Examples
import Foundation
import ObservationTesting
import Publishing
import Testing

/// A `DocumentsViewModel` whose container holds `document`, for tests in files without Foundation.
@MainActor
func documentsViewModel(loading document: Document) throws -> DocumentsViewModel {
    let container = URL(fileURLWithPath: "/mock/container", isDirectory: true)
    let files = MockFileAccessor()
    files.files[container.appendingPathComponent(SyncManager.documentName)] =
        try JSONEncoder().encode(document)
    return DocumentsViewModel(
        syncManager: SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: container),
            fileAccessor: files,
            bookmarks: MockBookmarkStorage()
        )
    )
}

@MainActor
@Suite("DocumentsViewModel", .untilTimeout(.seconds(30)), .endOfTestChecks)
struct DocumentsViewModelTests {
    private let container = URL(fileURLWithPath: "/mock/container", isDirectory: true)
    private let document = Document(title: "Notes", body: "Hello")

    private func viewModel(
        container: URL?,
        configure: (MockFileAccessor, MockBookmarkStorage) -> Void = { _, _ in }
    ) throws -> DocumentsViewModel {
        let files = MockFileAccessor()
        if let container {
            files.files[container.appendingPathComponent(SyncManager.documentName)] =
                try JSONEncoder().encode(document)
        }
        let bookmarks = MockBookmarkStorage()
        configure(files, bookmarks)
        return DocumentsViewModel(
            syncManager: SyncManager(
                fileSystem: MockFileSystemProvider(containerURL: container),
                fileAccessor: files,
                bookmarks: bookmarks
            )
        )
    }

    @Test("A successful load publishes loading, then the document, with no error")
    func success() async throws {
        let viewModel = try viewModel(container: container)
        expectDeallocated(viewModel)
        await until(viewModel.$isLoading, satisfies: [.equals(true), .equals(false)]) {
            await viewModel.load()
        }
        #expect(viewModel.document == document)
        #expect(viewModel.error == nil)
    }

    @Test(
        "Each injected failure ends with loading off and the error published",
        arguments: [
            ("no container", SyncErrorKind.containerNotAvailable),
            ("read fails", .readFailed),
            ("write fails", .writeFailed),
            ("bookmark fails", .bookmarkFailed),
            ("bad data", .decodeFailed),
        ]
    )
    func failures(name: String, kind: SyncErrorKind) async throws {
        let viewModel = try viewModel(container: kind == .containerNotAvailable ? nil : container) {
            files, bookmarks in
            switch kind {
            case .readFailed: files.readError = CocoaError(.fileReadCorruptFile)
            case .writeFailed: files.writeError = CocoaError(.fileWriteOutOfSpace)
            case .bookmarkFailed: bookmarks.saveError = CocoaError(.fileWriteNoPermission)
            case .decodeFailed:
                files.files = files.files.mapValues { _ in Data("not json".utf8) }
            case .containerNotAvailable: break
            }
        }
        await until(viewModel.$isLoading, satisfies: [.equals(true), .equals(false)]) {
            await viewModel.load()
        }
        let error = await until(viewModel.$error, satisfies: { $0 != nil })
        #expect(error??.kind == kind)
        #expect(viewModel.document == nil)
    }

    @Test("A failed load ends with loading off and the error set: one condition over the model")
    func failureAsOneCondition() async throws {
        let viewModel = try viewModel(container: nil)
        let met = await until(viewModel) {
            !$0.isLoading && $0.error?.kind == .containerNotAvailable && $0.document == nil
        } perform: {
            await viewModel.load()
        }
        #expect(met)
    }

    @Test("A later success clears the error")
    func recovery() async throws {
        var files: MockFileAccessor?
        let viewModel = try viewModel(container: container) { accessor, _ in
            accessor.failRead(number: 1, with: CocoaError(.fileReadUnknown))
            files = accessor
        }
        await viewModel.load()
        #expect(viewModel.error?.kind == .readFailed)
        await until(viewModel.$error, satisfies: [{ $0 != nil }, { $0 == nil }]) {
            await viewModel.load()
        }
        #expect(viewModel.document == document)
        #expect(files?.calls.count == 3)  // two reads and one backup write
    }
}

/// The case of a `SyncError`, without its message, for comparing in tests.
enum SyncErrorKind: Sendable, CustomTestStringConvertible {
    case containerNotAvailable, readFailed, writeFailed, bookmarkFailed, decodeFailed

    var testDescription: String { "\(self)" }
}

extension SyncError {
    var kind: SyncErrorKind {
        switch self {
        case .containerNotAvailable: .containerNotAvailable
        case .readFailed: .readFailed
        case .decodeFailed: .decodeFailed
        case .writeFailed: .writeFailed
        case .bookmarkFailed: .bookmarkFailed
        }
    }
}
