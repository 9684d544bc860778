/// A publisher of this package written as two closures, for the values and the completion.
///
/// Its ``subscribeClosures(receiveCompletion:receiveValue:)`` delivers every value as it comes;
/// this protocol turns that into Combine's `receive(subscriber:)`, with demand, on every
/// platform, so each publisher has one implementation. A `sink` (which asks for every value)
/// gets the closures attached directly; any other subscriber gets a subscription that delivers
/// no more values than it asked for, and does with the others what ``valuesWithoutDemand``
/// says.
@usableFromInline
package protocol ClosurePublisher: Publisher {
    /// What becomes of a value sent while a subscriber has not asked for one.
    var valuesWithoutDemand: ValuesWithoutDemand { get }

    /// Whether finishing waits until the subscriber has asked for something, even with no
    /// value to send, as Combine's reducing operators (`first`, `collect`, `reduce`, …) do; a
    /// failure never waits.
    var completesOnlyWhenAsked: Bool { get }

    /// Whether a request for no values stops the program, as Combine's `Just`, `Future`,
    /// `Optional.Publisher`, `Result.Publisher` and `URLSession`'s publisher stop it: its
    /// protocol forbids asking for `.none`.
    var trapsOnZeroDemand: Bool { get }

    /// What a subscription to this publisher shows in a mirror, with the publisher's
    /// ``SinkReflecting`` conformance, or `nil`.
    var subscriptionReflected: Any? { get }

    /// Attaches the two closures: values in order, never two at once, then at most one
    /// completion, nothing after the returned token is cancelled.
    ///
    /// - Parameters:
    ///   - receiveCompletion: Called once when the publisher finishes or fails.
    ///   - receiveValue: Called with each value, in order.
    /// - Returns: What ends the subscription.
    func subscribeClosures(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable
}

/// What becomes of a value a publisher sends while a subscriber has not asked for one.
@usableFromInline
package enum ValuesWithoutDemand: Sendable {
    /// Kept, in order, until the subscriber asks for them: a publisher whose values would be lost
    /// otherwise, such as an operator whose upstream cannot be asked for fewer.
    case held
    /// Dropped, as Combine's `PassthroughSubject` drops them.
    case dropped
    /// Only the latest is kept, and delivered when the subscriber asks: Combine's
    /// `CurrentValueSubject` and `@Published` deliver their current value then.
    case latestKept
}

/// What `upstream` does with a value sent while its subscriber has not asked for one: for an
/// operator that passes each value straight on (or drops it), where Combine passes its
/// subscriber's demand on to the upstream, so the source's own rule applies.
@inlinable
package func valuesWithoutDemand(of upstream: some Publisher) -> ValuesWithoutDemand {
    (upstream as? any ClosurePublisher)?.valuesWithoutDemand ?? .held
}

extension ClosurePublisher {
    /// Values sent without demand are held until asked for.
    @inlinable
    package var valuesWithoutDemand: ValuesWithoutDemand { .held }

    /// The completion needs no demand.
    @inlinable
    package var completesOnlyWhenAsked: Bool { false }

    /// A request for no values is served as asking for nothing more.
    @inlinable
    package var trapsOnZeroDemand: Bool { false }

    /// Nothing: most subscriptions show no children.
    @inlinable
    package var subscriptionReflected: Any? { nil }

    /// Attaches `subscriber`: it receives a subscription, then values within the demand it
    /// requests, then the completion.
    ///
    /// - Parameter subscriber: The subscriber to attach.
    @inlinable
    public func receive<Downstream: Subscriber>(subscriber: Downstream)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        #if !canImport(Combine)
            // A sink asks for every value: nothing to count, so the closures go straight in.
            if let sink = subscriber as? Subscribers.Sink<Output, Failure> {
                guard let receiveValue = sink.directValueHandler else { return }
                // The completion goes through the sink, which then lets go of its closures; and
                // the publisher holds the sink until then, as a Combine subscription holds its
                // subscriber.
                sink.attach(
                    subscribeClosures(
                        receiveCompletion: { sink.receive(completion: $0) },
                        receiveValue: receiveValue))
                return
            }
        #endif
        Publishing.subscribe(
            subscriber, to: Self.self, valuesWithoutDemand: valuesWithoutDemand,
            completesOnlyWhenAsked: completesOnlyWhenAsked, trapsOnZeroDemand: trapsOnZeroDemand,
            reflecting: subscriptionReflected, bySinking: subscribeClosures)
    }
}

/// Subscribes `subscriber` to a publisher written as closures, as Combine's
/// `receive(subscriber:)` must: the subscription is handed over first, then values are
/// delivered within the demand the subscriber requests.
///
/// The subscription holds itself, through the closures, until it is cancelled or completes, as
/// a Combine publisher holds its subscriptions: a subscriber need not keep it.
///
/// - Parameters:
///   - subscriber: The subscriber.
///   - publisherType: The publisher's type, which names the subscription in its `description`.
///   - valuesWithoutDemand: What becomes of a value sent before the subscriber asked for it.
///   - completesOnlyWhenAsked: Whether the completion waits for the subscriber's first request.
///   - trapsOnZeroDemand: Whether a request for no values stops the program.
///   - onFirstDemand: Called once the subscriber has asked for something and is attached.
///   - joiningBeforeHandOver: Whether the subscription joins the publisher before the
///     subscriber receives it, as Combine's `CurrentValueSubject`'s does, so a request made in
///     `receive(subscription:)` is sent the current value at once.
///   - reflected: What the subscription shows in a mirror (see ``SinkReflecting``).
///   - sink: Subscribes the two closures to the publisher, returning what ends it.
@usableFromInline
package func subscribe<Downstream: Subscriber>(
    _ subscriber: Downstream,
    to publisherType: Any.Type,
    valuesWithoutDemand: ValuesWithoutDemand,
    completesOnlyWhenAsked: Bool = false,
    trapsOnZeroDemand: Bool = false,
    onFirstDemand: (() -> Void)? = nil,
    joiningBeforeHandOver: Bool = false,
    reflecting reflected: Any? = nil,
    bySinking sink: (
        _ receiveCompletion: @escaping (Subscribers.Completion<Downstream.Failure>) -> Void,
        _ receiveValue: @escaping (Downstream.Input) -> Void
    ) -> any Cancellable
) {
    let subscription = SinkSubscription(
        subscriber, of: publisherType, valuesWithoutDemand: valuesWithoutDemand,
        completesOnlyWhenAsked: completesOnlyWhenAsked, trapsOnZeroDemand: trapsOnZeroDemand,
        onFirstDemand: onFirstDemand, reflecting: reflected)
    if joiningBeforeHandOver {
        subscription.attach(
            sink(
                { subscription.post(.completion($0)) },
                { subscription.post(.value($0)) }
            ))
        subscription.handOver(to: subscriber)
        return
    }
    subscriber.receive(subscription: subscription)
    subscription.attach(
        sink(
            { subscription.post(.completion($0)) },
            { subscription.post(.value($0)) }
        ))
}
