public import Foundation

/// The real container directories: the iCloud container where there is one, and a folder in
/// Application Support otherwise (always, on Linux).
public struct DefaultFileSystemProvider: FileSystemProviding {
    private let baseDirectory: URL?

    /// Creates a provider.
    ///
    /// - Parameter baseDirectory: Where to put containers instead of the system's default;
    ///   tests pass a temporary directory.
    public init(baseDirectory: URL? = nil) {
        self.baseDirectory = baseDirectory
    }

    /// The directory for `purpose`, created if needed; `nil` if it cannot be made.
    public func containerURL(for purpose: Purpose) -> URL? {
        let fileManager = FileManager.default
        let base: URL
        if let baseDirectory {
            base = baseDirectory
        } else {
            #if canImport(Darwin)
                if purpose == .sync,
                    let iCloud = fileManager.url(forUbiquityContainerIdentifier: nil)
                {
                    return iCloud
                }
            #endif
            guard
                let support = fileManager.urls(
                    for: .applicationSupportDirectory, in: .userDomainMask
                )
                .first
            else { return nil }
            base = support.appendingPathComponent("ObservationTestingExamples", isDirectory: true)
        }
        let container = base.appendingPathComponent(purpose.rawValue, isDirectory: true)
        do {
            try fileManager.createDirectory(at: container, withIntermediateDirectories: true)
        } catch {
            return nil
        }
        return container
    }
}

/// Reads and writes real files; writes are atomic.
public struct DefaultFileAccessor: FileAccessorProviding {
    /// Creates an accessor.
    public init() {}

    /// The contents of the file at `url`.
    public func read(from url: URL) throws -> Data {
        try Data(contentsOf: url)
    }

    /// Replaces the file at `url` with `data`, atomically.
    public func write(_ data: Data, to url: URL) throws {
        try data.write(to: url, options: .atomic)
    }

    /// Whether a file exists at `url`.
    public func fileExists(at url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }
}

/// Keeps bookmarks as files in a directory.
public struct DefaultBookmarkStorage: BookmarkStorageProviding {
    private let directory: URL
    private let accessor = DefaultFileAccessor()

    /// Creates a storage that keeps its bookmarks in `directory`, created if needed.
    ///
    /// - Parameter directory: Where the bookmarks go.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Stores `data` under `key`.
    public func saveBookmark(_ data: Data, for key: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try accessor.write(data, to: url(for: key))
    }

    /// The bookmark stored under `key`, or `nil` if there is none.
    public func loadBookmark(for key: String) throws -> Data? {
        let url = url(for: key)
        guard accessor.fileExists(at: url) else { return nil }
        return try accessor.read(from: url)
    }

    private func url(for key: String) -> URL {
        // Percent-encode so any key is a single, safe file name.
        let name = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key
        return directory.appendingPathComponent(name + ".bookmark")
    }
}
