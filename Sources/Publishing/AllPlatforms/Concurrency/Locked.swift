/// A value that is only read and written while holding a lock.
@usableFromInline
// @unchecked: `state` is only reached through `withLock`, which holds `lock`.
package final class Locked<State>: @unchecked Sendable {
    @usableFromInline let lock = Lock()
    @usableFromInline var state: State

    @inlinable
    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    @inlinable
    @discardableResult
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&state) }
    }
}
