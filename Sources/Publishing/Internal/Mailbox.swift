/// A queue of messages with one receiver that suspends until a message arrives.
///
/// Any thread may post; the receiver wakes with one continuation resume and takes the message
/// on its own isolation. Cancelling the receiving task wakes it with `nil`.
///
/// Inlinable, so that a waiter specialises it for its message type: unspecialised, each post and
/// receive asked the runtime for the metadata of the generic types inside. The class must be
/// `@usableFromInline` for that: without it, its inlinable bodies were not made available to
/// other modules, and every wait ran the generic code.
@usableFromInline
// @unchecked: all state is guarded by `lock`. A message changes hands under the lock, from the
// poster to the single receiver, which owns it from then on.
package final class Mailbox<Message>: @unchecked Sendable {
    @usableFromInline
    struct State {
        /// The oldest message, kept in place: a mailbox usually holds one message at a time, and
        /// a wake that allocates a queue's buffer (and frees it on receipt) costs more than the
        /// rest of the post, with the allocator's memory cold after a wait.
        @usableFromInline var first: Message?
        /// Messages after `first`, in order.
        @usableFromInline var rest = FIFO<Message>()
        /// Unsafe, not checked: the lock hands it to exactly one resumer (a post or a cancel),
        /// and a checked continuation allocates a canary on every suspension.
        @usableFromInline var receiver: UnsafeContinuation<Void, Never>?
        @usableFromInline var isCancelled = false

        @inlinable
        init() {}

        @inlinable
        var isEmpty: Bool { first == nil }

        @inlinable
        mutating func push(_ message: Message) {
            if first == nil {
                first = message
            } else {
                rest.push(message)
            }
        }

        @inlinable
        mutating func pop() -> Message? {
            guard let message = first else { return nil }
            first = rest.pop()
            return message
        }
    }

    @usableFromInline let lock = Lock()
    @usableFromInline var state = State()

    @inlinable
    package init() {}

    /// Adds a message and wakes the receiver if it is waiting.
    @inlinable
    package func post(_ message: Message) {
        lock.lock()
        state.push(message)
        let receiver = state.receiver
        state.receiver = nil
        lock.unlock()
        receiver?.resume()
    }

    /// Whether a message is waiting, so that ``receive(isolation:)`` would not suspend.
    @inlinable
    package var hasMessage: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !state.isEmpty
    }

    /// Takes the oldest message, suspending until one arrives; `nil` once the task is cancelled
    /// and no message is waiting.
    @inlinable
    package func receive(isolation: isolated (any Actor)? = #isolation) async -> Message? {
        if let message = take() {
            return message
        }
        await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: isolation) { continuation in
                park(continuation)
            }
        } onCancel: {
            cancel()
        }
        return take()
    }

    @inlinable
    func take() -> Message? {
        lock.lock()
        defer { lock.unlock() }
        return state.pop()
    }

    @inlinable
    func park(_ continuation: UnsafeContinuation<Void, Never>) {
        // If the task was cancelled before this point, `onCancel` already ran: don't park.
        lock.lock()
        let parks = state.isEmpty && !state.isCancelled
        if parks { state.receiver = continuation }
        lock.unlock()
        if !parks { continuation.resume() }
    }

    @inlinable
    func cancel() {
        lock.lock()
        state.isCancelled = true
        let receiver = state.receiver
        state.receiver = nil
        lock.unlock()
        receiver?.resume()
    }
}
