// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // combineLatest, zip and merge, written once over type-erased upstreams: the public types
    // below only say how to subscribe to their upstreams and how to build their output.

    /// Subscribes to upstream `index`, feeding its values and its completion to the closures.
    typealias IndexedSubscribe<Failure: Error> = (
        _ index: Int,
        _ value: @escaping (Any) -> Void,
        _ completion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable

    private struct CombineLatestState {
        var latest: [Any?]
        var finished: [Bool]
    }

    /// Emits `combine(latest)` whenever any upstream sends, once each has sent; fails with the first
    /// failure; finishes once every upstream has finished. A value sent from inside a delivery (by
    /// the subscriber, on its thread) only becomes its upstream's latest, as in Combine.
    func sinkCombiningLatest<Output, Failure>(
        _ count: Int,
        _ subscribe: IndexedSubscribe<Failure>,
        combine: @escaping ([Any]) -> Output,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let gate = Gate(
            CombineLatestState(
                latest: Array(repeating: nil, count: count),
                finished: Array(repeating: false, count: count)),
            receiveValue: receiveValue,
            receiveCompletion: receiveCompletion
        )
        for index in 0..<count {
            let subscription = subscribe(
                index,
                { value in
                    gate.update { state, outbox in
                        state.latest[index] = value
                        let all = state.latest.compactMap { $0 }
                        if all.count == count, !outbox.isInsideDelivery {
                            outbox.send(combine(all))
                        }
                    }
                },
                { completion in
                    gate.update { state, outbox in
                        state.finished[index] = true
                        if case .failure = completion {
                            outbox.finish(completion)
                        } else if !state.finished.contains(false) {
                            outbox.finish()
                        }
                    }
                }
            )
            gate.hold(subscription)
        }
        return AnyCancellable { gate.cancel() }
    }

    private struct ZipState {
        var queues: [FIFO<Any>]
        var finished: [Bool]
    }

    /// Emits `combine` of the oldest unpaired value of each upstream once all have one; finishes
    /// once an upstream has finished with nothing left to pair; fails with the first failure.
    func sinkZipping<Output, Failure>(
        _ count: Int,
        _ subscribe: IndexedSubscribe<Failure>,
        combine: @escaping ([Any]) -> Output,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let gate = Gate(
            ZipState(
                queues: Array(repeating: FIFO(), count: count),
                finished: Array(repeating: false, count: count)),
            receiveValue: receiveValue,
            receiveCompletion: receiveCompletion
        )
        func finishIfExhausted(
            _ state: ZipState, _ outbox: inout Gate<ZipState, Output, Failure>.Outbox
        ) {
            if zip(state.queues, state.finished).contains(where: { $0.isEmpty && $1 }) {
                outbox.finish()
            }
        }
        for index in 0..<count {
            let subscription = subscribe(
                index,
                { value in
                    gate.update { state, outbox in
                        state.queues[index].push(value)
                        guard !state.queues.contains(where: \.isEmpty) else { return }
                        let values = state.queues.indices.map { state.queues[$0].pop()! }
                        outbox.send(combine(values))
                        finishIfExhausted(state, &outbox)
                    }
                },
                { completion in
                    gate.update { state, outbox in
                        state.finished[index] = true
                        if case .failure = completion {
                            outbox.finish(completion)
                        } else {
                            finishIfExhausted(state, &outbox)
                        }
                    }
                }
            )
            gate.hold(subscription)
        }
        return AnyCancellable { gate.cancel() }
    }

    /// Forwards every upstream's values as they come; fails with the first failure; finishes once
    /// every upstream has finished.
    func sinkMerging<Output, Failure>(
        _ count: Int,
        _ subscribe: IndexedSubscribe<Failure>,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        guard count > 0 else {
            receiveCompletion(.finished)
            return AnyCancellable {}
        }
        let gate = Gate(0, receiveValue: receiveValue, receiveCompletion: receiveCompletion)
        for index in 0..<count {
            let subscription = subscribe(
                index,
                { value in gate.update { _, outbox in outbox.send(value as! Output) } },
                { completion in
                    gate.update { finished, outbox in
                        finished += 1
                        if case .failure = completion {
                            outbox.finish(completion)
                        } else if finished == count {
                            outbox.finish()
                        }
                    }
                }
            )
            gate.hold(subscription)
        }
        return AnyCancellable { gate.cancel() }
    }

    extension Publisher {
        /// Subscribes as upstream number `index` of a combining operator.
        func subscribe(
            _ value: @escaping (Any) -> Void,
            _ completion: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            sink(receiveCompletion: completion, receiveValue: { value($0) })
        }
    }
#endif
