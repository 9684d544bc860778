// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)

    extension Publisher where Failure == Never {
        /// The publisher's values as an asynchronous sequence.
        ///
        /// As in Combine, the subscription starts when iteration starts and asks for one value
        /// each time the loop awaits the next: a subject's value sent while the loop's body runs
        /// is dropped, and a `CurrentValueSubject` or `@Published` property gives its current
        /// value then. The sequence ends when the publisher finishes, and ends early if the
        /// iterating task is cancelled.
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

    extension Publisher {
        /// The values of a publisher that can fail, as an asynchronous sequence that throws its
        /// failure.
        ///
        /// As in Combine, the sequence throws `any Error` (catch the publisher's error with a
        /// cast, `catch let error as MyError`), asks for one value each time the loop awaits the
        /// next, ends when the publisher finishes, and ends early if the iterating task is
        /// cancelled.
        ///
        /// ```swift
        /// for try await items in service.itemsPublisher().values {
        ///     show(items)
        /// }
        /// ```
        public var values: AsyncThrowingPublisher<Self> {
            AsyncThrowingPublisher(self)
        }
    }

    /// An asynchronous sequence of the values of a publisher that cannot fail; see
    /// `Publisher.values`.
    public struct AsyncPublisher<P: Publisher>: AsyncSequence
    where P.Failure == Never {
        /// The publisher's output type.
        public typealias Element = P.Output
        /// The sequence cannot fail.
        public typealias Failure = Never

        private let upstream: P

        /// Wraps `publisher`.
        ///
        /// - Parameter publisher: The publisher whose values the sequence yields.
        public init(_ publisher: P) {
            upstream = publisher
        }

        /// Subscribes to the publisher and returns an iterator over its values from now on.
        public func makeAsyncIterator() -> Iterator {
            Iterator(values: ValuesIterator(subscribingTo: upstream))
        }

        /// The iterator's type by the name `AsyncSequence` gives it, as Combine declares it, so
        /// code that spells `AsyncPublisher<P>.AsyncIterator` compiles on Linux too.
        public typealias AsyncIterator = Iterator

        /// Asks for one value at a time and yields it.
        public struct Iterator: AsyncIteratorProtocol {
            /// The publisher's output type, as Combine declares it for the iterator.
            public typealias Element = P.Output

            var values: ValuesIterator<P>

            /// The next value; `nil` after the publisher finishes or the task is cancelled.
            public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
                await values.next(isolation: actor)
            }

            /// The next value; `nil` after the publisher finishes or the task is cancelled.
            public mutating func next() async -> Element? {
                await values.next(isolation: nil)
            }
        }
    }

    /// An asynchronous sequence of the values of a publisher that can fail, throwing its failure
    /// as `any Error`, as Combine's does; see `Publisher.values`.
    public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
        /// The publisher's output type.
        public typealias Element = P.Output
        /// Any error: the publisher's failure, as Combine's sequence throws it.
        public typealias Failure = any Error

        private let upstream: P

        /// Wraps `publisher`.
        ///
        /// - Parameter publisher: The publisher whose values the sequence yields.
        public init(_ publisher: P) {
            upstream = publisher
        }

        /// Subscribes to the publisher and returns an iterator over its values from now on.
        public func makeAsyncIterator() -> Iterator {
            Iterator(values: ValuesIterator(subscribingTo: upstream))
        }

        /// The iterator's type by the name `AsyncSequence` gives it, as Combine declares it, so
        /// code that spells `AsyncThrowingPublisher<P>.AsyncIterator` compiles on Linux too.
        public typealias AsyncIterator = Iterator

        /// Asks for one value at a time and yields it.
        public struct Iterator: AsyncIteratorProtocol {
            /// The publisher's output type, as Combine declares it for the iterator.
            public typealias Element = P.Output

            var values: ValuesIterator<P>

            /// The next value; `nil` after the publisher finishes or the task is cancelled;
            /// throws the publisher's failure.
            public mutating func next(
                isolation actor: isolated (any Actor)?
            ) async throws -> Element? {
                try await values.next(isolation: actor)
            }

            /// The next value; `nil` after the publisher finishes or the task is cancelled;
            /// throws the publisher's failure.
            public mutating func next() async throws -> Element? {
                try await values.next(isolation: nil)
            }
        }
    }

    /// What both sequences iterate with: asks for one value at a time and yields it, throwing
    /// the publisher's own failure.
    struct ValuesIterator<Upstream: Publisher> {
        typealias Element = Upstream.Output
        typealias Failure = Upstream.Failure

        /// The subscriber behind the iterator: it asks for a value when `next()` does.
        // @unchecked: `lifecycle` is only reached while holding `lock`; the mailbox is
        // thread-safe.
        private final class Inbox: Subscriber, @unchecked Sendable {
            typealias Input = Element
            typealias Failure = Upstream.Failure

            private enum Lifecycle {
                case awaitingSubscription
                case subscribed(any Subscription)
                /// The publisher completed, or the iterator went away: a subscription that comes
                /// is cancelled.
                case terminal

                /// Ends the subscription; the upstream's, if it was kept, is returned.
                mutating func end() -> (any Subscription)? {
                    defer { self = .terminal }
                    if case .subscribed(let upstream) = self { return upstream }
                    return nil
                }
            }

            let mailbox = Mailbox<PublisherEvent<Element, Failure>>()
            private var lifecycle = Lifecycle.awaitingSubscription
            private let lock = Lock()

            func receive(subscription: any Subscription) {
                let isKept = lock.withLock {
                    guard case .awaitingSubscription = lifecycle else { return false }
                    lifecycle = .subscribed(subscription)
                    return true
                }
                if !isKept { subscription.cancel() }
            }

            func receive(_ input: Element) -> Subscribers.Demand {
                mailbox.post(.value(input))
                return .none
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                // The publisher has ended itself: let go, not cancelled (released after the lock).
                let upstream = lock.withLock { lifecycle.end() }
                withExtendedLifetime(upstream) {}
                mailbox.post(.completion(completion))
            }

            func requestOne() {
                let upstream = lock.withLock { () -> (any Subscription)? in
                    if case .subscribed(let upstream) = lifecycle { upstream } else { nil }
                }
                upstream?.request(.max(1))
            }

            func cancel() {
                lock.withLock { lifecycle.end() }?.cancel()
            }

            deinit { lifecycle.end()?.cancel() }
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
        mutating func next(
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
    }
#endif
