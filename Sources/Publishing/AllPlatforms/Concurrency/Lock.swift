// Public: the inlinable lock and unlock call the pthread functions from the caller's module.
#if canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#elseif canImport(Darwin)
    public import Darwin
#endif

/// A mutual-exclusion lock that works on every platform the package supports.
///
/// A bare `pthread_mutex_t`, without the Foundation object and dynamic call `NSLock` adds on
/// Linux, and available on every deployment target (`Synchronization.Mutex` needs macOS 15 /
/// iOS 18). Shared by the package's modules, so it is `package`, not `public`.
///
/// The mutex lives in its storage object's tail, so a lock is one allocation, and locking is
/// inlined into the caller.
@usableFromInline
// @unchecked: the storage is only touched through the pthread calls, which are thread-safe.
package struct Lock: @unchecked Sendable {
    @usableFromInline let storage: LockStorage

    @inlinable
    package init() {
        storage = LockStorage.make()
    }

    @inlinable
    package func lock() {
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) }
    }

    @inlinable
    package func unlock() {
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) }
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

/// A lock's mutex, allocated in the object's tail so that its address never changes.
@usableFromInline
final class LockStorage: ManagedBuffer<Void, pthread_mutex_t> {
    @usableFromInline
    static func make() -> LockStorage {
        let buffer = create(minimumCapacity: 1) { _ in }
        let storage = unsafeDowncast(buffer, to: LockStorage.self)
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_init($0, nil) }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { _ = pthread_mutex_destroy($0) }
    }
}

/// The calling thread, to tell a call made from inside a delivery on this thread from another
/// thread's.
@usableFromInline
// @unchecked: a thread handle is an identifier, compared with `pthread_equal`, never dereferenced.
package struct ThreadID: @unchecked Sendable {
    @usableFromInline let handle: pthread_t

    /// The calling thread.
    @inlinable
    package static var current: ThreadID { ThreadID(handle: pthread_self()) }

    @inlinable
    init(handle: pthread_t) {
        self.handle = handle
    }

    /// Whether this is the calling thread.
    @inlinable
    package var isCurrent: Bool { pthread_equal(handle, pthread_self()) != 0 }
}
