// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)

    extension Publisher where Failure == Never {
        /// The publisher's values as an asynchronous sequence.
        ///
        /// As in Combine, the subscription starts when iteration starts and asks for one value
        /// each time the loop awaits the next: a subject's value sent while the loop's body runs
        /// is dropped, and a `CurrentValueSubject` or `@Published` property gives its current
        /// value then. The sequence ends when the publisher finishes, and, as in Combine, as soon
        /// as a task awaiting it is cancelled: the subscription is cancelled, and `next()`
        /// returns `nil` in every task awaiting it, then and later.
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
        /// next, ends when the publisher finishes, and ends as soon as a task awaiting it is
        /// cancelled, cancelling the subscription.
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
    ///
    /// As Combine's iterator, it may be awaited from several tasks at once (each awaits a copy;
    /// the copies share the subscription): each `next()` asks for one value of its own, and the
    /// values go to the calls in the order they began waiting. Cancelling any task that awaits
    /// it ends it for all: the subscription is cancelled, every waiting call returns `nil`, and
    /// so does every later one.
    struct ValuesIterator<Upstream: Publisher> {
        typealias Element = Upstream.Output
        typealias Failure = Upstream.Failure
        typealias Event = PublisherEvent<Element, Failure>

        /// What a waiting call is told: an event, or that it was passed over.
        enum Reply {
            case event(Event)
            /// A value came before the subscription. As in Combine, the value is dropped and
            /// every waiting call returns `nil`, but the iterator goes on: the subscription,
            /// when it comes, is still asked for what those calls asked.
            case passedOver
        }

        /// The subscriber behind the iterator and its copies: each waiting `next()` has a
        /// mailbox of its own, which gets one reply. `Cancellable`, as Combine's is.
        // @unchecked: `state` is only reached while holding its lock; mailboxes are thread-safe.
        private final class Inbox: Subscriber, Cancellable, @unchecked Sendable {
            typealias Input = Element
            typealias Failure = Upstream.Failure

            private enum Lifecycle {
                /// No subscription yet: what the `next()` calls asked for meanwhile, asked of it
                /// when it comes.
                case awaitingSubscription(Subscribers.Demand)
                case subscribed(any Subscription)
                /// The publisher completed, or the iterator was cancelled or went away: a
                /// subscription that comes is cancelled, and every `next()` ends at once. A
                /// failure no call was waiting for waits here, for the next call to throw.
                case terminal(unthrown: Failure?)

                var subscription: (any Subscription)? {
                    if case .subscribed(let upstream) = self { upstream } else { nil }
                }

                var isTerminal: Bool {
                    if case .terminal = self { true } else { false }
                }
            }

            private struct State {
                var lifecycle = Lifecycle.awaitingSubscription(.none)
                /// The mailboxes of the calls waiting, the longest-waiting first.
                var waiting = FIFO<Mailbox<Reply>>(reserved: 2)
                /// A mailbox no call waits on, for the next call: a loop reuses one throughout.
                var spare: Mailbox<Reply>?
            }

            /// How a call to `next()` goes on from what it finds.
            private enum Start {
                /// It returns this at once (`nil`: the iterator has ended).
                case now(Reply?)
                /// It waits on the mailbox, having asked the subscription, if there is one yet,
                /// for a value.
                case wait(Mailbox<Reply>, asking: (any Subscription)?)
            }

            private let state = Locked(State())

            func receive(subscription: any Subscription) {
                let demand = state.withLock { state -> Subscribers.Demand? in
                    guard case .awaitingSubscription(let demand) = state.lifecycle else {
                        return nil
                    }
                    state.lifecycle = .subscribed(subscription)
                    return demand
                }
                guard let demand else { return subscription.cancel() }
                if demand > .none { subscription.request(demand) }
            }

            func receive(_ input: Element) -> Subscribers.Demand {
                let (waiter, passedOver) = state.withLock {
                    state -> (Mailbox<Reply>?, FIFO<Mailbox<Reply>>) in
                    switch state.lifecycle {
                    case .terminal:
                        return (nil, FIFO())
                    case .awaitingSubscription:
                        // Nothing was asked yet (Combine's OpenCombine-tested behaviour, run
                        // against Apple's): the value is dropped, and the waiting calls end.
                        defer { state.waiting = FIFO() }
                        return (nil, state.waiting)
                    case .subscribed:
                        // Each waiting call asked for one value; a value beyond them breaks the
                        // protocol, and stops the program as in Combine.
                        guard let waiter = state.waiting.pop() else {
                            preconditionFailure("Received an output without requesting demand")
                        }
                        return (waiter, FIFO())
                    }
                }
                waiter?.post(.event(.value(input)))
                var rest = passedOver
                while let call = rest.pop() { call.post(.passedOver) }
                return .none
            }

            func receive(completion: Subscribers.Completion<Failure>) {
                // The publisher has ended itself: let go, not cancelled (released after the
                // lock). A failure goes to the longest-waiting call; the others end.
                let (upstream, waiting) = state.withLock { state in
                    guard !state.lifecycle.isTerminal else {
                        return ((any Subscription)?.none, FIFO<Mailbox<Reply>>())
                    }
                    let upstream = state.lifecycle.subscription
                    let waiting = state.waiting
                    state.waiting = FIFO()
                    var unthrown: Failure?
                    if waiting.isEmpty, case .failure(let error) = completion { unthrown = error }
                    state.lifecycle = .terminal(unthrown: unthrown)
                    return (upstream, waiting)
                }
                withExtendedLifetime(upstream) {}
                Self.end(waiting, with: completion)
            }

            /// Ends the iterator: cancels the subscription, and every waiting call returns
            /// `nil`.
            func cancel() {
                let (upstream, waiting) = state.withLock { state in
                    guard !state.lifecycle.isTerminal else {
                        return ((any Subscription)?.none, FIFO<Mailbox<Reply>>())
                    }
                    let upstream = state.lifecycle.subscription
                    let waiting = state.waiting
                    state.lifecycle = .terminal(unthrown: nil)
                    state.waiting = FIFO()
                    return (upstream, waiting)
                }
                upstream?.cancel()
                Self.end(waiting, with: .finished)
            }

            /// Gives the first of `waiting` `completion`, and the others the finish.
            private static func end(
                _ waiting: FIFO<Mailbox<Reply>>, with completion: Subscribers.Completion<Failure>
            ) {
                var waiting = waiting
                var completion = completion
                while let waiter = waiting.pop() {
                    waiter.post(.event(.completion(completion)))
                    completion = .finished
                }
            }

            /// The reply to one call: a value, the completion, passed over, or `nil` once the
            /// iterator has ended. A task cancelled before or while it waits ends the iterator, as
            /// in Combine, whose `next()` cancels it when its task is cancelled.
            func next(isolation actor: isolated (any Actor)?) async -> Reply? {
                // Erased, so that the `@Sendable` handler captures no metatype of the publisher.
                let iterator: any Cancellable & Sendable = self
                return await withTaskCancellationHandler(
                    operation: {
                        switch start() {
                        case .now(let event):
                            return event
                        case .wait(let mailbox, let upstream):
                            upstream?.request(.max(1))
                            // `nil` only once the task is cancelled, which ended the iterator.
                            let event = await mailbox.receive(isolation: actor)
                            // A cancel may have marked the mailbox (`Task.isCancelled` stays
                            // true once set): only one the cancel did not reach is used again.
                            if !Task.isCancelled { state.withLock { $0.spare = mailbox } }
                            return event
                        }
                    },
                    onCancel: { iterator.cancel() },
                    isolation: actor)
            }

            private func start() -> Start {
                state.withLock { state in
                    let upstream: (any Subscription)?
                    switch state.lifecycle {
                    case .terminal(let unthrown):
                        state.lifecycle = .terminal(unthrown: nil)
                        return .now(unthrown.map { .event(.completion(.failure($0))) })
                    case .awaitingSubscription(let demand):
                        state.lifecycle = .awaitingSubscription(demand + 1)
                        upstream = nil
                    case .subscribed(let subscription):
                        upstream = subscription
                    }
                    let mailbox = state.spare ?? Mailbox()
                    state.spare = nil
                    state.waiting.push(mailbox)
                    return .wait(mailbox, asking: upstream)
                }
            }
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

        /// The next value; `nil` after the publisher finishes or a task awaiting the iterator
        /// is cancelled.
        mutating func next(
            isolation actor: isolated (any Actor)?
        ) async throws(Failure) -> Element? {
            guard let inbox = owner?.inbox else { return nil }
            switch await inbox.next(isolation: actor) {
            case .event(.value(let value)):
                return value
            case .event(.completion(.failure(let error))):
                owner = nil
                throw error
            case .event(.completion(.finished)), nil:
                owner = nil
                return nil
            case .passedOver:
                return nil
            }
        }
    }
#endif
