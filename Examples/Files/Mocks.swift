public import Foundation

/// A lock-protected box for a mock's state, so mocks are `Sendable` without `@unchecked`
/// guesswork: every read and write of `value` holds `lock`.
final class MockState<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched inside `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A file accessor backed by a dictionary, with injectable errors and a record of calls.
///
/// ```swift
/// let files = MockFileAccessor()
/// files.files[url] = data
/// files.failRead(number: 2, with: CocoaError(.fileReadCorruptFile))
/// ```
public final class MockFileAccessor: FileAccessorProviding {
    /// One call the mock received.
    public enum Call: Equatable, Sendable {
        /// `read(from:)` of the URL.
        case read(URL)
        /// `write(_:to:)` of the data to the URL.
        case write(Data, URL)
        /// `fileExists(at:)` of the URL.
        case fileExists(URL)
    }

    private struct State {
        var files: [URL: Data] = [:]
        var readError: (any Error)?
        var writeError: (any Error)?
        var readErrorsByCall: [Int: any Error] = [:]
        var readErrorsByURL: [URL: any Error] = [:]
        var calls: [Call] = []
        var reads = 0
    }

    private let state = MockState(State())

    /// Creates an accessor with no files.
    public init() {}

    /// The files, by URL.
    public var files: [URL: Data] {
        get { state.withLock { $0.files } }
        set { state.withLock { $0.files = newValue } }
    }

    /// An error every read throws, if set.
    public var readError: (any Error)? {
        get { state.withLock { $0.readError } }
        set { state.withLock { $0.readError = newValue } }
    }

    /// An error every write throws, if set.
    public var writeError: (any Error)? {
        get { state.withLock { $0.writeError } }
        set { state.withLock { $0.writeError = newValue } }
    }

    /// Every call so far, oldest first.
    public var calls: [Call] {
        state.withLock { $0.calls }
    }

    /// Makes the `number`th read (counting from 1) throw `error`.
    public func failRead(number: Int, with error: any Error) {
        state.withLock { $0.readErrorsByCall[number] = error }
    }

    /// Makes every read of `url` throw `error`.
    public func failReads(of url: URL, with error: any Error) {
        state.withLock { $0.readErrorsByURL[url] = error }
    }

    /// The file's data, or the injected error; `CocoaError(.fileReadNoSuchFile)` if absent.
    public func read(from url: URL) throws -> Data {
        try state.withLock { state in
            state.calls.append(.read(url))
            state.reads += 1
            if let error = state.readErrorsByCall[state.reads] ?? state.readErrorsByURL[url]
                ?? state.readError
            {
                throw error
            }
            guard let data = state.files[url] else { throw CocoaError(.fileReadNoSuchFile) }
            return data
        }
    }

    /// Stores `data` at `url`, or throws the injected error.
    public func write(_ data: Data, to url: URL) throws {
        try state.withLock { state in
            state.calls.append(.write(data, url))
            if let error = state.writeError { throw error }
            state.files[url] = data
        }
    }

    /// Whether the mock holds a file at `url`.
    public func fileExists(at url: URL) -> Bool {
        state.withLock { state in
            state.calls.append(.fileExists(url))
            return state.files[url] != nil
        }
    }
}

/// A file system with fixed container URLs, recording which purposes were asked for.
public final class MockFileSystemProvider: FileSystemProviding {
    private struct State {
        var containers: [Purpose: URL]
        var requested: [Purpose] = []
    }

    private let state: MockState<State>

    /// Creates a provider whose every purpose maps to `containerURL` (`nil`: no container).
    public init(containerURL: URL?) {
        var containers: [Purpose: URL] = [:]
        for purpose in Purpose.allCases { containers[purpose] = containerURL }
        state = MockState(State(containers: containers))
    }

    /// The purposes asked for so far, oldest first.
    public var requestedPurposes: [Purpose] {
        state.withLock { $0.requested }
    }

    /// The configured URL for `purpose`.
    public func containerURL(for purpose: Purpose) -> URL? {
        state.withLock { state in
            state.requested.append(purpose)
            return state.containers[purpose]
        }
    }
}

/// A bookmark store backed by a dictionary, with injectable errors.
public final class MockBookmarkStorage: BookmarkStorageProviding {
    private struct State {
        var bookmarks: [String: Data] = [:]
        var saveError: (any Error)?
        var loadError: (any Error)?
    }

    private let state = MockState(State())

    /// Creates an empty store.
    public init() {}

    /// The stored bookmarks, by key.
    public var bookmarks: [String: Data] {
        get { state.withLock { $0.bookmarks } }
        set { state.withLock { $0.bookmarks = newValue } }
    }

    /// An error every save throws, if set.
    public var saveError: (any Error)? {
        get { state.withLock { $0.saveError } }
        set { state.withLock { $0.saveError = newValue } }
    }

    /// An error every load throws, if set.
    public var loadError: (any Error)? {
        get { state.withLock { $0.loadError } }
        set { state.withLock { $0.loadError = newValue } }
    }

    /// Stores `data`, or throws the injected error.
    public func saveBookmark(_ data: Data, for key: String) throws {
        try state.withLock { state in
            if let error = state.saveError { throw error }
            state.bookmarks[key] = data
        }
    }

    /// The stored bookmark, or throws the injected error.
    public func loadBookmark(for key: String) throws -> Data? {
        try state.withLock { state in
            if let error = state.loadError { throw error }
            return state.bookmarks[key]
        }
    }
}
