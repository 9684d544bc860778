// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // How flatMap's subscription delivers: the values kept while nothing was asked, then the
    // completion; and how it ends at a failure.
    extension FlatMapSubscription {
        /// Sends what the demand allows of the kept values, then the completion once the
        /// upstream and every inner publisher have finished and nothing is kept, or a failure
        /// that waited; unless another thread is delivering: that one goes on with it.
        ///
        /// - Parameter more: What a delivery, made in a turn the caller claimed, has just
        ///   returned: the turn goes on here.
        @inlinable
        func drain(adding more: Subscribers.Demand? = nil) {
            var returned = more ?? .none
            if more == nil {
                guard state.withLock({ $0.turn.claim(.nested) }) else { return }
            }
            DeliveryTurn.loop(
                nil,
                next: {
                    state.withLock { state -> Delivery? in
                        state.demand += returned
                        returned = .none
                        return state.turn.proceed(to: next(&state))
                    }
                },
                deliver: { delivery in
                    switch delivery {
                    case .value(let downstream, let value, let askAgain):
                        returned = downstream.receive(value)
                        // The value kept was the one it was asked for: one more in its place.
                        askAgain?.request(.max(1))
                    case .completion(let downstream, let completion, let released):
                        withExtendedLifetime(released) {}
                        downstream.receive(completion: completion)
                    }
                })
        }

        /// What the turn delivers next, under the lock.
        @inlinable
        func next(_ state: inout State) -> Delivery? {
            switch state.stage {
            case .completed, .closed:
                return nil
            case .failing(let downstream, let failure):
                state.stage = .completed(downstream)
                return .completion(downstream, .failure(failure), released: nil)
            case .open(let downstream):
                if state.demand > .none, let next = state.kept.pop() {
                    let askAgain =
                        state.demand == .unlimited ? nil : state.inners[next.inner]?.subscription
                    state.demand -= 1
                    return .value(downstream, next.value, askAgain: askAgain)
                }
                guard state.upstream.isEnded, state.inners.isEmpty, state.kept.isEmpty else {
                    return nil
                }
                state.stage = .completed(downstream)
                return .completion(downstream, .finished, released: state.upstream.end())
            }
        }

        /// Ends the stream with `error`, from the upstream (`inner` is `nil`) or an inner
        /// publisher: the other inner publishers are cancelled first; the upstream, after an
        /// inner publisher's failure, is let go of uncancelled, as Combine's lets it go; the
        /// values kept are dropped.
        @inlinable
        func fail(_ error: Failure, by inner: Int?) {
            typealias Taken = (
                downstream: Downstream?, upstream: Link?, all: [Int: Link],
                kept: FIFO<(inner: Int, value: Value)>
            )
            let taken = state.withLock { state -> Taken? in
                guard case .open(let downstream) = state.stage else { return nil }
                // Every inner's link is taken out, to be released after the lock (a sink's token
                // cancels as it goes): the others are cancelled, the failing one let go.
                let all = state.inners
                state.inners = [:]
                let kept = state.kept
                state.kept = FIFO()
                // Sent at once, unless another thread is delivering: that one sends it after.
                let isNow = state.turn.mayDeliver
                state.stage = isNow ? .completed(downstream) : .failing(downstream, error)
                if inner == nil { state.cancellingForUpstreamFailure = .current }
                // After an inner publisher's failure the upstream is let go uncancelled, as
                // Combine's lets it go; a sink's token would cancel as it went, so it stays
                // until the upstream ends or the subscriber cancels.
                if inner != nil, case .attached(.sunk) = state.upstream {
                    return (isNow ? downstream : nil, nil, all, kept)
                }
                return (isNow ? downstream : nil, state.upstream.end(), all, kept)
            }
            guard let taken else { return }
            let failing = inner.flatMap { taken.all[$0] }
            for (key, link) in taken.all where key != inner { link.cancel() }
            if inner == nil { state.withLock { $0.cancellingForUpstreamFailure = nil } }
            withExtendedLifetime((failing, taken.upstream, taken.kept)) {}
            taken.downstream?.receive(completion: .failure(error))
        }
    }
#endif
