/// A value that is only read and written while holding a lock.
package final class Locked<State>: @unchecked Sendable {
    // @unchecked: `state` is only reached through `withLock`, which holds `lock`.
    private let lock = Lock()
    private var state: State

    package init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state.
    @discardableResult
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&state) }
    }
}
