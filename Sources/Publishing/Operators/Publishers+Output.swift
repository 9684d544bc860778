extension Publishers {
    /// A publisher that forwards the first values of its upstream, then finishes.
    public struct Output<Upstream: Publisher>: Publisher {
        /// The upstream publisher's output type.
        public typealias Output = Upstream.Output
        /// The upstream publisher's failure type.
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are forwarded.
        public let upstream: Upstream
        /// How many values to forward before finishing.
        public let count: Int

        /// Subscribes to the upstream publisher; after ``count`` values, finishes and cancels it.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            guard count > 0 else {
                receiveCompletion(.finished)
                return AnyCancellable {}
            }
            let link = UpstreamLink()
            // Per subscription; deliveries to one subscription never overlap.
            var remaining = count
            var isFinished = false
            let upstreamSubscription = upstream.sink(
                receiveCompletion: { completion in
                    guard !isFinished else { return }
                    isFinished = true
                    receiveCompletion(completion)
                },
                receiveValue: { value in
                    guard !isFinished else { return }
                    remaining -= 1
                    receiveValue(value)
                    guard remaining == 0 else { return }
                    isFinished = true
                    receiveCompletion(.finished)
                    link.cancel()
                }
            )
            link.attach(upstreamSubscription)
            return AnyCancellable { link.cancel() }
        }
    }
}

extension Publisher {
    /// Forwards the first `maxLength` values, then finishes.
    ///
    /// - Parameter maxLength: How many values to forward. Must not be negative.
    /// - Returns: A publisher of at most `maxLength` values.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "prefix(_:) needs a length of zero or more, not \(maxLength)")
        return Publishers.Output(upstream: self, count: maxLength)
    }
}

/// Cancels an upstream subscription that may end before `sink` has even returned it.
///
/// An upstream with a current value delivers it inside `sink`, so an operator may decide to
/// cancel before it holds the upstream's cancellable; the cancel is then applied on `attach`.
final class UpstreamLink {
    private enum State {
        case waiting
        case attached(AnyCancellable)
        case cancelled
    }

    private let state = Locked(State.waiting)

    func attach(_ cancellable: AnyCancellable) {
        let isCancelled = state.withLock { state -> Bool in
            guard case .waiting = state else { return true }
            state = .attached(cancellable)
            return false
        }
        if isCancelled { cancellable.cancel() }
    }

    func cancel() {
        let previous = state.withLock { state -> State in
            defer { state = .cancelled }
            return state
        }
        if case .attached(let cancellable) = previous { cancellable.cancel() }
    }
}
