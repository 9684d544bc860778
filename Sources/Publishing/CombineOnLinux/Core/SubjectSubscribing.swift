// Linux: on Apple platforms the subjects are Combine's.
#if !canImport(Combine)
    /// Subscribes `subscriber` to a subject whose subscribers `relay` delivers to.
    ///
    /// As Combine's subjects do, a subscriber that comes after the completion gets the empty
    /// subscription ("Empty") and the completion. Otherwise a sink (which asks for every value)
    /// is attached straight to the relay, and any other subscriber gets a subscription that
    /// counts its demand and, as Combine's subjects do, stops the program when asked for no
    /// values.
    ///
    /// - Parameters:
    ///   - subscriber: The subscriber.
    ///   - subjectType: The subject's type, which names the subscription.
    ///   - relay: The subject's relay.
    ///   - valuesWithoutDemand: What becomes of a value sent before the subscriber asked for it.
    ///   - onFirstDemand: Called once the subscriber has asked for a value and is attached, so
    ///     that a value the subject is then fed reaches it.
    ///   - subject: The subject, which the subscription shows in a mirror while it lasts.
    func subscribe<Downstream: Subscriber>(
        _ subscriber: Downstream, toSubject subjectType: Any.Type,
        relay: Relay<Downstream.Input, Downstream.Failure>,
        valuesWithoutDemand: ValuesWithoutDemand, onFirstDemand: (() -> Void)?,
        reflecting subject: AnyObject? = nil
    ) {
        relay.lock.lock()
        let completion = relay.completion
        relay.lock.unlock()
        if let completion {
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        if let sink = subscriber as? Subscribers.Sink<Downstream.Input, Downstream.Failure> {
            guard let receiveValue = sink.directValueHandler else { return }
            // The completion goes through the sink, which then lets go of its closures.
            sink.attach(
                relay.subscribe(
                    receiveCompletion: { sink.receive(completion: $0) },
                    receiveValue: receiveValue))
            onFirstDemand?()
            return
        }
        Publishing.subscribe(
            subscriber, to: subjectType, valuesWithoutDemand: valuesWithoutDemand,
            trapsOnZeroDemand: true, onFirstDemand: onFirstDemand,
            // As Combine's: a request made in `receive(subscription:)` is sent the current value.
            joiningBeforeHandOver: valuesWithoutDemand == .latestKept,
            // Weakly: the subject holds the subscription until it ends.
            reflecting: subject.map(WeakReference.init), bySinking: relay.subscribe)
    }
#endif
