// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension AsyncPublisher: Sendable where Upstream: Sendable {}

    extension Publisher {
        /// The publisher's values as an asynchronous sequence.
        ///
        /// The subscription starts when iteration starts and buffers every value, so none sent
        /// while the loop body runs is lost. The sequence ends when the publisher finishes, throws
        /// the publisher's error when it fails, and ends early if the iterating task is cancelled.
        ///
        /// ```swift
        /// for await isLoading in viewModel.$isLoading.values {
        ///     if !isLoading { break }
        /// }
        /// ```
        public var values: AsyncPublisher<Self> {
            AsyncPublisher(self)
        }
    }

    /// An asynchronous sequence of a publisher's values; see ``Publisher/values``.
    public struct AsyncPublisher<Upstream: Publisher>: AsyncSequence {
        /// The publisher's output type.
        public typealias Element = Upstream.Output
        /// The publisher's failure type.
        public typealias Failure = Upstream.Failure

        private let upstream: Upstream

        /// Wraps `publisher`.
        ///
        /// - Parameter publisher: The publisher whose values the sequence yields.
        public init(_ publisher: Upstream) {
            upstream = publisher
        }

        /// Subscribes to the publisher and returns an iterator over its values from now on.
        public func makeAsyncIterator() -> Iterator {
            Iterator(subscribingTo: upstream)
        }

        /// Yields the buffered values one at a time.
        public struct Iterator: AsyncIteratorProtocol {
            private final class Subscription {
                let mailbox = Mailbox<PublisherEvent<Element, Failure>>()
                var cancellable: AnyCancellable?

                deinit { cancellable?.cancel() }
            }

            private var subscription: Subscription?

            init(subscribingTo upstream: Upstream) {
                let subscription = Subscription()
                let mailbox = subscription.mailbox
                subscription.cancellable = upstream.sink(
                    receiveCompletion: { mailbox.post(.completion($0)) },
                    receiveValue: { mailbox.post(.value($0)) }
                )
                self.subscription = subscription
            }

            /// The next value; `nil` after the publisher finishes or the task is cancelled.
            public mutating func next(
                isolation actor: isolated (any Actor)?
            ) async throws(Failure) -> Element? {
                guard let mailbox = subscription?.mailbox else { return nil }
                switch await mailbox.receive(isolation: actor) {
                case .value(let value):
                    return value
                case .completion(.failure(let error)):
                    subscription = nil
                    throw error
                case .completion(.finished), nil:
                    subscription = nil
                    return nil
                }
            }

            /// The next value; `nil` after the publisher finishes or the task is cancelled.
            public mutating func next() async throws(Failure) -> Element? {
                try await next(isolation: nil)
            }
        }
    }
#endif
