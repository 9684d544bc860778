import Foundation

/// A mutual-exclusion lock that works on every platform the package supports.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; this keeps the deployment targets low.
/// Shared by the package's modules, so it is `package`, not `public`.
@usableFromInline
package final class Lock: Sendable {
    // NSLock is itself thread-safe; the class only narrows its surface.
    private let base = NSLock()

    @usableFromInline
    package init() {}

    @usableFromInline
    package func lock() {
        base.lock()
    }

    @usableFromInline
    package func unlock() {
        base.unlock()
    }

    /// Runs `body` while holding the lock. `body` must not call back into code that takes it.
    @inlinable
    @discardableResult
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
