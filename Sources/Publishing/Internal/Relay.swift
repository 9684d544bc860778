/// One event a subscription receives.
@usableFromInline
package enum PublisherEvent<Output, Failure: Error> {
    case value(Output)
    case completion(Subscribers.Completion<Failure>)
}

/// The delivery mechanism behind every subject, `@Published` property and
/// `ObservableObjectPublisher`.
///
/// - Each subscriber gets every event in the order the relay accepted it: events are queued
///   per subscriber while the relay's lock is held, so a replayed current value can never be
///   overtaken by a concurrent send.
/// - Delivery runs outside the lock, on the sending thread. If a subscriber is already being
///   delivered to (by another thread, or re-entrantly from its own closure), the event waits
///   in its queue and that delivery loop hands it over next. So sending, subscribing and
///   cancelling from inside a closure never deadlock, and values sent from inside a closure
///   reach each subscriber after the value being delivered now.
/// - No subscriber receives two events at once.
@usableFromInline
// @unchecked: every mutable field here and in `Subscription` is guarded by `lock`.
package final class Relay<Output, Failure: Error>: @unchecked Sendable {
    @usableFromInline package typealias Event = PublisherEvent<Output, Failure>
    @usableFromInline typealias Handler = (Event) -> Void

    @usableFromInline
    final class Subscription {
        @usableFromInline var handler: Handler?
        @usableFromInline var pending = FIFO<Event>()
        @usableFromInline var isDelivering = false

        @inlinable
        init(handler: @escaping Handler) {
            self.handler = handler
        }
    }

    @usableFromInline let lock = Lock()
    @usableFromInline var current: Output?
    @usableFromInline var subscriptions: [Subscription] = []
    @usableFromInline var completion: Subscribers.Completion<Failure>?

    /// A relay with no current value, like `PassthroughSubject`.
    @inlinable
    package init() {}

    /// A relay that replays `value` to each new subscriber, like `CurrentValueSubject`.
    @inlinable
    package init(value: Output) {
        current = value
    }

    /// The current value. Only call this on a relay made with `init(value:)`.
    @inlinable
    package var value: Output {
        lock.withLock { current! }
    }

    /// Stores `value` as the current one (if the relay has one) and delivers it.
    @inlinable
    package func send(_ value: Output) {
        let plan = lock.withLock { () -> DeliveryPlan? in
            guard completion == nil else { return nil }
            if current != nil { current = value }
            return enqueue(.value(value), to: subscriptions)
        }
        plan?.run(on: self)
    }

    /// Changes the current value in place and delivers the result, as one step with respect to
    /// other sends: concurrent updates never lose each other's changes. Only call this on a
    /// relay made with `init(value:)`.
    @inlinable
    package func update(_ change: (inout Output) -> Void) {
        let plan = lock.withLock { () -> DeliveryPlan? in
            guard completion == nil, var value = current else { return nil }
            change(&value)
            current = value
            return enqueue(.value(value), to: subscriptions)
        }
        plan?.run(on: self)
    }

    /// Delivers the completion and ends every subscription; later events are ignored.
    @inlinable
    package func send(completion: Subscribers.Completion<Failure>) {
        let plan = lock.withLock { () -> DeliveryPlan? in
            guard self.completion == nil else { return nil }
            self.completion = completion
            let ended = subscriptions
            subscriptions = []
            return enqueue(.completion(completion), to: ended)
        }
        plan?.run(on: self)
    }

    /// Subscribes `handler`, replaying the current value (or the completion) first.
    @inlinable
    package func subscribe(_ handler: @escaping (Event) -> Void) -> AnyCancellable {
        let subscription = Subscription(handler: handler)
        let plan = lock.withLock { () -> DeliveryPlan? in
            if let completion {
                return enqueue(.completion(completion), to: [subscription])
            }
            subscriptions.append(subscription)
            guard let current else { return nil }
            return enqueue(.value(current), to: [subscription])
        }
        plan?.run(on: self)
        return AnyCancellable { [weak self] in self?.cancel(subscription) }
    }

    @inlinable
    func cancel(_ subscription: Subscription) {
        // Returned so it is released after the lock: its captures' deinit may re-enter.
        let handler = lock.withLock { () -> Handler? in
            subscriptions.removeAll { $0 === subscription }
            subscription.pending.removeAll()
            defer { subscription.handler = nil }
            return subscription.handler
        }
        withExtendedLifetime(handler) {}
    }

    // MARK: Delivery

    /// Who must be delivered to once the lock is released.
    ///
    /// The first idle subscriber gets its event handed over directly (the common case: one
    /// subscriber, no contention); any other idle subscriber drains its queue.
    @usableFromInline
    struct DeliveryPlan {
        @usableFromInline var direct: (Subscription, Handler, Event)?
        @usableFromInline var drains: [Subscription] = []

        @inlinable
        init() {}

        @inlinable
        func run(on relay: Relay) {
            if let (subscription, handler, event) = direct {
                handler(event)
                relay.drain(subscription)
            }
            for subscription in drains {
                relay.drain(subscription)
            }
        }
    }

    /// Must be called with `lock` held.
    @inlinable
    func enqueue(_ event: Event, to targets: [Subscription]) -> DeliveryPlan? {
        var plan = DeliveryPlan()
        for subscription in targets {
            guard let handler = subscription.handler else { continue }
            if subscription.isDelivering {
                subscription.pending.push(event)
            } else if plan.direct == nil {
                subscription.isDelivering = true
                plan.direct = (subscription, handler, event)
                if case .completion = event { subscription.handler = nil }
            } else {
                subscription.isDelivering = true
                subscription.pending.push(event)
                plan.drains.append(subscription)
            }
        }
        return plan.direct == nil ? nil : plan
    }

    /// Delivers queued events one at a time until the subscription's queue is empty.
    @inlinable
    func drain(_ subscription: Subscription) {
        while true {
            let next = lock.withLock { () -> (Handler, Event)? in
                guard let handler = subscription.handler, let event = subscription.pending.pop()
                else {
                    subscription.isDelivering = false
                    subscription.pending.removeAll()
                    return nil
                }
                if case .completion = event { subscription.handler = nil }
                return (handler, event)
            }
            guard let (handler, event) = next else { return }
            handler(event)
        }
    }
}

extension Relay {
    /// Subscribes a pair of sink closures.
    @inlinable
    package func subscribe(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subscribe { event in
            switch event {
            case .value(let value): receiveValue(value)
            case .completion(let completion): receiveCompletion(completion)
            }
        }
    }
}

extension Relay: Publisher {
    @inlinable
    package func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}
