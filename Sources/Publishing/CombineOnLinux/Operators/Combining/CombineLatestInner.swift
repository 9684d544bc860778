// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// combineLatest's subscription, for `sink` and every other subscriber.
    ///
    /// `Latest` holds each upstream's latest value, typed (a tuple of optionals); `combine` makes
    /// the output from it once every upstream has sent. Demand, as Combine's: what the subscriber
    /// asks for is asked of each upstream; a value that comes without demand, or from inside a
    /// delivery (the subscriber sending into an upstream), only becomes its upstream's latest.
    /// It fails with the first failure and finishes once every upstream has finished.
    final class CombineLatestInner<Downstream: Subscriber, Latest>: CombiningInner,
        CustomStringConvertible
    {
        let outlet: CombiningOutlet<Downstream>
        /// The outlet's lock, which guards every field below.
        private let lock: Lock
        private var latest: Latest
        /// `latest` before any upstream sent: what a cancel resets it to.
        private let noValues: Latest
        private let combine: (Latest) -> Downstream.Input?
        /// What the subscriber asked for and has not been sent.
        private var demand = Subscribers.Demand.none
        /// What the subscriber asked for in all: what an upstream subscribed late is asked for.
        private var requested = Subscribers.Demand.none
        private var finishedCount = 0

        init(
            _ downstream: Downstream, count: Int, latest: Latest, bySink: Bool,
            combine: @escaping (Latest) -> Downstream.Input?
        ) {
            outlet = CombiningOutlet(downstream, count: count, bySink: bySink)
            lock = outlet.lock
            self.latest = latest
            noValues = latest
            self.combine = combine
        }

        var description: String { "CombineLatest" }

        /// Subscribes `upstream` as upstream `index`, whose values `store` keeps as its latest.
        func subscribe<Upstream: Publisher>(
            _ upstream: Upstream, as index: Int,
            store: @escaping (inout Latest, Upstream.Output) -> Void
        ) where Upstream.Failure == Downstream.Failure {
            subscribe(
                upstream, as: index, receiveValue: { [self] in receive($0, from: index, store) })
        }

        func receive(_ subscription: any Subscription, from index: Int) {
            lock.lock()
            let isKept = outlet.keep(.subscribed(subscription), at: index)
            let initial = requested
            lock.unlock()
            guard isKept else { return subscription.cancel() }
            if initial > .none { subscription.request(initial) }
        }

        private func receive<Input>(
            _ value: Input, from index: Int, _ store: (inout Latest, Input) -> Void
        ) -> Subscribers.Demand {
            lock.lock()
            guard outlet.isOpen(index) else {
                lock.unlock()
                return .none
            }
            store(&latest, value)
            guard demand > .none, !outlet.turns.isInsideDelivery, let output = combine(latest)
            else {
                lock.unlock()
                return .none
            }
            demand -= 1
            let claimed = outlet.claim(output)
            lock.unlock()
            if claimed.isTurn { outlet.deliver(output, to: claimed.receiver, onMore: ask) }
            return .none
        }

        func receive(_ completion: Subscribers.Completion<Downstream.Failure>, from index: Int) {
            lock.lock()
            guard outlet.isOpen(index) else { return lock.unlock() }
            let link = outlet.close(index)
            finishedCount += 1
            let isOver =
                if case .failure = completion { true } else { finishedCount == outlet.links.count }
            lock.unlock()
            withExtendedLifetime(link) {}
            if isOver { outlet.finish(with: completion) }
        }

        func request(_ demand: Subscribers.Demand) { ask(demand) }

        func cancel() {
            let released = lock.withLock { resetLatest() }
            outlet.cancel()
            withExtendedLifetime(released) {}
        }

        /// Adds `more` to what the subscriber asked for, and asks every upstream for it.
        private func ask(_ more: Subscribers.Demand) {
            lock.lock()
            guard outlet.isLive else { return lock.unlock() }
            demand += more
            requested += more
            let upstreams = outlet.subscriptions
            lock.unlock()
            for upstream in upstreams { upstream.request(more) }
        }

        /// Empties `latest`, returning what it held. Called with the lock held.
        private func resetLatest() -> Latest {
            defer { latest = noValues }
            return latest
        }
    }

    extension CombineLatestInner: CombineReflecting {}

    // combineLatest's adapters: each arity builds one ``CombineLatestInner`` over its typed
    // upstreams, for `sink` (through `subscribeClosures`) and for every other subscriber.

    extension Publishers.CombineLatest {
        /// What a chained operator does with a combined value nobody asked for: drops it, as a
        /// value without demand only becomes its upstream's latest.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand { .dropped }

        /// Attaches `subscriber`; its demand is asked of each upstream, and a value that comes
        /// without demand only becomes that upstream's latest.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one CombineLatestInner over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b) = (a, b)
            let inner = CombineLatestInner(
                downstream, count: 2, latest: (nil, nil) as (A.Output?, B.Output?), bySink: bySink
            ) { latest in
                guard let a = latest.0, let b = latest.1 else { return nil }
                return (a, b)
            }
            inner.attach([
                { _ in inner.subscribe(a, as: 0, store: { $0.0 = $1 }) },
                { _ in inner.subscribe(b, as: 1, store: { $0.1 = $1 }) },
            ])
            return inner
        }
    }

    extension Publishers.CombineLatest3 {
        /// What a chained operator does with a combined value nobody asked for: drops it, as a
        /// value without demand only becomes its upstream's latest.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand { .dropped }

        /// Attaches `subscriber`; its demand is asked of each upstream, and a value that comes
        /// without demand only becomes that upstream's latest.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one CombineLatestInner over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b, c) = (a, b, c)
            let inner = CombineLatestInner(
                downstream, count: 3, latest: (nil, nil, nil) as (A.Output?, B.Output?, C.Output?),
                bySink: bySink
            ) { latest in
                guard let a = latest.0, let b = latest.1, let c = latest.2 else { return nil }
                return (a, b, c)
            }
            inner.attach([
                { _ in inner.subscribe(a, as: 0, store: { $0.0 = $1 }) },
                { _ in inner.subscribe(b, as: 1, store: { $0.1 = $1 }) },
                { _ in inner.subscribe(c, as: 2, store: { $0.2 = $1 }) },
            ])
            return inner
        }
    }

    extension Publishers.CombineLatest4 {
        /// What a chained operator does with a combined value nobody asked for: drops it, as a
        /// value without demand only becomes its upstream's latest.
        @inlinable
        package var valuesWithoutDemand: ValuesWithoutDemand { .dropped }

        /// Attaches `subscriber`; its demand is asked of each upstream, and a value that comes
        /// without demand only becomes that upstream's latest.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one CombineLatestInner over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b, c, d) = (a, b, c, d)
            let inner = CombineLatestInner(
                downstream, count: 4,
                latest: (nil, nil, nil, nil) as (A.Output?, B.Output?, C.Output?, D.Output?),
                bySink: bySink
            ) { latest in
                guard let a = latest.0, let b = latest.1, let c = latest.2, let d = latest.3 else {
                    return nil
                }
                return (a, b, c, d)
            }
            inner.attach([
                { _ in inner.subscribe(a, as: 0, store: { $0.0 = $1 }) },
                { _ in inner.subscribe(b, as: 1, store: { $0.1 = $1 }) },
                { _ in inner.subscribe(c, as: 2, store: { $0.2 = $1 }) },
                { _ in inner.subscribe(d, as: 3, store: { $0.3 = $1 }) },
            ])
            return inner
        }
    }
#endif
