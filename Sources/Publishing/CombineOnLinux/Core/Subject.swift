// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A publisher you can send values and a completion into: ``PassthroughSubject`` and
    /// ``CurrentValueSubject``.
    public protocol Subject<Output, Failure>: AnyObject, Publisher {
        /// Delivers `value` to every current subscriber.
        func send(_ value: Output)
        /// Ends the subject: subscribers receive the completion, and later sends are ignored.
        func send(completion: Subscribers.Completion<Failure>)
        /// Receives the subscription of an upstream publisher it was subscribed to, and asks it
        /// for values.
        func send(subscription: any Subscription)
    }

    extension Subject where Output == Void {
        /// Delivers `()` to every current subscriber.
        public func send() {
            send(())
        }
    }

    extension PassthroughSubject: Subject {}
    extension CurrentValueSubject: Subject {}

    extension Publisher {
        /// Sends every value and the completion of this publisher into `subject`.
        ///
        /// - Parameter subject: The subject to feed.
        /// - Returns: A cancellable that stops feeding it.
        public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
        where S.Output == Output, S.Failure == Failure {
            sink(
                receiveCompletion: { [weak subject] in subject?.send(completion: $0) },
                receiveValue: { [weak subject] in subject?.send($0) }
            )
        }
    }
#endif
