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

        /// Creates a subject with no subscribers.
        @inlinable
        public init() {}

        /// Delivers `value` to every current subscriber, synchronously, on this thread.
        ///
        /// - Parameter value: The value to deliver.
        @inlinable
        public func send(_ value: Output) {
            relay.send(value)
        }

        /// Asks an upstream publisher the subject was subscribed to for every value.
        ///
        /// - Parameter subscription: The upstream subscription.
        public func send(subscription: any Subscription) {
            subscription.request(.unlimited)
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
            relay.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
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
