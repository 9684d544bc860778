// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`: a second publisher's first value
    // ends the stream, or starts it. Both publishers may send from any thread, so events go
    // through a ``Gate``. A value passes straight on, so a value nobody asked for meets the
    // upstream's own rule.

    extension Publishers {
        /// A publisher of its upstream's values until another publisher sends one.
        public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are sent.
            public let upstream: Upstream
            /// The publisher whose first value finishes the stream.
            public let other: Other

            /// Sends `upstream`'s values until `other` sends one.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are sent.
            ///   - other: The publisher whose first value finishes the stream.
            public init(upstream: Upstream, other: Other) {
                self.upstream = upstream
                self.other = other
            }

            /// What the upstream does with a value nobody has asked for.
            @inlinable
            package var valuesWithoutDemand: ValuesWithoutDemand {
                Publishing.valuesWithoutDemand(of: upstream)
            }

            /// Subscribes to `other`, then to the upstream; `other`'s first value finishes the
            /// stream and cancels both; `other` ending without one changes nothing.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let gate = Gate(
                    (), receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                let key = gate.reserve()
                gate.hold(
                    other.sink(
                        receiveCompletion: { _ in gate.release(key) },
                        receiveValue: { _ in gate.update { _, outbox in outbox.finish() } }),
                    as: key)
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            gate.update { _, outbox in outbox.finish(completion) }
                        },
                        receiveValue: { value in gate.update { _, outbox in outbox.send(value) } }
                    ))
                return AnyCancellable { gate.cancel() }
            }
        }

        /// A publisher of its upstream's values from when another publisher sends one.
        public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: ClosurePublisher
        where Upstream.Failure == Other.Failure {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstreams' failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are sent.
            public let upstream: Upstream
            /// The publisher whose first value starts the stream.
            public let other: Other

            /// Drops `upstream`'s values until `other` sends one.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are sent.
            ///   - other: The publisher whose first value starts the stream.
            public init(upstream: Upstream, other: Other) {
                self.upstream = upstream
                self.other = other
            }

            /// What the upstream does with a value nobody has asked for.
            @inlinable
            package var valuesWithoutDemand: ValuesWithoutDemand {
                Publishing.valuesWithoutDemand(of: upstream)
            }

            /// Subscribes to `other`, then to the upstream; the upstream's values go out once
            /// `other` has sent one; `other` ending without one ends the stream the same way.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let gate = Gate(
                    false, receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                let key = gate.reserve()
                gate.hold(
                    other.sink(
                        receiveCompletion: { completion in
                            gate.update { isStarted, outbox in
                                if !isStarted { outbox.finish(completion) }
                            }
                            gate.release(key)
                        },
                        receiveValue: { _ in
                            gate.update { isStarted, _ in isStarted = true }
                            gate.cancelUpstream(key)
                        }),
                    as: key)
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            gate.update { _, outbox in outbox.finish(completion) }
                        },
                        receiveValue: { value in
                            gate.update { isStarted, outbox in
                                if isStarted { outbox.send(value) }
                            }
                        }))
                return AnyCancellable { gate.cancel() }
            }
        }
    }

    extension Publisher {
        /// Sends values until `publisher` sends one, then finishes.
        ///
        /// ```swift
        /// ticks.prefix(untilOutputFrom: viewModel.$isDone.filter { $0 })
        /// ```
        ///
        /// - Parameter publisher: The publisher whose first value finishes the stream.
        /// - Returns: A publisher of the values before it.
        public func prefix<P: Publisher>(untilOutputFrom publisher: P)
            -> Publishers.PrefixUntilOutput<Self, P>
        {
            Publishers.PrefixUntilOutput(upstream: self, other: publisher)
        }

        /// Drops values until `publisher` sends one, then sends the rest.
        ///
        /// - Parameter publisher: The publisher whose first value starts the stream.
        /// - Returns: A publisher of the values after it.
        public func drop<P: Publisher>(untilOutputFrom publisher: P)
            -> Publishers.DropUntilOutput<Self, P> where P.Failure == Failure
        {
            Publishers.DropUntilOutput(upstream: self, other: publisher)
        }
    }
#endif
