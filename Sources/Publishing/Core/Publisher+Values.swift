// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)

    extension Publisher {
        /// The publisher's values as an asynchronous sequence.
        ///
        /// As in Combine, the subscription starts when iteration starts and asks for one value
        /// each time the loop awaits the next: a subject's value sent while the loop's body runs
        /// is dropped, and a `CurrentValueSubject` or `@Published` property gives its current
        /// value then. The sequence ends when the publisher finishes, throws the publisher's
        /// error when it fails, and ends early if the iterating task is cancelled.
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

        /// Asks for one value at a time and yields it.
        public struct Iterator: AsyncIteratorProtocol {
            /// The subscriber behind the iterator: it asks for a value when `next()` does.
            // @unchecked: `upstream` is only reached while holding `lock`; the mailbox is
            // thread-safe.
            private final class Inbox: Subscriber, @unchecked Sendable {
                typealias Input = Element
                typealias Failure = Upstream.Failure

                let mailbox = Mailbox<PublisherEvent<Element, Failure>>()
                private var upstream: (any Subscription)?
                private var isOver = false
                private let lock = Lock()

                func receive(subscription: any Subscription) {
                    let isOver = lock.withLock {
                        if !self.isOver { upstream = subscription }
                        return self.isOver
                    }
                    if isOver { subscription.cancel() }
                }

                func receive(_ input: Element) -> Subscribers.Demand {
                    mailbox.post(.value(input))
                    return .none
                }

                func receive(completion: Subscribers.Completion<Failure>) {
                    lock.withLock { upstream = nil }
                    mailbox.post(.completion(completion))
                }

                func requestOne() {
                    lock.withLock { upstream }?.request(.max(1))
                }

                func cancel() {
                    let upstream = lock.withLock {
                        isOver = true
                        return self.upstream.take()
                    }
                    upstream?.cancel()
                }

                deinit { upstream?.cancel() }
            }

            /// Cancels the subscription when the iterator, and every copy of it, is gone.
            private final class Owner {
                let inbox = Inbox()

                deinit { inbox.cancel() }
            }

            private var owner: Owner?

            init(subscribingTo upstream: Upstream) {
                let owner = Owner()
                upstream.subscribe(owner.inbox)
                self.owner = owner
            }

            /// The next value; `nil` after the publisher finishes or the task is cancelled.
            public mutating func next(
                isolation actor: isolated (any Actor)?
            ) async throws(Failure) -> Element? {
                guard let inbox = owner?.inbox else { return nil }
                inbox.requestOne()
                switch await inbox.mailbox.receive(isolation: actor) {
                case .value(let value):
                    return value
                case .completion(.failure(let error)):
                    owner = nil
                    throw error
                case .completion(.finished), nil:
                    owner = nil
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
