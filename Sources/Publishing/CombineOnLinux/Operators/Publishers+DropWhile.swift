// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that skips its upstream's values while a predicate holds, then forwards all.
        public struct DropWhile<Upstream: Publisher>: StepOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose first values are skipped.
            public let upstream: Upstream
            /// Skips values while it returns `true`.
            public let predicate: (Output) -> Bool

            /// Skips the values of `upstream` while `predicate` holds, then forwards every value.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose first values are skipped.
            ///   - predicate: Skips values while it returns `true`.
            public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Subscribes to the upstream, skipping values until one fails the predicate.
            /// Drops values while the predicate holds, then sends the rest.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let predicate = predicate
                var isDropping = true
                var steps = Steps<Upstream.Output, Failure, Output, Failure> { value, downstream in
                    if isDropping { isDropping = predicate(value) }
                    if !isDropping { downstream.send(value) }
                }
                steps.requiresDemand = true
                steps.beforeSubscription = .ignored
                return steps
            }
        }
    }

    extension Publisher {
        /// Skips values while `predicate` holds, then forwards every value.
        ///
        /// - Parameter predicate: Skips values while it returns `true`.
        /// - Returns: A publisher of the values from the first that fails `predicate`.
        public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self>
        {
            Publishers.DropWhile(upstream: self, predicate: predicate)
        }
    }
#endif
