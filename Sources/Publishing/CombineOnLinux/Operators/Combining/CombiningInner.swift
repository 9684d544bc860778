// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // What combineLatest, zip and merge share: the subscriber's end (its lifecycle and whose turn
    // it is to call it), each upstream's end, and the delivery loop (`CombiningOutlet`). Each operator's own rule,
    // its state and its demand live in its own file (`CombineLatestInner`, `ZipInner`,
    // `MergeInner`); the public types only build that engine over their typed upstreams.

    /// The subscriber's end of a combining engine: its lifecycle, whose turn it is to call it,
    /// each upstream's end, and the delivery loop. The engine's own state is guarded by the same
    /// `lock`, so an event is decided and its turn claimed in one step.
    final class CombiningOutlet<Downstream: Subscriber> {
        typealias Event = PublisherEvent<Downstream.Input, Downstream.Failure>

        let lock = Lock()
        /// Whether the upstreams are subscribed by `sink`: the subscriber is the closures of
        /// `subscribeClosures`, which asks for every value, so nothing needs counting upstream.
        let bySink: Bool
        // Guarded by `lock`, as every field below.
        var status = CombiningStatus.live
        /// The subscriber, held until the completion has gone out or the subscription was
        /// cancelled.
        private var receiver: Receiver?
        var links: [CombiningLink]
        /// One thread calls the subscriber at a time, by ``DeliveryTurn``'s rule.
        var turns = DeliveryQueue<Event>()

        /// Holds the subscriber: a class, so that taking or copying it needs no knowledge of its type.
        final class Receiver {
            let downstream: Downstream
            init(_ downstream: Downstream) { self.downstream = downstream }
        }

        init(_ downstream: Downstream, count: Int, bySink: Bool) {
            receiver = Receiver(downstream)
            links = Array(repeating: .awaiting, count: count)
            self.bySink = bySink
        }

        var isLive: Bool { status == .live }

        /// The subscriber, until the completion has gone out or the subscription was cancelled.
        var downstream: Downstream? { receiver?.downstream }

        /// Whether upstream `index`'s events still count: the stream is live and it has not ended.
        func isOpen(_ index: Int) -> Bool {
            guard isLive, case .done = links[index] else { return isLive }
            return false
        }

        /// The subscriptions that can be asked for values.
        var subscriptions: [any Subscription] {
            links.compactMap { link in
                if case .subscribed(let subscription) = link { return subscription }
                return nil
            }
        }

        /// Keeps upstream `index`'s link unless it already has one or has ended, or the stream
        /// has; returns whether it was kept.
        func keep(_ link: CombiningLink, at index: Int) -> Bool {
            guard isLive, case .awaiting = links[index] else { return false }
            links[index] = link
            return true
        }

        /// Upstream `index` ended: its link is let go of, returned to be released after the lock.
        func close(_ index: Int) -> CombiningLink {
            defer { links[index] = .done }
            return links[index]
        }

        /// Claims the turn for `value`: whether this thread delivers it now (to `receiver`, the
        /// subscriber then), or it was queued for the thread delivering.
        func claim(_ value: Downstream.Input) -> (isTurn: Bool, receiver: Receiver?) {
            (turns.claim(.value(value)), receiver)
        }

        /// Delivers `value`, whose turn this thread claimed, to `receiver`'s subscriber (the one
        /// when it was claimed), then, outermost, what other threads queued meanwhile. The
        /// demand a value's delivery returns goes to `onMore`, but for `value`'s when
        /// `returnsDemand`: that is returned, for the caller to return to the upstream that
        /// sent it.
        @discardableResult
        func deliver(
            _ value: Downstream.Input, to receiver: Receiver?, returnsDemand: Bool = false,
            onMore: (Subscribers.Demand) -> Void
        ) -> Subscribers.Demand {
            var returned = Subscribers.Demand.none
            if let receiver {
                let more = receiver.downstream.receive(value)
                if returnsDemand {
                    returned = more
                } else if more > .none {
                    onMore(more)
                }
            }
            deliverQueued(onMore: onMore)
            return returned
        }

        /// Ends on `completion` decided by an upstream: nothing more is decided; the upstreams
        /// still subscribed are cancelled; it is delivered unless another thread is delivering
        /// (which then does).
        func finish(with completion: Subscribers.Completion<Downstream.Failure>) {
            lock.lock()
            guard status == .live else { return lock.unlock() }
            status = .completing
            let ended = links
            links = Array(repeating: .done, count: links.count)
            let isTurn = turns.claim(.completion(completion))
            lock.unlock()
            for link in ended { link.cancel() }
            guard isTurn else { return }
            deliver(completion)
            deliverQueued { _ in }
        }

        /// Ends at the subscriber's cancel: nothing more goes out; the upstreams are cancelled.
        func cancel() {
            lock.lock()
            let released = (receiver.take(), turns.dropQueued())
            status = .ended
            let ended = links
            links = Array(repeating: .done, count: links.count)
            lock.unlock()
            for link in ended { link.cancel() }
            withExtendedLifetime(released) {}
        }

        private func deliver(_ completion: Subscribers.Completion<Downstream.Failure>) {
            lock.lock()
            let released = (receiver.take(), turns.dropQueued())
            status = .ended
            lock.unlock()
            released.0?.downstream.receive(completion: completion)
            withExtendedLifetime(released) {}
        }

        /// After a delivery: the outermost one delivers what other threads queued meanwhile.
        private func deliverQueued(onMore: (Subscribers.Demand) -> Void) {
            // The subscriber as it was when each event was taken: kept apart from the event, so
            // that this code, compiled once for every subscriber type, builds no tuple type.
            var receiver: Receiver?
            DeliveryTurn.loop(
                nil,
                next: {
                    lock.lock()
                    defer { lock.unlock() }
                    receiver = self.receiver
                    return turns.next()
                },
                deliver: { event in
                    switch event {
                    case .value(let value):
                        if let more = receiver?.downstream.receive(value), more > .none {
                            onMore(more)
                        }
                    case .completion(let completion):
                        deliver(completion)
                    }
                })
        }
    }

    /// Where a combining subscription is in its life.
    enum CombiningStatus {
        /// Events are decided and delivered.
        case live
        /// The completion is decided: nothing more is, and it is on its way.
        case completing
        /// The completion went out, or the subscription was cancelled.
        case ended
    }

    /// Where one upstream of a combining subscription is in its life.
    enum CombiningLink {
        /// Not subscribed yet.
        case awaiting
        /// Subscribed by a subscriber that asks it for values.
        case subscribed(any Subscription)
        /// Subscribed by `sink`, which asked for every value.
        case sunk(AnyCancellable)
        /// Finished, failed, or let go when the stream ended.
        case done

        /// Cancels the upstream, if subscribed.
        func cancel() {
            switch self {
            case .subscribed(let subscription): subscription.cancel()
            case .sunk(let cancellable): cancellable.cancel()
            case .awaiting, .done: break
            }
        }
    }

    /// A combining operator's subscription: one final class per operator family, which decides
    /// on events under its outlet's lock and delivers them through the outlet.
    protocol CombiningInner: AnyObject, Subscription {
        associatedtype Downstream: Subscriber
        var outlet: CombiningOutlet<Downstream> { get }
        /// Upstream `index` hands over its subscription.
        func receive(_ subscription: any Subscription, from index: Int)
        /// Upstream `index` ends.
        func receive(_ completion: Subscribers.Completion<Downstream.Failure>, from index: Int)
    }

    extension CombiningInner {
        /// Hands the subscriber this subscription, then subscribes the upstreams in order
        /// (`subscribe[index]` subscribes upstream `index`). A subscriber that asks for values
        /// stops the subscribing once the stream has ended; `sink`'s closures see every
        /// upstream subscribed, those after the end cancelled at once.
        func attach(_ subscribe: [(Self) -> Void]) {
            let outlet = outlet
            let downstream = outlet.lock.withLock { outlet.downstream }
            downstream?.receive(subscription: self)
            for subscribe in subscribe {
                guard outlet.bySink || outlet.lock.withLock({ outlet.isLive }) else { return }
                subscribe(self)
            }
        }

        /// Subscribes `upstream` as upstream `index`: by `sink` for `sink`'s closures, otherwise
        /// by a subscriber that feeds `receiveValue` and returns the demand it returns.
        func subscribe<Upstream: Publisher>(
            _ upstream: Upstream, as index: Int,
            receiveValue: @escaping (Upstream.Output) -> Subscribers.Demand
        ) where Upstream.Failure == Downstream.Failure {
            let outlet = outlet
            guard outlet.bySink else {
                return upstream.subscribe(
                    CombiningSide(self, index, receiveValue: receiveValue))
            }
            let cancellable = upstream.sink(
                receiveCompletion: { [self] in receive($0, from: index) },
                receiveValue: { _ = receiveValue($0) })
            let isKept = outlet.lock.withLock { outlet.keep(.sunk(cancellable), at: index) }
            if !isKept { cancellable.cancel() }
        }
    }

    /// The subscriber a combining engine subscribes to one of its upstreams, typed by that
    /// upstream's output.
    final class CombiningSide<Inner: CombiningInner, Input>: Subscriber {
        typealias Failure = Inner.Downstream.Failure
        private let inner: Inner
        private let index: Int
        private let receiveValue: (Input) -> Subscribers.Demand

        init(_ inner: Inner, _ index: Int, receiveValue: @escaping (Input) -> Subscribers.Demand) {
            self.inner = inner
            self.index = index
            self.receiveValue = receiveValue
        }

        func receive(subscription: any Subscription) { inner.receive(subscription, from: index) }
        func receive(_ input: Input) -> Subscribers.Demand { receiveValue(input) }
        func receive(completion: Subscribers.Completion<Failure>) {
            inner.receive(completion, from: index)
        }
    }

    /// The subscriber `subscribeClosures` gives a combining engine: it asks for every value.
    final class ClosureSubscriber<Input, Failure: Error>: Subscriber {
        private let receiveValue: (Input) -> Void
        private let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

        init(
            _ receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            _ receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveValue = receiveValue
            self.receiveCompletion = receiveCompletion
        }

        func receive(subscription: any Subscription) { subscription.request(.unlimited) }
        func receive(_ input: Input) -> Subscribers.Demand {
            receiveValue(input)
            return .none
        }
        func receive(completion: Subscribers.Completion<Failure>) { receiveCompletion(completion) }
    }
#endif
