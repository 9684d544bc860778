// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// What an operator that keeps no subscription of its own does with each event: Combine's
    /// `map`, `filter`, `scan`, `mapError`, … subscribe to their upstream with a subscriber that
    /// hands the upstream's own subscription on, so the subscriber's requests and cancel reach
    /// the upstream directly, and every event the upstream sends is passed on as it comes.
    @usableFromInline
    package struct Passing<Input, UpstreamFailure: Error, Output, Failure: Error> {
        /// The value to send for an upstream value, or `nil` to drop it: a dropped value asks
        /// the upstream for one more in its place, as Combine's `filter` does.
        package var value: (Input) -> Output?
        /// The completion to send for the upstream's.
        package var completion:
            (Subscribers.Completion<UpstreamFailure>) -> Subscribers.Completion<Failure>
        /// What the subscriber shows in a mirror, given its downstream (`scan`'s downstream and
        /// result so far), or `nil` for a mirror with no children, as most of Combine's show.
        package var children: ((_ downstream: Any) -> [Mirror.Child])?

        package init(
            value: @escaping (Input) -> Output?,
            completion: @escaping (UpstreamCompletion) -> Subscribers.Completion<Failure>,
            children: ((_ downstream: Any) -> [Mirror.Child])? = nil
        ) {
            self.value = value
            self.completion = completion
            self.children = children
        }
    }

    extension Passing {
        /// The upstream's completion.
        package typealias UpstreamCompletion = Subscribers.Completion<UpstreamFailure>
    }

    extension Passing where UpstreamFailure == Failure {
        /// Passing that hands the upstream's completion on unchanged.
        package init(
            value: @escaping (Input) -> Output?,
            children: ((_ downstream: Any) -> [Mirror.Child])? = nil
        ) {
            self.init(value: value, completion: { $0 }, children: children)
        }
    }

    /// A ``StepOperator`` that, as its Combine counterpart, keeps no subscription of its own:
    /// a subscriber other than a `sink` receives the upstream's subscription, through a
    /// subscriber that passes each event on as ``Passing`` says. A `sink` still takes the
    /// steps, which ``makeSteps()`` makes from the same passing unless the operator writes its
    /// own.
    @usableFromInline
    package protocol PassThroughOperator: StepOperator {
        /// What the subscriber to the upstream calls itself, as Combine's does: "Map",
        /// "ValueForKey".
        static var subscriberName: String { get }
        /// The passing of one new subscription, with whatever state it keeps.
        func makePassing() -> Passing<Upstream.Output, Upstream.Failure, Output, Failure>
    }

    extension PassThroughOperator {
        @usableFromInline
        package static var subscriberName: String {
            // "Map<PassthroughSubject<Int, Never>, String>" names the operator first.
            String(String(describing: Self.self).prefix { $0 != "<" })
        }

        /// Sends what the passing sends; a dropped value sends nothing.
        @usableFromInline
        package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
            let passing = makePassing()
            return Steps(
                value: { value, downstream in
                    if let output = passing.value(value) { downstream.send(output) }
                },
                completion: { completion, downstream in
                    downstream.finish(passing.completion(completion))
                })
        }

        /// Attaches `subscriber` to the upstream through a subscriber that hands it the
        /// upstream's own subscription.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            // A sink asks for every value: the closures go straight in, with nothing to count.
            guard !attachIfSink(subscriber) else { return }
            upstream.subscribe(
                PassingSubscriber<Upstream, Downstream>(
                    subscriber, passing: makePassing(), name: Self.subscriberName))
        }
    }

    /// The subscriber a ``PassThroughOperator`` subscribes to its upstream with: it holds no
    /// state of its own, so it neither checks nor orders events, as Combine's does not; what
    /// an upstream sends out of turn reaches the subscriber as it was sent.
    private struct PassingSubscriber<Upstream: Publisher, Downstream: Subscriber>: Subscriber,
        CombineReflecting
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let combineIdentifier = CombineIdentifier()
        private let downstream: Downstream
        private let passing: Passing<Input, Failure, Downstream.Input, Downstream.Failure>
        let description: String

        init(
            _ downstream: Downstream,
            passing: Passing<Input, Failure, Downstream.Input, Downstream.Failure>, name: String
        ) {
            self.downstream = downstream
            self.passing = passing
            description = name
        }

        var customMirror: Mirror {
            guard let children = passing.children else {
                return Mirror(self, children: EmptyCollection())
            }
            return Mirror(self, children: children(downstream))
        }

        func receive(subscription: any Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard let output = passing.value(input) else { return .max(1) }
            return downstream.receive(output)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: passing.completion(completion))
        }
    }
#endif
