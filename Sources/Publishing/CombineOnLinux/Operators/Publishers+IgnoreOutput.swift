// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that forwards nothing but its upstream's completion.
        public struct IgnoreOutput<Upstream: Publisher>: Publisher {
            /// It sends no values.
            public typealias Output = Never
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are ignored.
            public let upstream: Upstream

            /// Forwards nothing but the completion of `upstream`.
            ///
            /// - Parameter upstream: The publisher whose values are ignored.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Subscribes `subscriber` to the upstream: it gets the upstream's own subscription,
            /// as in Combine, and the upstream is asked for every value after it.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Never, Downstream.Failure == Failure {
                upstream.subscribe(
                    IgnoringSubscriber<Upstream.Output, Downstream>(downstream: subscriber))
            }
        }
    }

    extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

    /// `ignoreOutput()`'s subscriber, which keeps no state: it hands its subscriber the upstream's
    /// own subscription, so requests and cancels go straight to the upstream, and passes on
    /// every subscription and completion it gets, as Combine's does (OpenCombine's
    /// IgnoreOutputTests, run against Combine too, record a second completion passed on).
    private struct IgnoringSubscriber<Input, Downstream: Subscriber>: Subscriber, CombineReflecting
    where Downstream.Input == Never {
        typealias Failure = Downstream.Failure

        let downstream: Downstream
        let combineIdentifier = CombineIdentifier()

        var description: String { "IgnoreOutput" }

        func receive(subscription: any Subscription) {
            downstream.receive(subscription: subscription)
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand { .none }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }

    extension Publisher {
        /// Forwards only the completion.
        ///
        /// - Returns: A publisher of no values.
        public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
            Publishers.IgnoreOutput(upstream: self)
        }
    }
#endif
