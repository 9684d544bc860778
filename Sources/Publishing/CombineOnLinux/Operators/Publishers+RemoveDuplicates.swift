// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that drops each value equal to the one forwarded just before it.
        public struct RemoveDuplicates<Upstream: Publisher>: StepOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are compared.
            public let upstream: Upstream
            /// Returns `true` when the second value duplicates the first.
            public let predicate: (Output, Output) -> Bool

            /// Drops each value of `upstream` that duplicates the one forwarded before it.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are compared.
            ///   - predicate: Returns `true` when the second value duplicates the first.
            public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Subscribes to the upstream publisher, dropping consecutive duplicates.
            /// Sends each value that does not duplicate the one sent before it.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let predicate = predicate
                // Per subscription; behind a lock, as a mirror may read it from another thread.
                let previous = Locked<Output?>(nil)
                return Steps { value, downstream in
                    if let last = previous.withLock({ $0 }), predicate(last, value) { return }
                    previous.withLock { $0 = value }
                    downstream.send(value)
                }.handling(beforeSubscription: .traps)
                    .reflecting {
                        [("downstream", $0.downstream), ("last", previous.withLock { $0 } as Any)]
                    }
            }
        }
    }

    extension Publisher {
        /// Drops each value that duplicates the one forwarded before it, as `predicate` decides.
        ///
        /// - Parameter predicate: Returns `true` when the second value duplicates the first.
        /// - Returns: A publisher without consecutive duplicates.
        public func removeDuplicates(
            by predicate: @escaping (Output, Output) -> Bool
        ) -> Publishers.RemoveDuplicates<Self> {
            Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
        }
    }

    extension Publisher where Output: Equatable {
        /// Drops each value equal to the one forwarded before it.
        ///
        /// - Returns: A publisher without consecutive duplicates.
        public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
            removeDuplicates(by: ==)
        }
    }
#endif
