// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A namespace for subscriptions that publishers may hand to their subscribers.
    public enum Subscriptions {
        /// The subscription that ignores requests and cancellation.
        ///
        /// A publisher written from Apple's documentation hands it to a subscriber when there is
        /// nothing to ask for or cancel, such as one that completes at once:
        ///
        /// ```swift
        /// subscriber.receive(subscription: Subscriptions.empty)
        /// subscriber.receive(completion: .finished)
        /// ```
        public static var empty: any Subscription { EmptySubscription.shared }
    }

    /// The one empty subscription. A class, so that its identity is the same whoever asks, as
    /// Combine's is, and so that, with nothing stored, it can be shared.
    final class EmptySubscription: Subscription, Sendable, CombineReflecting {
        static let shared = EmptySubscription()

        var description: String { "Empty" }

        private init() {}

        func request(_ demand: Subscribers.Demand) {}
        func cancel() {}
    }
#endif
