// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// The publisher an ``ObservableObject`` uses to announce that it is about to change.
    ///
    /// `@Published` properties of an ``ObservableObject`` call ``send()`` before each change; you
    /// may call it yourself when other state changes. Safe to use from any thread.
    public final class ObservableObjectPublisher: ClosurePublisher {
        /// Each change is announced with `()`.
        public typealias Output = Void
        /// Announcing a change cannot fail.
        public typealias Failure = Never

        private let relay = Relay<Void, Never>()

        /// Creates a publisher with no subscribers.
        public init() {}

        /// Tells every subscriber that the object is about to change.
        public func send() {
            relay.send(())
        }

        /// As in Combine, a value sent while a subscriber has not asked for one is dropped.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand { .dropped }

        /// Attaches `subscriber`: once it has asked for anything, it is told of every change,
        /// whatever it asked for, as Combine's is; before, changes pass it by.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Void, Downstream.Failure == Never {
            // A sink asks for every change: its closure goes straight in.
            guard !attachIfSink(subscriber) else { return }
            let subscription = ObservableObjectSubscription(subscriber)
            subscriber.receive(subscription: subscription)
            subscription.attach(
                relay.subscribe(
                    receiveCompletion: { _ in }, receiveValue: { subscription.signal() }))
        }

        /// Subscribes closures to the change announcements made from now on.
        @usableFromInline
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            relay.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }
#endif
