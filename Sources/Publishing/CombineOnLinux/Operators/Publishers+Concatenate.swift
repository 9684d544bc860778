// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of all of one publisher's values, then, once it finishes, another's.
        public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
        where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
            /// The shared output type.
            public typealias Output = Suffix.Output
            /// The shared failure type.
            public typealias Failure = Suffix.Failure

            /// The publisher sent first.
            public let prefix: Prefix
            /// The publisher subscribed to once the first finishes.
            public let suffix: Suffix

            /// Sends `prefix`'s values, then `suffix`'s.
            public init(prefix: Prefix, suffix: Suffix) {
                self.prefix = prefix
                self.suffix = suffix
            }

            /// Attaches `subscriber` to the prefix, then to the suffix once the prefix finishes (a
            /// failure of the prefix ends the stream); its demand goes to the prefix, then what is
            /// still owed to the suffix, as in Combine.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let suffix = suffix
                let succession = Succession(
                    subscriber, of: Self.self,
                    unasked: .dropped, keepsSubscriber: true)
                // The suffix is held until the stream ends or is cancelled, as Combine's is,
                // whatever becomes of the prefix (which holds the closure that subscribes it).
                succession.accompany(AnyCancellable { withExtendedLifetime(suffix) {} })
                succession.subscribe(
                    prefix, stage: 0,
                    onFinish: {
                        succession.subscribe(suffix, stage: 1, as: { SuffixSubscriber(stage: $0) })
                        {
                            succession.fail($0)
                        }
                    },
                    onFailure: { succession.fail($0) })
            }
        }
    }

    /// The subscriber `append` attaches to its suffix: the stage's, under a type of its own, as
    /// Combine's suffix subscriber is not its prefix subscriber's type.
    private struct SuffixSubscriber<Upstream: Publisher, Downstream: Subscriber>: Subscriber,
        CombineReflecting
    where Upstream.Output == Downstream.Input {
        let stage: SuccessionStage<Upstream, Downstream>

        var combineIdentifier: CombineIdentifier { stage.combineIdentifier }
        var description: String { stage.description }
        var customMirror: Mirror { stage.customMirror }

        func receive(subscription: any Subscription) {
            stage.receive(subscription: subscription)
        }

        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            stage.receive(input)
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            stage.receive(completion: completion)
        }
    }

    extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

    extension Publisher {
        /// Sends `elements` before this publisher's values.
        ///
        /// - Parameter elements: The values sent first.
        /// - Returns: A publisher of `elements`, then this publisher's values.
        public func prepend(_ elements: Output...)
            -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self>
        {
            prepend(elements)
        }

        /// Sends a sequence's elements before this publisher's values.
        ///
        /// - Parameter elements: The values sent first.
        /// - Returns: A publisher of `elements`, then this publisher's values.
        public func prepend<S: Sequence>(_ elements: S)
            -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
        where S.Element == Output {
            Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
        }

        /// Sends another publisher's values, until it finishes, before this publisher's.
        ///
        /// - Parameter publisher: The publisher sent first.
        /// - Returns: A publisher of `publisher`'s values, then this publisher's.
        public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
        where P.Output == Output, P.Failure == Failure {
            Publishers.Concatenate(prefix: publisher, suffix: self)
        }

        /// Sends `elements` once this publisher finishes.
        ///
        /// - Parameter elements: The values sent last.
        /// - Returns: A publisher of this publisher's values, then `elements`.
        public func append(_ elements: Output...)
            -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>>
        {
            append(elements)
        }

        /// Sends a sequence's elements once this publisher finishes.
        ///
        /// - Parameter elements: The values sent last.
        /// - Returns: A publisher of this publisher's values, then `elements`.
        public func append<S: Sequence>(_ elements: S)
            -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
        where S.Element == Output {
            Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
        }

        /// Sends another publisher's values once this publisher finishes.
        ///
        /// - Parameter publisher: The publisher sent last.
        /// - Returns: A publisher of this publisher's values, then `publisher`'s.
        public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
        where P.Output == Output, P.Failure == Failure {
            Publishers.Concatenate(prefix: self, suffix: publisher)
        }
    }
#endif
