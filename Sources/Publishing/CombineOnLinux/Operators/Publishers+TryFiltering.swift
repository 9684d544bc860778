// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // The throwing forms of drop(while:), prefix(while:) and removeDuplicates(by:): a throw fails
    // the stream with the error and cancels the upstream; demand passes on as through the
    // non-throwing forms.

    extension Publishers {
        /// A publisher that drops values while a throwing predicate holds, then sends the rest.
        public struct TryDropWhile<Upstream: Publisher>: StepOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are dropped.
            public let upstream: Upstream
            /// Whether to drop a value, or throws.
            public let predicate: (Upstream.Output) throws -> Bool

            /// Drops `upstream`'s values while `predicate` holds.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are dropped.
            ///   - predicate: Whether to drop a value, or throws.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Drops values while the predicate holds, then sends the rest.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let predicate = predicate
                var isDropping = true
                var steps = Steps<Upstream.Output, Upstream.Failure, Output, Failure>(
                    value: { value, downstream in
                        do {
                            if isDropping { isDropping = try predicate(value) }
                            if !isDropping { downstream.send(value) }
                        } catch {
                            downstream.fail(error)
                        }
                    },
                    completion: { completion, downstream in
                        downstream.finish(completion.mapError { $0 as any Error })
                    })
                steps.requiresDemand = true
                steps.beforeSubscription = .ignored
                return steps
            }
        }

        /// A publisher that sends values while a throwing predicate holds, then finishes.
        public struct TryPrefixWhile<Upstream: Publisher>: StepOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are sent.
            public let upstream: Upstream
            /// Whether to go on, or throws.
            public let predicate: (Upstream.Output) throws -> Bool

            /// Sends `upstream`'s values while `predicate` holds.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are sent.
            ///   - predicate: Whether to go on, or throws.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Sends values while the predicate holds, then finishes.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let predicate = predicate
                return Steps(
                    value: { value, downstream in
                        do {
                            if try predicate(value) {
                                downstream.send(value)
                            } else {
                                downstream.finish()
                            }
                        } catch {
                            downstream.fail(error)
                        }
                    },
                    completion: { completion, downstream in
                        downstream.finish(completion.mapError { $0 as any Error })
                    }
                ).handling(beforeSubscription: .traps).reflecting(subscriberOnly)
            }
        }

        /// A publisher that drops each value a throwing predicate calls a duplicate of the one
        /// sent before it.
        public struct TryRemoveDuplicates<Upstream: Publisher>: StepOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are compared.
            public let upstream: Upstream
            /// Returns `true` when the second value duplicates the first, or throws.
            public let predicate: (Upstream.Output, Upstream.Output) throws -> Bool

            /// Drops `upstream`'s consecutive duplicates, as `predicate` decides.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are compared.
            ///   - predicate: Returns `true` when the second value duplicates the first.
            public init(
                upstream: Upstream,
                predicate: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
            ) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Sends each value that does not duplicate the one sent before it.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let predicate = predicate
                // Per subscription; behind a lock, as a mirror may read it from another thread.
                let previous = Locked<Output?>(nil)
                return Steps(
                    value: { value, downstream in
                        do {
                            if let last = previous.withLock({ $0 }), try predicate(last, value) {
                                return
                            }
                            previous.withLock { $0 = value }
                            downstream.send(value)
                        } catch {
                            downstream.fail(error)
                        }
                    },
                    completion: { completion, downstream in
                        downstream.finish(completion.mapError { $0 as any Error })
                    }
                ).handling(beforeSubscription: .traps)
                    .reflecting {
                        [("downstream", $0.downstream), ("last", previous.withLock { $0 } as Any)]
                    }
            }
        }
    }

    extension Publisher {
        /// Drops values while a predicate that may throw holds, then sends the rest.
        ///
        /// - Parameter predicate: Whether to drop a value, or throws.
        /// - Returns: A publisher failing with `any Error`.
        public func tryDrop(while predicate: @escaping (Output) throws -> Bool)
            -> Publishers.TryDropWhile<Self>
        {
            Publishers.TryDropWhile(upstream: self, predicate: predicate)
        }

        /// Sends values while a predicate that may throw holds, then finishes.
        ///
        /// - Parameter predicate: Whether to go on, or throws.
        /// - Returns: A publisher failing with `any Error`.
        public func tryPrefix(while predicate: @escaping (Output) throws -> Bool)
            -> Publishers.TryPrefixWhile<Self>
        {
            Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
        }

        /// Drops each value that duplicates the one sent before it, as a predicate that may
        /// throw decides.
        ///
        /// - Parameter predicate: Returns `true` when the second value duplicates the first.
        /// - Returns: A publisher failing with `any Error`.
        public func tryRemoveDuplicates(by predicate: @escaping (Output, Output) throws -> Bool)
            -> Publishers.TryRemoveDuplicates<Self>
        {
            Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
        }
    }

#endif
