// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // What combineLatest, zip and merge share: the subscriber's end (its lifecycle and whose turn
    // it is to call it), each upstream's end, and the delivery loop. Each operator's own rule,
    // its state and its demand live in its own file (`CombineLatestInner`, `ZipInner`,
    // `MergeInner`); the public types only build that engine over their typed upstreams.

    /// The state a combining engine keeps about its subscriber and its upstreams, guarded by
    /// the engine's lock.
    struct CombiningOutlet<Downstream: Subscriber> {
        typealias Event = PublisherEvent<Downstream.Input, Downstream.Failure>

        /// Where the subscription is in its life.
        enum Status {
            /// Events are decided and delivered.
            case live(Downstream)
            /// The completion is decided: nothing more is, and it is on its way.
            case completing(Downstream)
            /// The completion went out, or the subscription was cancelled.
            case ended
        }

        /// Where one upstream is in its life.
        enum Link {
            /// Not subscribed yet.
            case awaiting
            /// Subscribed by a subscriber that asks it for values.
            case subscribed(any Subscription)
            /// Subscribed by `sink`, which asked for every value.
            case sunk(AnyCancellable)
            /// Finished, failed, or let go when the stream ended.
            case done
        }

        var status: Status
        var links: [Link]
        /// One thread calls the subscriber at a time, by ``DeliveryTurns``' rule.
        var turns = DeliveryTurns<Event>()
        /// Whether the upstreams are subscribed by `sink`: the subscriber is the closures of
        /// `subscribeClosures`, which asks for every value, so nothing needs counting upstream.
        let bySink: Bool

        init(_ downstream: Downstream, count: Int, bySink: Bool) {
            status = .live(downstream)
            links = Array(repeating: .awaiting, count: count)
            self.bySink = bySink
        }

        var isLive: Bool {
            if case .live = status { return true }
            return false
        }

        /// The subscriber, until the completion has gone out or the subscription was cancelled.
        var downstream: Downstream? {
            switch status {
            case .live(let downstream), .completing(let downstream): downstream
            case .ended: nil
            }
        }

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
        mutating func keep(_ link: Link, at index: Int) -> Bool {
            guard isLive, case .awaiting = links[index] else { return false }
            links[index] = link
            return true
        }

        /// Upstream `index` ended: its link is let go of, returned to be released after the lock.
        mutating func close(_ index: Int) -> Link {
            defer { links[index] = .done }
            return links[index]
        }

        /// Decides on the completion: nothing more is decided; returns the upstreams' links, to
        /// cancel after the lock, and whether this thread delivers it now.
        mutating func complete(
            _ completion: Subscribers.Completion<Downstream.Failure>
        ) -> (links: [Link], isTurn: Bool) {
            guard case .live(let downstream) = status else { return ([], false) }
            status = .completing(downstream)
            defer { links = Array(repeating: .done, count: links.count) }
            return (links, turns.claim(.completion(completion)))
        }

        /// Ends at a cancel: returns what to cancel and release after the lock.
        mutating func cancel() -> (links: [Link], released: (Downstream?, FIFO<Event>)) {
            let released = (downstream, turns.dropQueued())
            status = .ended
            defer { links = Array(repeating: .done, count: links.count) }
            return (links, released)
        }
    }

    extension CombiningOutlet.Link {
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
    /// on events under `lock` and delivers them with ``deliver(_:to:returnsDemand:onMore:)``.
    protocol CombiningInner: AnyObject, Subscription {
        associatedtype Downstream: Subscriber
        /// Guards `outlet` and the engine's own state.
        var lock: Lock { get }
        var outlet: CombiningOutlet<Downstream> { get set }
        /// Upstream `index` hands over its subscription.
        func receive(_ subscription: any Subscription, from index: Int)
        /// Upstream `index` ends.
        func receive(_ completion: Subscribers.Completion<Downstream.Failure>, from index: Int)
    }

    extension CombiningInner {
        typealias Event = PublisherEvent<Downstream.Input, Downstream.Failure>

        /// Hands the subscriber this subscription, then subscribes the upstreams in order
        /// (`subscribe[index]` subscribes upstream `index`). A subscriber that asks for values
        /// stops the subscribing once the stream has ended; `sink`'s closures see every
        /// upstream subscribed, those after the end cancelled at once.
        func attach(_ subscribe: [(Self) -> Void]) {
            let downstream = lock.withLock { outlet.downstream }
            downstream?.receive(subscription: self)
            for subscribe in subscribe {
                guard outlet.bySink || lock.withLock({ outlet.isLive }) else { return }
                subscribe(self)
            }
        }

        /// Subscribes `upstream` as upstream `index`: by `sink` for `sink`'s closures, otherwise
        /// by a subscriber that feeds `receiveValue` and returns the demand it returns.
        func subscribe<Upstream: Publisher>(
            _ upstream: Upstream, as index: Int,
            receiveValue: @escaping (Upstream.Output) -> Subscribers.Demand
        ) where Upstream.Failure == Downstream.Failure {
            guard outlet.bySink else {
                return upstream.subscribe(
                    CombiningSide(self, index, receiveValue: receiveValue))
            }
            let cancellable = upstream.sink(
                receiveCompletion: { [self] in receive($0, from: index) },
                receiveValue: { _ = receiveValue($0) })
            let isKept = lock.withLock { outlet.keep(.sunk(cancellable), at: index) }
            if !isKept { cancellable.cancel() }
        }

        /// Delivers `first`, whose turn this thread claimed, to `downstream` (the subscriber when
        /// it was claimed), then, outermost, what other threads queued meanwhile. The demand a
        /// value's delivery returns goes to `onMore`, but for `first`'s when `returnsDemand`: that
        /// is returned, for the caller to return to the upstream that sent it.
        @discardableResult
        func deliver(
            _ first: Event, to downstream: Downstream?, returnsDemand: Bool = false,
            onMore: (Subscribers.Demand) -> Void
        ) -> Subscribers.Demand {
            var event = first
            var downstream = downstream
            var returned = Subscribers.Demand.none
            var isClaimed = true
            while true {
                switch event {
                case .value(let value):
                    if let downstream {
                        let more = downstream.receive(value)
                        if returnsDemand, isClaimed {
                            returned = more
                        } else if more > .none {
                            onMore(more)
                        }
                    }
                case .completion(let completion):
                    lock.lock()
                    let released = (outlet.downstream, outlet.turns.dropQueued())
                    outlet.status = .ended
                    lock.unlock()
                    released.0?.receive(completion: completion)
                    withExtendedLifetime(released) {}
                }
                lock.lock()
                let next = outlet.turns.next()
                downstream = outlet.downstream
                lock.unlock()
                guard let next else { return returned }
                event = next
                isClaimed = false
            }
        }

        /// Ends on `completion` decided by an upstream: cancels the upstreams still subscribed,
        /// then delivers it unless another thread is delivering (which then does).
        func finish(with completion: Subscribers.Completion<Downstream.Failure>) {
            lock.lock()
            let (links, isTurn) = outlet.complete(completion)
            lock.unlock()
            for link in links { link.cancel() }
            if isTurn { deliver(.completion(completion), to: nil) { _ in } }
        }

        /// Ends at the subscriber's cancel: nothing more goes out; the upstreams are cancelled.
        func cancelUpstreams() {
            lock.lock()
            let (links, released) = outlet.cancel()
            lock.unlock()
            for link in links { link.cancel() }
            withExtendedLifetime(released) {}
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
