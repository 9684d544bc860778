#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutual-exclusion lock that works on every platform the package supports.
///
/// A bare `pthread_mutex_t`: about half the cost of `NSLock`, which on Linux adds a Foundation
/// object and a dynamic call around the same mutex, and it is available on every deployment
/// target (`Synchronization.Mutex` needs macOS 15 / iOS 18). Shared by the package's modules,
/// so it is `package`, not `public`.
@usableFromInline
// @unchecked: the mutex is only touched through the pthread calls, which are thread-safe; the
// pointer itself never changes.
package final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @usableFromInline
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    @usableFromInline
    package func unlock() {
        pthread_mutex_unlock(mutex)
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
