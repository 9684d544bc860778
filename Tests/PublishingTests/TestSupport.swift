import Foundation
import Publishing

/// Collects what a subscription receives, from any thread.
final class EventLog<Output, Failure: Error>: @unchecked Sendable {
    // @unchecked: `values` and `completions` are only touched while holding `lock`.
    private let lock = NSLock()
    private var storedValues: [Output] = []
    private var storedCompletions: [Subscribers.Completion<Failure>] = []

    var values: [Output] { lock.withLock { storedValues } }
    var completions: [Subscribers.Completion<Failure>] { lock.withLock { storedCompletions } }

    func subscribe<P: Publisher>(to publisher: P) -> AnyCancellable
    where P.Output == Output, P.Failure == Failure {
        publisher.sink(
            receiveCompletion: { completion in
                self.lock.withLock { self.storedCompletions.append(completion) }
            },
            receiveValue: { value in
                self.lock.withLock { self.storedValues.append(value) }
            }
        )
    }
}

/// A test error with an identity, so tests can tell which error arrived.
struct TestError: Error, Equatable {
    var code = 0
}
