// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// Whether a value decided a reducing operator's result, or a later one may still change it.
    @usableFromInline
    package enum ReductionStep: Sendable {
        /// A later value may change the result (`reduce`, `count`, `last`).
        case proceed
        /// The result is final (`first`'s value, `contains`'s `true`): the upstream is cancelled,
        /// and the result goes out as soon as the subscriber has asked for something.
        case decided
    }

    /// How an operator that sends at most one value for its whole upstream (`reduce`, `count`,
    /// `first`, `contains`, …) makes that value: a result before any value, and a step that folds
    /// each value in.
    @usableFromInline
    package struct Reduction<Input, UpstreamFailure: Error, Output, Failure: Error> {
        /// The result before any value; `nil` for none (`first`, `max`), and then, if no value
        /// sets one, the stream finishes with no value.
        package var initial: Output?
        /// Folds one value into the result so far; a throw fails the stream (`tryReduce`).
        package var next: (inout Output?, Input) throws(Failure) -> ReductionStep
        /// The subscriber's failure for the upstream's.
        package var failure: (UpstreamFailure) -> Failure
        /// What the subscription's mirror shows for the result so far, where Combine's shows
        /// something else than its usual four children (`collect()`'s shows the count).
        package var mirrorChildren: ((Output?) -> [Mirror.Child])?
    }

    extension Reduction where UpstreamFailure == Failure {
        /// A reduction that fails only when its upstream does.
        package init(
            initial: Output?, next: @escaping (inout Output?, Input) -> ReductionStep
        ) {
            self.init(initial: initial, next: next, failure: { $0 })
        }
    }

    extension Reduction where Failure == any Error {
        /// A reduction whose step may throw (`tryReduce`, `tryFirst(where:)`, …): the stream then
        /// fails with the error, and the upstream is cancelled.
        package init(
            initial: Output?, next: @escaping (inout Output?, Input) throws -> ReductionStep
        ) {
            self.init(initial: initial, next: next, failure: { $0 })
        }
    }

    /// An operator that sends at most one value for its whole upstream, made by a ``Reduction``:
    /// Combine's reducing operators, all on one subscription.
    @usableFromInline
    package protocol ReducingOperator: Publisher {
        /// The publisher the operator subscribes to.
        associatedtype Upstream: Publisher
        /// The publisher the operator subscribes to.
        var upstream: Upstream { get }
        /// The reduction of one new subscription.
        func makeReduction() -> Reduction<Upstream.Output, Upstream.Failure, Output, Failure>
    }

    extension ReducingOperator {
        /// Attaches `subscriber` through a subscription that asks the upstream for every value and
        /// sends the result once the subscriber has asked for something.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            upstream.subscribe(
                ReducingSubscription(subscriber, of: Self.self, reduction: makeReduction()))
        }
    }

    /// One subscription through a ``ReducingOperator``: the upstream's subscriber and the
    /// subscriber's subscription, one object, as Combine's reducing operators' is (OpenCombine's
    /// tests, run against Combine too, look for the subscription in the upstream's subscriber).
    ///
    /// It asks the upstream for every value once the subscriber has its subscription, folds each
    /// in, and sends the result, then the finish, once the upstream has finished or a value
    /// decided it, and the subscriber has asked for something; a failure goes at once. Before
    /// the upstream's subscription comes, a value or a completion is ignored, a request kept,
    /// and a cancel does nothing, as in Combine.
    ///
    /// It holds its subscriber to the end and after, as Combine's does: a subscriber that keeps
    /// its subscription after the completion keeps both (a sink lets it go).
    ///
    /// Every mutable field is in `state`, behind its lock, and the subscriber and the step are
    /// called outside it. The step runs on the result taken out of the state, by the upstream's
    /// deliveries, which Combine's contract makes serial.
    private final class ReducingSubscription<
        Input, UpstreamFailure: Error, Downstream: Subscriber
    >: Subscriber, Subscription, CombineReflecting {
        typealias Failure = UpstreamFailure
        typealias Result = Downstream.Input

        /// Where the subscription stands; what the subscriber has asked for counts only as
        /// whether it has asked.
        private enum Stage {
            /// No subscription from the upstream yet.
            case awaitingSubscription(asked: Subscribers.Demand)
            /// The subscriber is being handed this subscription: the upstream is not asked for
            /// anything yet, and its completion, from another thread, waits for the hand-over.
            case handingOver(
                any Subscription, asked: Subscribers.Demand,
                completion: Subscribers.Completion<UpstreamFailure>?)
            /// Folding in the upstream's values.
            case reducing(any Subscription, asked: Subscribers.Demand)
            /// The result is final, and waits for the subscriber's first request.
            case awaitingDemand
            /// The result or the failure went out, or the subscriber cancelled.
            case ended

            /// The upstream's subscription, while it is kept.
            var upstream: (any Subscription)? {
                switch self {
                case .handingOver(let upstream, _, _), .reducing(let upstream, _): upstream
                case .awaitingSubscription, .awaitingDemand, .ended: nil
                }
            }

            /// Combine's name for the stage, which the mirror shows.
            var name: String {
                switch self {
                case .awaitingSubscription: "awaitingSubscription"
                case .handingOver, .reducing: "subscribed"
                case .awaitingDemand, .ended: "terminal"
                }
            }
        }

        private struct State {
            var stage = Stage.awaitingSubscription(asked: .none)
            /// The result so far; out of the state while a value is folded in.
            var result: Result?
        }

        /// What the thread that handed the subscription over does next.
        private enum AfterHandOver {
            case askUpstream(any Subscription)
            case complete(Subscribers.Completion<UpstreamFailure>)
            case nothing
        }

        private let downstream: Downstream
        private let reduction: Reduction<Input, UpstreamFailure, Result, Downstream.Failure>
        private let state: Locked<State>
        /// The operator's type, which names this subscription.
        private let publisherType: Any.Type

        init(
            _ downstream: Downstream, of publisherType: Any.Type,
            reduction: Reduction<Input, UpstreamFailure, Result, Downstream.Failure>
        ) {
            self.downstream = downstream
            self.publisherType = publisherType
            self.reduction = reduction
            state = Locked(State(result: reduction.initial))
        }

        var description: String { subscriptionDescription(of: publisherType) }

        /// Combine's children: the subscriber, the result so far, the initial result and the
        /// stage, unless the operator shows others.
        var customMirror: Mirror {
            let (result, stage) = state.withLock { ($0.result, $0.stage.name) }
            if let children = reduction.mirrorChildren {
                return Mirror(self, children: children(result))
            }
            let children: [Mirror.Child] = [
                ("downstream", downstream), ("result", result as Any),
                ("initial", reduction.initial as Any), ("status", stage),
            ]
            return Mirror(self, children: children)
        }

        func receive(subscription: any Subscription) {
            let isFirst = state.withLock { state in
                guard case .awaitingSubscription(let asked) = state.stage else { return false }
                state.stage = .handingOver(subscription, asked: asked, completion: nil)
                return true
            }
            guard isFirst else { return subscription.cancel() }
            downstream.receive(subscription: self)
            let next = state.withLock { state -> AfterHandOver in
                // Unless the subscriber cancelled while it was handed the subscription.
                guard case .handingOver(let upstream, let asked, let completion) = state.stage
                else { return .nothing }
                state.stage = .reducing(upstream, asked: asked)
                return completion.map(AfterHandOver.complete) ?? .askUpstream(upstream)
            }
            switch next {
            case .askUpstream(let upstream): upstream.request(.unlimited)
            case .complete(let completion): receive(completion: completion)
            case .nothing: break
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            // `nil` unless reducing: a value before the upstream was asked is ignored.
            let taken = state.withLock { state -> Result?? in
                guard case .reducing = state.stage else { return nil }
                return .some(state.result.take())
            }
            guard var result = taken else { return .none }
            let step: ReductionStep
            do {
                step = try reduction.next(&result, input)
            } catch {
                fail(with: error)
                return .none
            }
            let decided = state.withLock { state -> (upstream: any Subscription, isAsked: Bool)? in
                state.result = result
                guard case .decided = step, case .reducing(let upstream, let asked) = state.stage
                else { return nil }
                state.stage = asked > .none ? .ended : .awaitingDemand
                return (upstream, asked > .none)
            }
            guard let decided else { return .none }
            // Cancelled before the result goes out, as in Combine: the subscriber may send to
            // the upstream when it receives it.
            decided.upstream.cancel()
            if decided.isAsked { sendResult() }
            return .none
        }

        func receive(completion: Subscribers.Completion<UpstreamFailure>) {
            let (upstream, isResultDue, failure) = state.withLock {
                state -> ((any Subscription)?, Bool, UpstreamFailure?) in
                switch state.stage {
                case .handingOver(let upstream, let asked, nil):
                    state.stage = .handingOver(upstream, asked: asked, completion: completion)
                    return (nil, false, nil)
                case .reducing(let upstream, let asked):
                    switch completion {
                    case .finished:
                        state.stage = asked > .none ? .ended : .awaitingDemand
                        return (upstream, asked > .none, nil)
                    case .failure(let error):
                        state.stage = .ended
                        return (upstream, false, error)
                    }
                case .awaitingSubscription, .handingOver, .awaitingDemand, .ended:
                    return (nil, false, nil)
                }
            }
            // The upstream has ended itself: its subscription is only let go, after the lock.
            withExtendedLifetime(upstream) {}
            if let failure {
                downstream.receive(completion: .failure(reduction.failure(failure)))
            } else if isResultDue {
                sendResult()
            }
        }

        func request(_ demand: Subscribers.Demand) {
            guard demand > .none else { return }
            let isResultDue = state.withLock { state in
                switch state.stage {
                case .awaitingSubscription(let asked):
                    state.stage = .awaitingSubscription(asked: asked + demand)
                case .handingOver(let upstream, let asked, let completion):
                    state.stage = .handingOver(
                        upstream, asked: asked + demand, completion: completion)
                case .reducing(let upstream, let asked):
                    state.stage = .reducing(upstream, asked: asked + demand)
                case .awaitingDemand:
                    state.stage = .ended
                    return true
                case .ended:
                    break
                }
                return false
            }
            if isResultDue { sendResult() }
        }

        func cancel() {
            let released = state.withLock { state -> ((any Subscription)?, Result?) in
                switch state.stage {
                case .handingOver, .reducing, .awaitingDemand:
                    let upstream = state.stage.upstream
                    state.stage = .ended
                    return (upstream, state.result.take())
                case .awaitingSubscription, .ended:
                    return (nil, nil)
                }
            }
            released.0?.cancel()
            // The result is let go after the lock: a release may run user code.
            withExtendedLifetime(released.1) {}
        }

        /// Ends the stream with a step's error, and cancels the upstream first, as Combine does.
        private func fail(with error: Downstream.Failure) {
            let upstream = state.withLock { state -> (any Subscription)? in
                guard case .reducing(let upstream, _) = state.stage else { return nil }
                state.stage = .ended
                return upstream
            }
            guard let upstream else { return }
            upstream.cancel()
            downstream.receive(completion: .failure(error))
        }

        /// Sends the result, if there is one, and the finish: called once, by the thread that
        /// ended the stage.
        private func sendResult() {
            if let result = state.withLock({ $0.result.take() }) {
                _ = downstream.receive(result)
            }
            downstream.receive(completion: .finished)
        }
    }
#endif
