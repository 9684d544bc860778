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
                let succession = Succession(
                    subscriber, of: Self.self,
                    returnedDemand: .askedOfStage, unasked: .trapped, earlyCompletion: .counted)
                let attempts = Locked(Attempts.idle)
                // An attempt that fails while it is being subscribed to (an upstream that fails
                // at once) starts the next once that subscribe has returned, as in Combine: the
                // attempts follow one another on one stack frame instead of nesting.
                func attempt(_ first: Int) {
                    let runs = attempts.withLock { attempts in
                        guard case .idle = attempts else {
                            attempts = .subscribing(next: first)
                            return false
                        }
                        attempts = .subscribing(next: nil)
                        return true
                    }
                    guard runs else { return }
                    var next: Int? = first
                    while let number = next {
                        succession.subscribe(upstream, stage: number) { error in
                            // A negative count retries without limit, as Combine's.
                            if retries.map({ $0 < 0 || number < $0 }) ?? true {
                                attempt(number + 1)
                            } else {
                                succession.fail(error)
                            }
                        }
                        next = attempts.withLock { attempts in
                            guard case .subscribing(let next?) = attempts else {
                                attempts = .idle
                                return nil
                            }
                            attempts = .subscribing(next: nil)
                            return next
                        }
                    }
                }
                attempt(0)
            }
        }
    }

    extension Publishers.Retry: Equatable where Upstream: Equatable {}

    /// Where a `retry`'s attempts stand.
    private enum Attempts {
        case idle
        /// An upstream is being subscribed to; `next` is the attempt its failure asked for.
        case subscribing(next: Int?)
    }

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
