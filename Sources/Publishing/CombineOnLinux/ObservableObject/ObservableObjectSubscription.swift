// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// One subscription to an ``ObservableObjectPublisher``, as Combine's: the subscriber's
    /// first request, of any size, lets every later change through, counted or not, since a
    /// change announcement is a signal to look again, not a value to ration.
    // @unchecked: every mutable field is in `state`, behind its lock; the subscriber is called
    // after it is released, one change at a time (the relay delivers them in turn).
    final class ObservableObjectSubscription<Downstream: Subscriber>: Subscription,
        CombineReflecting,
        // @unchecked: see above.
        @unchecked Sendable
    where Downstream.Input == Void, Downstream.Failure == Never {
        private enum Stage {
            /// Changes pass the subscriber by until it asks.
            case awaitingRequest(Downstream)
            case open(Downstream)
            case cancelled
        }

        private struct State {
            var stage: Stage
            /// The subscription to the publisher's relay, once attached.
            var token: AnyCancellable?
        }

        private let state: Locked<State>

        var description: String { "ObservableObjectPublisher" }

        /// The subscriber, while the subscription lives, as Combine's shows.
        var customMirror: Mirror {
            let downstream = state.withLock { state -> Downstream? in
                switch state.stage {
                case .awaitingRequest(let downstream), .open(let downstream): downstream
                case .cancelled: nil
                }
            }
            return Mirror(self, children: [("downstream", downstream as Any)])
        }

        init(_ downstream: Downstream) {
            state = Locked(State(stage: .awaitingRequest(downstream)))
        }

        /// Keeps `token`, what connects this subscription to the publisher, or cancels it if
        /// the subscriber has cancelled already.
        func attach(_ token: AnyCancellable) {
            let isCancelled = state.withLock { state in
                if case .cancelled = state.stage { return true }
                state.token = token
                return false
            }
            if isCancelled { token.cancel() }
        }

        /// Tells the subscriber of a change, if it has asked for anything.
        func signal() {
            let downstream = state.withLock { state -> Downstream? in
                if case .open(let downstream) = state.stage { downstream } else { nil }
            }
            _ = downstream?.receive(())
        }

        func request(_ demand: Subscribers.Demand) {
            state.withLock { state in
                if case .awaitingRequest(let downstream) = state.stage {
                    state.stage = .open(downstream)
                }
            }
        }

        func cancel() {
            // Released after the lock: a release may run user code.
            let (stage, token) = state.withLock { state in
                defer { state.stage = .cancelled }
                return (state.stage, state.token.take())
            }
            token?.cancel()
            withExtendedLifetime(stage) {}
        }
    }
#endif
