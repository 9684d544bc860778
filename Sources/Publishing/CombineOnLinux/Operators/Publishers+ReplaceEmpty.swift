// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that sends a value if its upstream finishes without sending any.
        public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher that may finish empty.
            public let upstream: Upstream
            /// The value sent if it does.
            public let output: Output

            /// Sends `output` if `upstream` finishes without sending a value.
            ///
            /// - Parameters:
            ///   - upstream: The publisher that may finish empty.
            ///   - output: The value sent if it does.
            public init(upstream: Upstream, output: Output) {
                self.upstream = upstream
                self.output = output
            }

            /// Attaches `subscriber` as Combine's does: it is handed the subscription when the
            /// upstream's comes, and the upstream is then asked for every value (the
            /// subscriber's requests go to it too); each value is passed on as it comes. If the
            /// upstream finishes having sent nothing, ``output`` and the finish go out (at the
            /// subscriber's first request if it has asked for nothing yet). A failure is
            /// forwarded as it is.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                upstream.subscribe(ReplaceEmptySubscription(subscriber, output: output))
            }
        }
    }

    /// One subscription through `replaceEmpty(with:)`: the upstream's subscriber and the
    /// subscriber's subscription, as Combine's inner object is.
    // @unchecked: the mutable fields are in `state`, behind its lock; `downstream` locks itself.
    private final class ReplaceEmptySubscription<Downstream: Subscriber>: Subscriber,
        // @unchecked: see above.
        Subscription, CombineReflecting, @unchecked Sendable
    {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure

        /// Where the subscription is: one state at a time, each holding what it owns.
        private enum Lifecycle {
            /// Nothing is taken in, asked for or cancelled before the upstream's subscription,
            /// as in Combine: a cancel meanwhile leaves that subscription to come.
            case awaitingSubscription
            case subscribed(any Subscription)
            /// The upstream finished with no value before the subscriber asked for anything:
            /// the replacement goes at its first request.
            case finishedEmpty
            /// Ended: a second subscription is cancelled, and nothing more is sent or asked.
            case terminal
        }

        private struct State {
            var lifecycle = Lifecycle.awaitingSubscription
            var hasSentValue = false
            var hasAsked = false
        }

        private enum Ending {
            case forward(Subscribers.Completion<Failure>)
            case replace
        }

        private let state = Locked(State())
        private let output: Input
        private let downstream: SerialDownstream<Downstream>
        /// Held for the subscription's life, as Combine's holds it (`downstream` lets go at the
        /// end): a subscriber that keeps its subscription is kept with it until it lets it go.
        private let subscriber: Downstream

        var description: String { "ReplaceEmpty" }

        init(_ subscriber: Downstream, output: Input) {
            self.subscriber = subscriber
            self.output = output
            downstream = SerialDownstream(subscriber)
        }

        func receive(subscription: any Subscription) {
            let isKept = state.withLock { state in
                guard case .awaitingSubscription = state.lifecycle else { return false }
                state.lifecycle = .subscribed(subscription)
                return true
            }
            guard isKept else { return subscription.cancel() }
            downstream.receive(subscription: self)
            // As Combine's: every value is asked for, whatever the subscriber asks.
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let isLive = state.withLock { state in
                guard case .subscribed = state.lifecycle else { return false }
                state.hasSentValue = true
                return true
            }
            return isLive ? downstream.send(input) : .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let ending = state.withLock { state -> Ending? in
                guard case .subscribed = state.lifecycle else { return nil }
                guard case .finished = completion, !state.hasSentValue else {
                    state.lifecycle = .terminal
                    return .forward(completion)
                }
                guard state.hasAsked else {
                    state.lifecycle = .finishedEmpty
                    return nil
                }
                state.lifecycle = .terminal
                return .replace
            }
            end(ending)
        }

        func request(_ demand: Subscribers.Demand) {
            demand.requireSomeValues()
            var ending: Ending?
            let upstream = state.withLock { state -> (any Subscription)? in
                state.hasAsked = true
                switch state.lifecycle {
                case .subscribed(let upstream): return upstream
                case .finishedEmpty:
                    state.lifecycle = .terminal
                    ending = .replace
                    return nil
                case .awaitingSubscription, .terminal: return nil
                }
            }
            upstream?.request(demand)
            end(ending)
        }

        func cancel() {
            let upstream = state.withLock { state -> (any Subscription)? in
                switch state.lifecycle {
                case .subscribed(let upstream):
                    state.lifecycle = .terminal
                    return upstream
                case .finishedEmpty:
                    state.lifecycle = .terminal
                    return nil
                case .awaitingSubscription, .terminal: return nil
                }
            }
            guard let upstream else { return }
            downstream.cancel()
            upstream.cancel()
        }

        private func end(_ ending: Ending?) {
            switch ending {
            case .forward(let completion): downstream.complete(completion)
            case .replace:
                _ = downstream.send(output)
                downstream.complete(.finished)
            case nil: break
            }
        }
    }

    extension Publishers.ReplaceEmpty: Equatable
    where Upstream: Equatable, Upstream.Output: Equatable {}

    extension Publisher {
        /// Sends a value if the upstream finishes without sending any.
        ///
        /// - Parameter output: The value sent for an empty upstream.
        /// - Returns: A publisher that sends at least one value before finishing.
        public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
            Publishers.ReplaceEmpty(upstream: self, output: output)
        }
    }
#endif
