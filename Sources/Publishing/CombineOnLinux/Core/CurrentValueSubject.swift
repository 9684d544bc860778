// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A publisher that holds a current value, replays it to each new subscriber, and broadcasts
    /// every change.
    ///
    /// After ``send(completion:)``, nothing more is delivered, and a late subscriber receives the
    /// completion at once (not the value). Safe to use from any thread.
    ///
    /// ```swift
    /// let count = CurrentValueSubject<Int, Never>(0)
    /// let token = count.sink { print($0) }   // prints 0
    /// count.value = 1                        // prints 1
    /// ```
    public final class CurrentValueSubject<Output, Failure: Error>: ClosurePublisher {
        @usableFromInline let relay: Relay<Output, Failure>
        /// The subscriptions of the publishers feeding the subject (`send(subscription:)`),
        /// under the relay's lock; cancelled when the subject goes, as Combine's are.
        private var feed: [any Subscription] = []

        /// Creates a subject whose current value is `value`.
        ///
        /// - Parameter value: The value new subscribers receive first.
        @inlinable
        public init(_ value: Output) {
            relay = Relay(value: value)
        }

        deinit {
            for subscription in feed { subscription.cancel() }
        }

        /// The current value; setting it sends the new value to every subscriber.
        ///
        /// As in Combine, setting it after the completion still stores it (and sends nothing).
        @inlinable
        public var value: Output {
            get { relay.value }
            set {
                // The relay's `send(_:)`, storing first: that one stores nothing after the
                // completion, as it delivers nothing.
                relay.lock.lock()
                relay.current = newValue
                guard relay.completion == nil else { return relay.lock.unlock() }
                relay.deliverAndUnlock(newValue)
            }
        }

        /// Stores `value` as the current value, then delivers it to every subscriber.
        ///
        /// As in Combine, after the completion it does nothing: the value stays as it was.
        ///
        /// - Parameter value: The new current value.
        @inlinable
        public func send(_ value: Output) {
            relay.send(value)
        }

        /// Keeps an upstream publisher's subscription and asks it for every value.
        ///
        /// - Parameter subscription: The upstream subscription.
        public func send(subscription: any Subscription) {
            relay.lock.withLock { feed.append(subscription) }
            subscription.request(.unlimited)
        }

        /// Attaches `subscriber`: it receives a subscription, then the current value and every
        /// later one as it asks for them, then the completion.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            Publishing.subscribe(
                subscriber, toSubject: Self.self, relay: relay, valuesWithoutDemand: .latestKept,
                onFirstDemand: nil, reflecting: self)
        }

        /// Ends the subject: subscribers receive the completion, and later sends are ignored.
        ///
        /// - Parameter completion: How the subject ends.
        @inlinable
        public func send(completion: Subscribers.Completion<Failure>) {
            relay.send(completion: completion)
        }

        /// As in Combine, a subscriber that asks for a value later gets the current one.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand { .latestKept }

        /// Subscribes closures to the current value, every later value and the completion.
        @inlinable
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            relay.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }
#endif
