// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers.Output {
        /// Attaches `subscriber`: the values at the positions in the range go on, the value
        /// after it finishes the stream and cancels the upstream; the demand goes straight to
        /// the upstream.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // A sink asks for every value: the steps go straight in, with nothing to count.
            guard !attachIfSink(subscriber) else { return }
            upstream.subscribe(OutputSubscription(subscriber, range: range))
        }
    }

    /// One subscription through `output(in:)` and `prefix(_:)`, as Combine's: it counts the
    /// values whatever else has happened, so that a value an upstream sends outside the
    /// protocol (before its subscription, after its completion, or after a cancel) is counted and
    /// sent on, or skipped, as Combine sends or skips it; only the completion and the
    /// subscription's calls depend on where the subscription is.
    ///
    /// The subscriber is called only from the upstream's deliveries, which Combine's contract
    /// makes serial: the upstream's own delivery rule is this subscription's.
    // @unchecked: every mutable field is in `state`, behind its lock; the subscriber and the
    // upstream are called after it is released.
    private final class OutputSubscription<Downstream: Subscriber>: Subscriber, Subscription,
        // @unchecked: see above.
        @unchecked Sendable
    {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure

        private enum Status {
            case awaitingSubscription
            case subscribed(any Subscription)
            /// Cancelled, completed, or finished past the range.
            case terminal
        }

        private struct State {
            var status = Status.awaitingSubscription
            /// Values still to skip before the range.
            var untilStart: Int
            /// Values of the range still to send.
            var remaining: Int
        }

        /// What becomes of a value.
        private enum Step {
            case skip, send
            /// Past the range: finish, cancelling the upstream, if still subscribed.
            case finish((any Subscription)?)
        }

        private let downstream: Downstream
        private let state: Locked<State>

        init(_ downstream: Downstream, range: CountableRange<Int>) {
            self.downstream = downstream
            state = Locked(State(untilStart: range.lowerBound, remaining: range.count))
        }

        func receive(subscription: any Subscription) {
            let isFirst = state.withLock { state in
                guard case .awaitingSubscription = state.status else { return false }
                state.status = .subscribed(subscription)
                return true
            }
            guard isFirst else { return subscription.cancel() }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            // Counted before it is sent: a value sent from inside its delivery comes at once,
            // and takes the next position.
            let step = state.withLock { state -> Step in
                if state.untilStart > 0 {
                    state.untilStart -= 1
                    return .skip
                }
                if state.remaining > 0 {
                    state.remaining -= 1
                    return .send
                }
                guard case .subscribed(let upstream) = state.status else { return .finish(nil) }
                state.status = .terminal
                return .finish(upstream)
            }
            switch step {
            case .skip:
                // The skipped value is asked for again.
                return .max(1)
            case .send:
                return downstream.receive(input)
            case .finish(let upstream):
                guard let upstream else { return .none }
                upstream.cancel()
                downstream.receive(completion: .finished)
                return .none
            }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard end() != nil else { return }
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            let upstream = state.withLock { state -> (any Subscription)? in
                if case .subscribed(let upstream) = state.status { upstream } else { nil }
            }
            upstream?.request(demand)
        }

        func cancel() {
            end()?.cancel()
        }

        /// Ends the subscription, returning the upstream's subscription if it was subscribed.
        @discardableResult
        private func end() -> (any Subscription)? {
            state.withLock { state in
                guard case .subscribed(let upstream) = state.status else { return nil }
                state.status = .terminal
                return upstream
            }
        }
    }

    extension OutputSubscription: CombineReflecting {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "Output" }
    }
#endif
