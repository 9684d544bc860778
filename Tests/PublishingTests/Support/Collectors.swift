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

/// Collects what a subscription receives, on one thread, with the order of values and
/// completion kept in one list.
final class Events<Output, Failure: Error> {
    enum Event {
        case value(Output)
        case finished
        case failure(Failure)
    }

    private(set) var all: [Event] = []
    private(set) var token: AnyCancellable?

    init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        token = publisher.sink(
            receiveCompletion: { [unowned self] completion in
                switch completion {
                case .finished: all.append(.finished)
                case .failure(let error): all.append(.failure(error))
                }
            },
            receiveValue: { [unowned self] in all.append(.value($0)) }
        )
    }

    var values: [Output] {
        all.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }

    var isFinished: Bool {
        if case .finished = all.last { true } else { false }
    }

    var failure: Failure? {
        if case .failure(let error) = all.last { error } else { nil }
    }

    var isCompleted: Bool { isFinished || failure != nil }

    func cancel() { token?.cancel() }
}
