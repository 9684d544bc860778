// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that subscribes to its upstream again when it fails, a number of times.
        public struct Retry<Upstream: Publisher>: Publisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher to subscribe to again.
            public let upstream: Upstream
            /// How many times to subscribe again; `nil` for no limit.
            public let retries: Int?

            /// Subscribes to `upstream` again after a failure, up to `retries` times.
            ///
            /// - Parameters:
            ///   - upstream: The publisher to subscribe to again.
            ///   - retries: How many times to subscribe again; `nil` for no limit.
            public init(upstream: Upstream, retries: Int?) {
                self.upstream = upstream
                self.retries = retries
            }

            /// Attaches `subscriber` to the upstream, and again after each failure until the
            /// retries are spent, then forwards the failure; its demand goes to the upstream, and
            /// what is still owed to each new subscription, as in Combine.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let (upstream, retries) = (upstream, retries)
                let succession = Succession(subscriber, of: Self.self)
                func attempt(_ number: Int) {
                    succession.subscribe(upstream, stage: number) { error in
                        if retries.map({ number < $0 }) ?? true {
                            attempt(number + 1)
                        } else {
                            succession.fail(error)
                        }
                    }
                }
                attempt(0)
            }
        }
    }

    extension Publishers.Retry: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Subscribes again after a failure, up to `retries` times.
        ///
        /// - Parameter retries: How many times to subscribe again.
        /// - Returns: A publisher that fails only once the retries are spent.
        public func retry(_ retries: Int) -> Publishers.Retry<Self> {
            Publishers.Retry(upstream: self, retries: retries)
        }
    }
#endif
