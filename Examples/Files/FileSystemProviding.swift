public import Foundation

/// What a container directory is for.
public enum Purpose: String, Sendable, CaseIterable {
    /// Documents synchronised across devices.
    case sync
    /// Files that can be recreated.
    case cache
}

/// Finds the directories the app may store files in.
public protocol FileSystemProviding: Sendable {
    /// The directory for files of the given purpose, or `nil` if there is none (for example,
    /// iCloud is signed out).
    func containerURL(for purpose: Purpose) -> URL?
}

/// Reads and writes files.
public protocol FileAccessorProviding: Sendable {
    /// The contents of the file at `url`.
    func read(from url: URL) throws -> Data
    /// Replaces the file at `url` with `data`.
    func write(_ data: Data, to url: URL) throws
    /// Whether a file exists at `url`.
    func fileExists(at url: URL) -> Bool
}

/// Keeps bookmarks: small blobs that let a sandboxed app find a file again.
public protocol BookmarkStorageProviding: Sendable {
    /// Stores `data` under `key`, replacing what was there.
    func saveBookmark(_ data: Data, for key: String) throws
    /// The bookmark stored under `key`, or `nil` if there is none.
    func loadBookmark(for key: String) throws -> Data?
}
