// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A type that delivers a sequence of values over time, then possibly a completion.
    ///
    /// Combine's protocol: a publisher hands each subscriber a ``Subscription`` through
    /// ``Subscriber/receive(subscription:)``, then delivers values within the demand the
    /// subscriber requests, then at most one completion. Code written from Apple's documentation
    /// for a publisher or a subscriber compiles against `Publishing` unchanged.
    ///
    /// To write your own, implement ``receive(subscriber:)``; subscribe with
    /// `subscribe(_:)`, `sink` or `assign`.
    public protocol Publisher<Output, Failure> {
        /// The kind of values the publisher sends.
        associatedtype Output
        /// The kind of error the publisher may fail with; `Never` if it cannot fail.
        associatedtype Failure: Error

        /// Attaches `subscriber`: it receives a subscription, then values within its demand,
        /// then the completion.
        ///
        /// Called by `subscribe(_:)`; call that instead.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
    }

    extension Publisher {
        /// Attaches `subscriber` to this publisher.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        @inlinable
        public func subscribe<S: Subscriber>(_ subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            receive(subscriber: subscriber)
        }
    }
#endif
