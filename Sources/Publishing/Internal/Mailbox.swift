/// A queue of messages with one receiver that suspends until a message arrives.
///
/// Any thread may post; the receiver wakes with one continuation resume and takes the message
/// on its own isolation. Cancelling the receiving task wakes it with `nil`.
///
/// Inlinable, so that a waiter specialises it for its message type: unspecialised, each post and
/// receive asked the runtime for the metadata of the generic types inside.
package final class Mailbox<Message>: @unchecked Sendable {
    // @unchecked: all state is guarded by `lock`. A message changes hands under the lock, from
    // the poster to the single receiver, which owns it from then on.
    @usableFromInline
    struct State {
        @usableFromInline var messages = FIFO<Message>()
        @usableFromInline var receiver: CheckedContinuation<Void, Never>?
        @usableFromInline var isCancelled = false

        @inlinable
        init() {}
    }

    @usableFromInline let lock = Lock()
    @usableFromInline var state = State()

    @inlinable
    package init() {}

    /// Adds a message and wakes the receiver if it is waiting.
    @inlinable
    package func post(_ message: Message) {
        let receiver = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            state.messages.push(message)
            defer { state.receiver = nil }
            return state.receiver
        }
        receiver?.resume()
    }

    /// Whether a message is waiting, so that ``receive(isolation:)`` would not suspend.
    @inlinable
    package var hasMessage: Bool {
        lock.withLock { !state.messages.isEmpty }
    }

    /// Takes the oldest message, suspending until one arrives; `nil` once the task is cancelled
    /// and no message is waiting.
    @inlinable
    package func receive(isolation: isolated (any Actor)? = #isolation) async -> Message? {
        if let message = lock.withLock({ state.messages.pop() }) {
            return message
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation(isolation: isolation) { continuation in
                park(continuation)
            }
        } onCancel: {
            cancel()
        }
        return lock.withLock { state.messages.pop() }
    }

    @inlinable
    func park(_ continuation: CheckedContinuation<Void, Never>) {
        // If the task was cancelled before this point, `onCancel` already ran: don't park.
        let parked = lock.withLock { () -> Bool in
            guard state.messages.isEmpty, !state.isCancelled else { return false }
            state.receiver = continuation
            return true
        }
        if !parked { continuation.resume() }
    }

    @inlinable
    func cancel() {
        let receiver = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            state.isCancelled = true
            defer { state.receiver = nil }
            return state.receiver
        }
        receiver?.resume()
    }
}
