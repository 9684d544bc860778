import Foundation
import Publishing

/// A subject that counts its live subscriptions: one is live from `sink` until it is cancelled.
final class TrackedSubject<Output, Failure: Error>: ClosurePublisher, @unchecked Sendable {
    // @unchecked: `live` and `made` are only touched while holding `lock`; the subject is
    // thread-safe.
    private let subject = PassthroughSubject<Output, Failure>()
    private let lock = NSLock()
    private var live = 0
    private var made = 0

    /// Subscriptions made and not yet cancelled.
    var liveSubscriptions: Int { lock.withLock { live } }
    /// Subscriptions made in all.
    var subscriptionsMade: Int { lock.withLock { made } }

    func send(_ value: Output) { subject.send(value) }
    func send(completion: Subscribers.Completion<Failure>) { subject.send(completion: completion) }

    @usableFromInline
    package func subscribeClosures(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        lock.withLock {
            live += 1
            made += 1
        }
        let token = subject.sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        let isCancelled = Locked(false)
        return AnyCancellable { [self] in
            token.cancel()
            let wasCancelled = isCancelled.withLock { isCancelled in
                defer { isCancelled = true }
                return isCancelled
            }
            guard !wasCancelled else { return }
            lock.withLock { live -= 1 }
        }
    }
}

/// A count that tests change from several threads, such as the live instances of a type.
final class LiveCount: @unchecked Sendable {
    // @unchecked: `count` is only touched while holding `lock`.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func change(by delta: Int) { lock.withLock { count += delta } }
}
