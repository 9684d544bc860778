/// A queue of messages with one receiver that suspends until a message arrives.
///
/// Any thread may post; the receiver wakes with one continuation resume and takes the message
/// on its own isolation. Cancelling the receiving task wakes it with `nil`.
package final class Mailbox<Message>: @unchecked Sendable {
    // @unchecked: all state is guarded by `lock`. A message changes hands under the lock, from
    // the poster to the single receiver, which owns it from then on.
    private struct State {
        var messages = FIFO<Message>()
        var receiver: CheckedContinuation<Void, Never>?
        var isCancelled = false
    }

    private let lock = Lock()
    private var state = State()

    package init() {}

    /// Adds a message and wakes the receiver if it is waiting.
    package func post(_ message: Message) {
        let receiver = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            state.messages.push(message)
            defer { state.receiver = nil }
            return state.receiver
        }
        receiver?.resume()
    }

    /// Takes the oldest message, suspending until one arrives; `nil` once the task is cancelled
    /// and no message is waiting.
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

    private func park(_ continuation: CheckedContinuation<Void, Never>) {
        // If the task was cancelled before this point, `onCancel` already ran: don't park.
        let parked = lock.withLock { () -> Bool in
            guard state.messages.isEmpty, !state.isCancelled else { return false }
            state.receiver = continuation
            return true
        }
        if !parked { continuation.resume() }
    }

    private func cancel() {
        let receiver = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            state.isCancelled = true
            defer { state.receiver = nil }
            return state.receiver
        }
        receiver?.resume()
    }
}
