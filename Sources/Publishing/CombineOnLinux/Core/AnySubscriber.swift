// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A subscriber that hides the type of the subscriber, or the closures, it forwards to.
    public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible
    {
        private let receiveSubscriptionBody: (any Subscription) -> Void
        private let receiveValueBody: (Input) -> Subscribers.Demand
        private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
        private let descriptionBody: () -> String
        private let mirrorBody: () -> Mirror
        private let playgroundDescriptionBody: () -> Any

        /// The wrapped subscriber's identity, or a fresh one for closures.
        public let combineIdentifier: CombineIdentifier

        /// The wrapped subscriber's description, "Subject" for a subject, or
        /// "Anonymous AnySubscriber" for closures, as in Combine.
        public var description: String { descriptionBody() }

        /// The wrapped subscriber's mirror, so a debugger shows what is behind the wrapper.
        public var customMirror: Mirror { mirrorBody() }

        /// The wrapped subscriber's playground description, or else ``description``.
        public var playgroundDescription: Any { playgroundDescriptionBody() }

        /// Wraps `subscriber`.
        ///
        /// - Parameter subscriber: The subscriber every call is forwarded to.
        public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
            if let erased = subscriber as? AnySubscriber {
                self = erased
                return
            }
            combineIdentifier = subscriber.combineIdentifier
            receiveSubscriptionBody = subscriber.receive(subscription:)
            receiveValueBody = subscriber.receive(_:)
            receiveCompletionBody = subscriber.receive(completion:)
            let description = {
                (subscriber as? any CustomStringConvertible)?.description ?? "\(S.self)"
            }
            descriptionBody = description
            mirrorBody = {
                (subscriber as? any CustomReflectable)?.customMirror
                    ?? Mirror(subscriber, children: EmptyCollection())
            }
            playgroundDescriptionBody = {
                (subscriber as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription
                    ?? description()
            }
        }

        /// Wraps a subject: as in Combine, the subject receives a subscription of its own
        /// ("Subject") and, through it, the values it asks for, then the completion.
        ///
        /// - Parameter subject: The subject fed; held weakly, as Combine holds it.
        public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
            self.init(SubjectSubscriber(subject))
        }

        /// A subscriber made of closures; one left out does nothing (and asks for nothing more).
        ///
        /// - Parameters:
        ///   - receiveSubscription: Receives the subscription.
        ///   - receiveValue: Receives each value and returns how many more it asks for.
        ///   - receiveCompletion: Receives the completion.
        public init(
            receiveSubscription: ((any Subscription) -> Void)? = nil,
            receiveValue: ((Input) -> Subscribers.Demand)? = nil,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
        ) {
            self.init(
                receiveSubscription: receiveSubscription, receiveValue: receiveValue,
                receiveCompletion: receiveCompletion, description: "Anonymous AnySubscriber",
                mirror: { Mirror(reflecting: "Anonymous AnySubscriber") })
        }

        /// Closures under a fixed description, as Combine describes its closure and subject
        /// subscribers.
        private init(
            receiveSubscription: ((any Subscription) -> Void)?,
            receiveValue: ((Input) -> Subscribers.Demand)?,
            receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?,
            description: String,
            mirror: @escaping () -> Mirror
        ) {
            combineIdentifier = CombineIdentifier()
            receiveSubscriptionBody = receiveSubscription ?? { _ in }
            receiveValueBody = receiveValue ?? { _ in .none }
            receiveCompletionBody = receiveCompletion ?? { _ in }
            descriptionBody = { description }
            mirrorBody = mirror
            playgroundDescriptionBody = { description }
        }

        /// Forwards the subscription.
        public func receive(subscription: any Subscription) {
            receiveSubscriptionBody(subscription)
        }

        /// Forwards the value.
        public func receive(_ value: Input) -> Subscribers.Demand {
            receiveValueBody(value)
        }

        /// Forwards the completion.
        public func receive(completion: Subscribers.Completion<Failure>) {
            receiveCompletionBody(completion)
        }
    }
#endif
