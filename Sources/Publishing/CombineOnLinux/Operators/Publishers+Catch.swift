// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that replaces a failed upstream with another publisher.
        public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
        where Upstream.Output == NewPublisher.Output {
            /// The values of the upstream, then of the replacement.
            public typealias Output = Upstream.Output
            /// The replacement's failure type.
            public typealias Failure = NewPublisher.Failure

            /// The publisher that may fail.
            public let upstream: Upstream
            /// Makes the replacement from the upstream's error.
            public let handler: (Upstream.Failure) -> NewPublisher

            /// Replaces `upstream`, if it fails, with the publisher `handler` makes from the error.
            ///
            /// - Parameters:
            ///   - upstream: The publisher that may fail.
            ///   - handler: Makes the replacement from the upstream's error.
            public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
                self.upstream = upstream
                self.handler = handler
            }

            /// Attaches `subscriber` to the upstream; if it fails, to `handler(error)` instead (the
            /// upstream is never subscribed again). Its demand goes to the upstream, and, after a
            /// failure, what is still owed to the publisher the handler returns, as in Combine.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let handler = handler
                let succession = Succession(
                    subscriber, of: Self.self,
                    unasked: .trapped, reflection: .downstreamAndDemand, traps: .secondFailure,
                    afterEnd: .valuesDelivered)
                succession.subscribe(upstream, stage: 0) { error in
                    succession.subscribe(handler(error), stage: 1) { succession.fail($0) }
                }
            }
        }

        /// A publisher that replaces a failed upstream with a publisher a throwing closure makes.
        public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
        where Upstream.Output == NewPublisher.Output {
            /// The values of the upstream, then of the replacement.
            public typealias Output = Upstream.Output
            /// Any error: the replacement's, or the one the handler throws.
            public typealias Failure = any Error

            /// The publisher that may fail.
            public let upstream: Upstream
            /// Makes the replacement from the upstream's error, or throws.
            public let handler: (Upstream.Failure) throws -> NewPublisher

            /// Replaces `upstream`, if it fails, with the publisher `handler` makes, or fails with what it throws.
            ///
            /// - Parameters:
            ///   - upstream: The publisher that may fail.
            ///   - handler: Makes the replacement from the upstream's error, or throws.
            public init(
                upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher
            ) {
                self.upstream = upstream
                self.handler = handler
            }

            /// Attaches `subscriber`: its demand goes to the upstream, and, after a failure, what
            /// is still owed to the publisher the handler returns, as in Combine; a throw fails
            /// the stream.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let handler = handler
                let succession = Succession(
                    subscriber, of: Self.self,
                    unasked: .trapped, reflection: .downstreamAndDemand, traps: .secondFailure,
                    afterEnd: .valuesDelivered)
                succession.subscribe(upstream, stage: 0) { error in
                    do {
                        succession.subscribe(try handler(error), stage: 1) {
                            succession.fail($0 as any Error)
                        }
                    } catch {
                        succession.fail(error)
                    }
                }
            }
        }
    }

    extension Publisher {
        /// Replaces a failure with the publisher `handler` makes from the error.
        ///
        /// ```swift
        /// service.fetchItems().catch { _ in Just([]) }
        /// ```
        ///
        /// - Parameter handler: Makes the replacement publisher.
        /// - Returns: A publisher of the upstream's values, then the replacement's.
        public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P)
            -> Publishers.Catch<Self, P>
        where Output == P.Output {
            Publishers.Catch(upstream: self, handler: handler)
        }

        /// Replaces a failure with the publisher `handler` makes, or fails with what it throws.
        ///
        /// - Parameter handler: Makes the replacement publisher, or throws.
        /// - Returns: A publisher of the upstream's values, then the replacement's.
        public func tryCatch<P: Publisher>(_ handler: @escaping (Failure) throws -> P)
            -> Publishers.TryCatch<Self, P> where Output == P.Output
        {
            Publishers.TryCatch(upstream: self, handler: handler)
        }
    }
#endif
