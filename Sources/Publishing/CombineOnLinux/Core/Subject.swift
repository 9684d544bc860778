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
        /// As in Combine, the subject receives a subscription ("Subject") and asks through it
        /// for values: `PassthroughSubject` and `CurrentValueSubject` ask for every one. The
        /// subject is held weakly.
        ///
        /// - Parameter subject: The subject to feed.
        /// - Returns: A cancellable that stops feeding it.
        public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable
        where S.Output == Output, S.Failure == Failure {
            let subscriber = SubjectSubscriber(subject)
            subscribe(subscriber)
            return AnyCancellable(subscriber)
        }
    }
#endif
