// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// merge's subscription, for `sink` and every other subscriber.
    ///
    /// Demand, as Combine's: each upstream is asked for `.max(1)` at a time (`.unlimited` once the
    /// subscriber's demand is); while the subscriber has no demand, one value per upstream is
    /// kept (a newer one replacing it), and the kept values go out in upstream order when it
    /// asks, each upstream asked for another. It fails with the first failure and finishes once
    /// every upstream has finished and nothing is kept.
    final class MergeInner<Downstream: Subscriber>: CombiningInner, CustomStringConvertible {
        let outlet: CombiningOutlet<Downstream>
        /// The outlet's lock, which guards every field below.
        private let lock: Lock
        private var kept: [Downstream.Input?]
        private var keptCount = 0
        private var finishedCount = 0
        private var demand = Subscribers.Demand.none

        init(_ downstream: Downstream, count: Int, bySink: Bool) {
            outlet = CombiningOutlet(downstream, count: count, bySink: bySink)
            lock = outlet.lock
            kept = Array(repeating: nil, count: count)
        }

        var description: String { "Merge" }

        /// Hands the subscriber this subscription, subscribes the upstreams, then finishes if
        /// there are none.
        func start(_ subscribe: [(MergeInner) -> Void]) {
            attach(subscribe)
            add(.none)
        }

        /// Subscribes `upstream` as upstream `index`.
        func subscribe<Upstream: Publisher>(_ upstream: Upstream, as index: Int)
        where Upstream.Output == Downstream.Input, Upstream.Failure == Downstream.Failure {
            subscribe(upstream, as: index, receiveValue: { [self] in receive($0, from: index) })
        }

        func receive(_ subscription: any Subscription, from index: Int) {
            lock.lock()
            let isKept = outlet.keep(.subscribed(subscription), at: index)
            let initial: Subscribers.Demand = demand == .unlimited ? .unlimited : .max(1)
            lock.unlock()
            guard isKept else { return subscription.cancel() }
            subscription.request(initial)
        }

        private func receive(_ value: Downstream.Input, from index: Int) -> Subscribers.Demand {
            lock.lock()
            guard outlet.isOpen(index) else {
                lock.unlock()
                return .none
            }
            guard demand > .none else {
                // An upstream asked for one value sends at most one; a newer one replaces it.
                if kept[index] == nil { keptCount += 1 }
                kept[index] = value
                lock.unlock()
                return .none
            }
            let renew = demand != .unlimited
            demand -= 1
            let claimed = outlet.claim(value)
            lock.unlock()
            if claimed.isTurn { outlet.deliver(value, to: claimed.receiver, onMore: add) }
            return renew ? .max(1) : .none
        }

        func receive(_ completion: Subscribers.Completion<Downstream.Failure>, from index: Int) {
            lock.lock()
            guard outlet.isOpen(index) else { return lock.unlock() }
            let link = outlet.close(index)
            finishedCount += 1
            guard case .failure = completion else {
                lock.unlock()
                withExtendedLifetime(link) {}
                return add(.none)
            }
            // The kept values are released after the lock: a release may run user code.
            let released = resetKept()
            lock.unlock()
            withExtendedLifetime((link, released)) {}
            outlet.finish(with: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            guard demand > .none else { return }
            add(demand)
        }

        func cancel() {
            let released = lock.withLock { resetKept() }
            outlet.cancel()
            withExtendedLifetime(released) {}
        }

        /// Adds `more` to the demand, sends the values kept (asking their upstreams for another),
        /// and finishes once every upstream has and nothing is kept.
        private func add(_ more: Subscribers.Demand) {
            var requests: [(any Subscription, Subscribers.Demand)] = []
            var more = more
            while true {
                lock.lock()
                guard outlet.isLive else {
                    lock.unlock()
                    break
                }
                let wasUnlimited = demand == .unlimited
                demand += more
                more = .none
                if !wasUnlimited, demand == .unlimited {
                    requests += outlet.subscriptions.map { ($0, .unlimited) }
                }
                if demand > .none, keptCount > 0, let index = kept.firstIndex(where: { $0 != nil })
                {
                    let value = kept[index].take()!
                    keptCount -= 1
                    if demand != .unlimited, case .subscribed(let upstream) = outlet.links[index] {
                        requests.append((upstream, .max(1)))
                    }
                    demand -= 1
                    let claimed = outlet.claim(value)
                    lock.unlock()
                    if claimed.isTurn {
                        outlet.deliver(value, to: claimed.receiver, onMore: add)
                    }
                    continue
                }
                let isOver = finishedCount == outlet.links.count && keptCount == 0
                lock.unlock()
                if isOver { outlet.finish(with: .finished) }
                break
            }
            for (upstream, demand) in requests { upstream.request(demand) }
        }

        /// Empties `kept`, returning what it held. Called with the lock held.
        private func resetKept() -> [Downstream.Input?] {
            keptCount = 0
            defer { kept = Array(repeating: nil, count: kept.count) }
            return kept
        }
    }

    extension MergeInner: CombineReflecting {}

    // merge's adapters: each arity builds one ``MergeInner`` over its upstreams, for `sink`
    // (through `subscribeClosures`) and for every other subscriber.

    /// Subscribes `downstream` through one ``MergeInner``, which it returns;
    /// `upstreams[index]` subscribes upstream
    /// `index` to it.
    @discardableResult
    func subscribeMerging<Downstream: Subscriber>(
        _ downstream: Downstream, bySink: Bool, _ upstreams: [(MergeInner<Downstream>) -> Void]
    ) -> any Cancellable {
        let inner = MergeInner(downstream, count: upstreams.count, bySink: bySink)
        inner.start(upstreams)
        return inner
    }

    extension Publishers.Merge {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ``MergeInner`` over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b) = (a, b)
            return subscribeMerging(
                downstream, bySink: bySink,
                [
                    { $0.subscribe(a, as: 0) },
                    { $0.subscribe(b, as: 1) },
                ])
        }
    }

    extension Publishers.Merge3 {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ``MergeInner`` over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b, c) = (a, b, c)
            return subscribeMerging(
                downstream, bySink: bySink,
                [
                    { $0.subscribe(a, as: 0) },
                    { $0.subscribe(b, as: 1) },
                    { $0.subscribe(c, as: 2) },
                ])
        }
    }

    extension Publishers.Merge4 {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ``MergeInner`` over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b, c, d) = (a, b, c, d)
            return subscribeMerging(
                downstream, bySink: bySink,
                [
                    { $0.subscribe(a, as: 0) },
                    { $0.subscribe(b, as: 1) },
                    { $0.subscribe(c, as: 2) },
                    { $0.subscribe(d, as: 3) },
                ])
        }
    }

    extension Publishers.Merge5 {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ``MergeInner`` over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b, c, d, e) = (a, b, c, d, e)
            return subscribeMerging(
                downstream, bySink: bySink,
                [
                    { $0.subscribe(a, as: 0) },
                    { $0.subscribe(b, as: 1) },
                    { $0.subscribe(c, as: 2) },
                    { $0.subscribe(d, as: 3) },
                    { $0.subscribe(e, as: 4) },
                ])
        }
    }

    extension Publishers.Merge6 {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ``MergeInner`` over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b, c, d, e, f) = (a, b, c, d, e, f)
            return subscribeMerging(
                downstream, bySink: bySink,
                [
                    { $0.subscribe(a, as: 0) },
                    { $0.subscribe(b, as: 1) },
                    { $0.subscribe(c, as: 2) },
                    { $0.subscribe(d, as: 3) },
                    { $0.subscribe(e, as: 4) },
                    { $0.subscribe(f, as: 5) },
                ])
        }
    }

    extension Publishers.Merge7 {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ``MergeInner`` over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b, c, d, e, f, g) = (a, b, c, d, e, f, g)
            return subscribeMerging(
                downstream, bySink: bySink,
                [
                    { $0.subscribe(a, as: 0) },
                    { $0.subscribe(b, as: 1) },
                    { $0.subscribe(c, as: 2) },
                    { $0.subscribe(d, as: 3) },
                    { $0.subscribe(e, as: 4) },
                    { $0.subscribe(f, as: 5) },
                    { $0.subscribe(g, as: 6) },
                ])
        }
    }

    extension Publishers.Merge8 {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ``MergeInner`` over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b, c, d, e, f, g, h) = (a, b, c, d, e, f, g, h)
            return subscribeMerging(
                downstream, bySink: bySink,
                [
                    { $0.subscribe(a, as: 0) },
                    { $0.subscribe(b, as: 1) },
                    { $0.subscribe(c, as: 2) },
                    { $0.subscribe(d, as: 3) },
                    { $0.subscribe(e, as: 4) },
                    { $0.subscribe(f, as: 5) },
                    { $0.subscribe(g, as: 6) },
                    { $0.subscribe(h, as: 7) },
                ])
        }
    }

    extension Publishers.MergeMany {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ``MergeInner`` over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let publishers = publishers
            return subscribeMerging(
                downstream, bySink: bySink,
                publishers.indices.map { index in { $0.subscribe(publishers[index], as: index) } })
        }
    }
#endif
