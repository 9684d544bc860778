public import Observation

/// Uploads files at once, each in chunks, retrying a failed chunk once after a delay on its
/// clock: a view model whose `start(_:)` starts the work and returns, so a test has nothing to
/// await but the work's end. Its tests run in a serial-executor scope and `settle()`.
@MainActor
@Observable
public final class UploadQueue {
    /// How far one file has got.
    public enum Status: Equatable, Sendable {
        /// Not started yet.
        case waiting
        /// Sending its chunk `chunk`, counted from 1.
        case uploading(chunk: Int)
        /// Every chunk sent.
        case done
        /// A chunk failed twice.
        case failed
    }

    /// Each file's status, by name.
    public private(set) var statuses: [String: Status] = [:]
    /// How many chunks each file is sent in.
    public let chunks: Int
    /// How long a failed chunk waits before its one retry.
    public let retryDelay: Duration

    private let uploader: any Uploading
    private let clock: any Clock<Duration>
    private var uploads: Task<Void, Never>?

    /// Creates a queue that sends through `uploader` and waits for retries on `clock`.
    ///
    /// - Parameters:
    ///   - uploader: What sends each chunk.
    ///   - clock: The clock retries wait on: a `ContinuousClock` in the app, a test clock in tests.
    ///   - chunks: How many chunks each file is sent in.
    ///   - retryDelay: How long a failed chunk waits before its one retry.
    public init(
        uploader: any Uploading, clock: any Clock<Duration>, chunks: Int = 3,
        retryDelay: Duration = .seconds(1)
    ) {
        self.uploader = uploader
        self.clock = clock
        self.chunks = chunks
        self.retryDelay = retryDelay
    }

    /// Starts uploading `files`, all at once, and returns.
    ///
    /// - Parameter files: The files' names.
    public func start(_ files: [String]) {
        for file in files { statuses[file] = .waiting }
        uploads = Task {
            await withTaskGroup(of: Void.self) { group in
                for file in files {
                    group.addTask { await self.upload(file) }
                }
            }
        }
    }

    /// Stops every upload in flight; a file stopped mid-way keeps the status it had.
    public func cancel() {
        uploads?.cancel()
    }

    private func upload(_ file: String) async {
        for chunk in 1...chunks {
            statuses[file] = .uploading(chunk: chunk)
            do {
                try await send(chunk, of: file)
            } catch {
                if !Task.isCancelled { statuses[file] = .failed }
                return
            }
        }
        statuses[file] = .done
    }

    private func send(_ chunk: Int, of file: String) async throws {
        do {
            try await uploader.send(chunk: chunk, of: file)
        } catch {
            try await clock.sleep(for: retryDelay)
            try await uploader.send(chunk: chunk, of: file)
        }
    }
}

/// Sends one chunk of a file.
public protocol Uploading: Sendable {
    /// Sends chunk `chunk` (counted from 1) of `file`; throws when the network fails.
    func send(chunk: Int, of file: String) async throws
}

/// Why a chunk was not sent.
public enum UploadError: Error, Equatable, Sendable {
    /// The network failed.
    case network
}

/// An ``Uploading`` that records what it sends, and fails where a test tells it to.
public actor MockUploader: Uploading {
    /// The chunks sent, in order, as `"file#chunk"`.
    public private(set) var sent: [String] = []
    private var failuresLeft: [String: Int]

    /// Creates an uploader whose sends of each file in `failing` fail that many times first.
    ///
    /// - Parameter failing: How many sends of each file fail before they succeed.
    public init(failing: [String: Int] = [:]) {
        failuresLeft = failing
    }

    /// Records the chunk, or throws ``UploadError/network`` while the file has failures left.
    public func send(chunk: Int, of file: String) async throws {
        if let left = failuresLeft[file], left > 0 {
            failuresLeft[file] = left - 1
            throw UploadError.network
        }
        sent.append("\(file)#\(chunk)")
    }
}
