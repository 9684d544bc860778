// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A publisher that broadcasts each value you send to every current subscriber.
    ///
    /// It keeps no current value: a subscriber receives only what is sent after it subscribed.
    /// After ``send(completion:)``, nothing more is delivered, and a late subscriber receives the
    /// completion at once. Safe to use from any thread.
    ///
    /// ```swift
    /// let events = PassthroughSubject<String, Never>()
    /// let token = events.sink { print($0) }
    /// events.send("tapped")
    /// ```
    public final class PassthroughSubject<Output, Failure: Error>: ClosurePublisher {
        @usableFromInline let relay = Relay<Output, Failure>()
        /// The subscriptions of the publishers feeding the subject (`send(subscription:)`),
        /// under the relay's lock; cancelled when the subject goes, as Combine's are.
        private var feed: [any Subscription] = []
        /// Whether a subscriber has asked for a value, under the relay's lock: as in Combine,
        /// the subject asks its feed for every value only from then on, so a value fed before
        /// anyone asked (a `Just`'s) waits for a subscriber instead of being dropped.
        private var asksFeed = false

        /// Creates a subject with no subscribers.
        @inlinable
        public init() {}

        deinit {
            for subscription in feed { subscription.cancel() }
        }

        /// Delivers `value` to every current subscriber, synchronously, on this thread.
        ///
        /// - Parameter value: The value to deliver.
        @inlinable
        public func send(_ value: Output) {
            relay.send(value)
        }

        /// Keeps an upstream publisher's subscription, and asks it for every value once a
        /// subscriber has asked for one.
        ///
        /// - Parameter subscription: The upstream subscription.
        public func send(subscription: any Subscription) {
            relay.lock.lock()
            feed.append(subscription)
            let asks = asksFeed
            relay.lock.unlock()
            if asks { subscription.request(.unlimited) }
        }

        /// Attaches `subscriber`: it receives a subscription, then the values sent while it has
        /// demand, then the completion.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            relay.lock.lock()
            let asks = asksFeed
            relay.lock.unlock()
            Publishing.subscribe(
                subscriber, toSubject: Self.self, relay: relay, valuesWithoutDemand: .dropped,
                onFirstDemand: asks ? nil : { [weak self] in self?.startAskingFeed() },
                reflecting: self)
        }

        /// Asks every feeding publisher for all its values, the first time a subscriber asks.
        @usableFromInline
        func startAskingFeed() {
            relay.lock.lock()
            guard !asksFeed else { return relay.lock.unlock() }
            asksFeed = true
            let feed = self.feed
            relay.lock.unlock()
            for subscription in feed { subscription.request(.unlimited) }
        }

        /// Ends the subject: subscribers receive the completion, and later sends are ignored.
        ///
        /// - Parameter completion: How the subject ends.
        @inlinable
        public func send(completion: Subscribers.Completion<Failure>) {
            relay.send(completion: completion)
        }

        /// As in Combine, a value sent while a subscriber has not asked for one is dropped.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand { .dropped }

        /// Subscribes closures to the values sent from now on and to the completion.
        @inlinable
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let token = relay.subscribe(
                receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            // A sink asks for every value.
            startAskingFeed()
            return token
        }
    }

    extension PassthroughSubject where Output == Void {
        /// Delivers `()` to every current subscriber.
        @inlinable
        public func send() {
            send(())
        }
    }
#endif
