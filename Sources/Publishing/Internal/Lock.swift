import Foundation

/// A mutual-exclusion lock that works on every platform the package supports.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; this keeps the deployment targets low.
/// Shared by the package's modules, so it is `package`, not `public`.
package final class Lock: Sendable {
    // NSLock is itself thread-safe; the class only narrows its surface.
    private let base = NSLock()

    package init() {}

    /// Runs `body` while holding the lock. `body` must not call back into code that takes it.
    @discardableResult
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        base.lock()
        defer { base.unlock() }
        return try body()
    }
}
