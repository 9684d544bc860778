// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// One upstream of a ``Succession``; also a way to it, as Combine's `retry`'s subscriber
    /// is its subscription: a request or a cancel through it is the succession's.
    final class SuccessionStage<Upstream: Publisher, Downstream: Subscriber>: Subscriber,
        Subscription, CombineReflecting
    where Upstream.Output == Downstream.Input {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let succession: Succession<Downstream>
        private let stage: Int
        private let onFinish: (() -> Void)?
        private let onFailure: (Upstream.Failure) -> Void
        /// Whether the upstream has failed, for ``SuccessionTraps/secondFailure``.
        private let hasFailed = Locked(false)

        init(
            _ succession: Succession<Downstream>, stage: Int, onFinish: (() -> Void)?,
            onFailure: @escaping (Upstream.Failure) -> Void
        ) {
            self.succession = succession
            self.stage = stage
            self.onFinish = onFinish
            self.onFailure = onFailure
        }

        /// The subscription's: the stage stands for it.
        var combineIdentifier: CombineIdentifier { succession.combineIdentifier }

        var description: String { succession.description }
        var customMirror: Mirror { succession.customMirror }

        func request(_ demand: Subscribers.Demand) {
            succession.request(demand)
        }

        func cancel() {
            succession.cancel()
        }

        func receive(subscription: any Subscription) {
            succession.attach(subscription, stage: stage)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            succession.deliver(input, stage: stage)
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            if case .failure = completion, succession.traps.contains(.secondFailure) {
                let failedBefore = hasFailed.withLock { hasFailed in
                    defer { hasFailed = true }
                    return hasFailed
                }
                if failedBefore { succession.trapIfLive("a second failure by its upstream") }
            }
            guard succession.completed(stage) else { return }
            switch completion {
            case .finished:
                if let onFinish { onFinish() } else { succession.end(.finished) }
            case .failure(let error): onFailure(error)
            }
        }
    }
#endif
