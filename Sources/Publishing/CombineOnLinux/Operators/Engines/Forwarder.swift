// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// The downstream end of a one-upstream operator's subscription.
    ///
    /// An upstream delivers to one subscription serially, so the operator's per-subscription state
    /// needs no lock. Once the operator ends the stream (a completion of its own, such as `first()`
    /// finishing or `tryMap` failing), nothing more is forwarded and the upstream is cancelled.
    @usableFromInline
    package final class Forwarder<Output, Failure: Error> {
        /// Where the stream stands, holding the downstream's handlers until it ends.
        private enum Stage {
            case forwarding(
                value: (Output) -> Void, completion: (Subscribers.Completion<Failure>) -> Void)
            case finished
        }

        private var stage: Stage
        let link = UpstreamLink()

        init(
            receiveValue: @escaping (Output) -> Void,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
        ) {
            stage = .forwarding(value: receiveValue, completion: receiveCompletion)
        }

        /// Whether the stream has ended: nothing more is forwarded.
        var isFinished: Bool {
            if case .finished = stage { true } else { false }
        }

        package func send(_ value: Output) {
            guard case .forwarding(let receiveValue, _) = stage else { return }
            receiveValue(value)
        }

        /// Ends the stream downstream, and cancels the upstream.
        package func finish(_ completion: Subscribers.Completion<Failure> = .finished) {
            guard case .forwarding(_, let receiveCompletion) = stage else { return }
            stage = .finished
            receiveCompletion(completion)
            link.cancel()
        }

        /// Sends `value` as the stream's last, then finishes. The stream is over, and the upstream
        /// cancelled, before `value` goes out: a value sent from inside its delivery (which comes
        /// at once, as in Combine) is not forwarded after it.
        package func finish(after value: Output) {
            guard case .forwarding(let receiveValue, let receiveCompletion) = stage else { return }
            stage = .finished
            link.cancel()
            receiveValue(value)
            receiveCompletion(.finished)
        }

        package func fail(_ error: Failure) {
            finish(.failure(error))
        }
    }

    extension Publisher {
        /// Subscribes an operator's handlers to this publisher: the shape of every one-upstream
        /// operator. The returned cancellable cancels the upstream.
        func forward<DownstreamOutput, DownstreamFailure>(
            to receiveValue: @escaping (DownstreamOutput) -> Void,
            _ receiveCompletion: @escaping (Subscribers.Completion<DownstreamFailure>) -> Void,
            value onValue:
                @escaping (Output, Forwarder<DownstreamOutput, DownstreamFailure>) -> Void,
            completion onCompletion:
                @escaping (
                    Subscribers.Completion<Failure>, Forwarder<DownstreamOutput, DownstreamFailure>
                ) -> Void
        ) -> AnyCancellable {
            let downstream = Forwarder(
                receiveValue: receiveValue, receiveCompletion: receiveCompletion)
            // The link holds the subscriber before it subscribes, so an operator that ends the
            // stream from inside a value (`prefix`, `first`) cancels a synchronous upstream, such
            // as an endless sequence, while it is still sending.
            let subscriber = Subscribers.Sink<Output, Failure>(
                receiveCompletion: { completion in
                    guard !downstream.isFinished else { return }
                    onCompletion(completion, downstream)
                },
                receiveValue: { value in
                    guard !downstream.isFinished else { return }
                    onValue(value, downstream)
                }
            )
            downstream.link.attach(AnyCancellable(subscriber))
            subscribe(subscriber)
            return AnyCancellable { downstream.link.cancel() }
        }
    }

    extension Subscribers.Completion {
        /// The same completion with its error transformed.
        func mapError<NewFailure>(_ transform: (Failure) -> NewFailure)
            -> Subscribers.Completion<NewFailure>
        {
            switch self {
            case .finished: .finished
            case .failure(let error): .failure(transform(error))
            }
        }
    }
#endif
