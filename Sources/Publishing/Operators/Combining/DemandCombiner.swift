// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // combineLatest and merge for a subscriber that counts its demand, as Combine's: each
    // upstream is subscribed with a subscriber that asks it for values, and the operator's
    // subscription counts what its own subscriber asked for. A `sink` asks for every value, so it
    // takes the faster closures of `CombiningEngine.swift` instead.

    /// What combineLatest and merge share: the subscriber, the upstreams' subscriptions, and
    /// delivery.
    ///
    /// One thread delivers at a time, by ``DeliveryTurns``' rule, so a re-entrant send never
    /// deadlocks. Every mutable field is only touched while holding `lock`; only the thread whose
    /// turn it is calls the subscriber.
    class DemandCombiner<Downstream: Subscriber>: CombiningParent<Downstream.Failure>, Subscription
    {
        typealias Event = PublisherEvent<Downstream.Input, Downstream.Failure>

        let lock = Lock()
        let count: Int
        var downstream: Downstream?
        var subscriptions: [(any Subscription)?]
        var finished: [Bool]
        /// No more events are decided: the completion was, or the subscription was cancelled.
        var isTerminated = false
        private var turns = DeliveryTurns<Event>()

        init(_ downstream: Downstream, count: Int) {
            self.downstream = downstream
            self.count = count
            subscriptions = Array(repeating: nil, count: count)
            finished = Array(repeating: false, count: count)
        }

        /// Hands the subscriber this subscription, then subscribes to the upstreams unless it
        /// cancelled meanwhile.
        func start(_ attach: IndexedAttach<Downstream.Failure>) {
            lock.withLock { downstream }?.receive(subscription: self)
            for index in 0..<count {
                guard !lock.withLock({ isTerminated }) else { return }
                attach(self, index)
            }
            started()
        }

        /// Called once every upstream has been subscribed.
        func started() {}

        /// What the subscriber has asked for so far, for operators that ask each upstream for
        /// all of it (combineLatest, zip). Guarded by `lock`.
        private var requested = Subscribers.Demand.none

        /// Keeps upstream `index`'s subscription and asks it for what the subscriber has asked
        /// for so far; a second one, or one that comes after the end, is cancelled.
        func keepAndAsk(_ subscription: any Subscription, from index: Int) {
            lock.lock()
            guard !isTerminated, !finished[index], subscriptions[index] == nil else {
                lock.unlock()
                subscription.cancel()
                return
            }
            subscriptions[index] = subscription
            let initial = requested
            lock.unlock()
            if initial > 0 { subscription.request(initial) }
        }

        /// Adds `more` to what the subscriber has asked for, without asking any upstream: it was
        /// returned to the upstream whose value was delivered.
        func count(_ more: Subscribers.Demand) {
            lock.withLock { if !isTerminated { requested += more } }
        }

        /// Adds `more` to what the subscriber has asked for, and asks every upstream for it.
        func askEveryUpstream(_ more: Subscribers.Demand) {
            lock.lock()
            guard !isTerminated else { return lock.unlock() }
            requested += more
            let upstreams = subscriptions.compactMap { $0 }
            lock.unlock()
            for upstream in upstreams { upstream.request(more) }
        }

        /// The subscriber asked for `demand` more, from its `receive(_:)`.
        func add(_ demand: Subscribers.Demand) {}

        func request(_ demand: Subscribers.Demand) {}

        /// Whether this thread is delivering: the change comes from inside a delivery. Called with
        /// the lock held.
        var isInsideDelivery: Bool { turns.isInsideDelivery }

        /// Decides on `event`; returns whether this thread delivers it now (call ``deliver(_:)``
        /// after unlocking), or it is queued for the thread delivering. Called with the lock held.
        func claim(_ event: Event) -> Bool {
            turns.claim(event)
        }

        /// Delivers a claimed event, then, outermost, what other threads queued meanwhile. With
        /// `returnsDemand`, the demand the claimed value's delivery returns is returned, for the
        /// caller to return to the upstream that sent it, instead of ``add(_:)``ed.
        @discardableResult
        func deliver(_ event: Event, returnsDemand: Bool = false) -> Subscribers.Demand {
            var event = event
            var returned = Subscribers.Demand.none
            var isClaimed = true
            while true {
                switch event {
                case .value(let value):
                    if let downstream = lock.withLock({ downstream }) {
                        let more = downstream.receive(value)
                        if returnsDemand, isClaimed {
                            returned = more
                        } else if more > 0 {
                            add(more)
                        }
                    }
                case .completion(let completion):
                    lock.lock()
                    let downstream = downstream.take()
                    let dropped = turns.dropQueued()
                    lock.unlock()
                    withExtendedLifetime(dropped) {}
                    downstream?.receive(completion: completion)
                }
                lock.lock()
                let next = turns.next()
                lock.unlock()
                guard let next else { return returned }
                event = next
                isClaimed = false
            }
        }

        /// Ends on upstream `index`'s failure: cancels the other upstreams and sends it. Called
        /// with the lock held; releases it.
        func failLocked(_ completion: Subscribers.Completion<Downstream.Failure>) {
            isTerminated = true
            let others = subscriptions.compactMap { $0 }
            subscriptions = Array(repeating: nil, count: count)
            let now = claim(.completion(completion))
            lock.unlock()
            for other in others { other.cancel() }
            if now { deliver(.completion(completion)) }
        }

        func cancel() {
            lock.lock()
            isTerminated = true
            let upstreams = subscriptions.compactMap { $0 }
            subscriptions = Array(repeating: nil, count: count)
            let released = (downstream.take(), turns.dropQueued())
            lock.unlock()
            for upstream in upstreams { upstream.cancel() }
            withExtendedLifetime(released) {}
        }
    }

    /// combineLatest's subscription: a demand of `.max(n)` is asked of each upstream; a value that
    /// comes without demand, or from inside a delivery, only becomes its upstream's latest.
    final class CombineLatestSubscription<Downstream: Subscriber>: DemandCombiner<Downstream> {
        private let combine: ([Any]) -> Downstream.Input
        // Guarded by `lock`.
        private var latest: [Any?]
        private var valueCount = 0
        private var finishedCount = 0
        private var demand = Subscribers.Demand.none

        init(_ downstream: Downstream, count: Int, combine: @escaping ([Any]) -> Downstream.Input) {
            self.combine = combine
            latest = Array(repeating: nil, count: count)
            super.init(downstream, count: count)
        }

        override func receive(_ subscription: any Subscription, from index: Int) {
            keepAndAsk(subscription, from: index)
        }

        override func receive(_ value: Any, from index: Int) -> Subscribers.Demand {
            lock.lock()
            guard !isTerminated, !finished[index] else {
                lock.unlock()
                return .none
            }
            if latest[index] == nil { valueCount += 1 }
            latest[index] = value
            guard valueCount == count, demand > 0, !isInsideDelivery else {
                lock.unlock()
                return .none
            }
            demand -= 1
            let event = Event.value(combine(latest.map { $0! }))
            let now = claim(event)
            lock.unlock()
            if now { deliver(event) }
            return .none
        }

        override func receive(
            _ completion: Subscribers.Completion<Downstream.Failure>, from index: Int
        ) {
            lock.lock()
            guard !isTerminated, !finished[index] else { return lock.unlock() }
            finished[index] = true
            subscriptions[index] = nil
            if case .failure = completion { return failLocked(completion) }
            finishedCount += 1
            guard finishedCount == count else { return lock.unlock() }
            isTerminated = true
            let now = claim(.completion(.finished))
            lock.unlock()
            if now { deliver(.completion(.finished)) }
        }

        override func request(_ demand: Subscribers.Demand) { add(demand) }

        override func cancel() {
            // The values are released after the lock: a release may run user code.
            let released = lock.withLock { () -> [Any?] in
                defer { latest = Array(repeating: nil, count: count) }
                return latest
            }
            super.cancel()
            withExtendedLifetime(released) {}
        }

        override func add(_ more: Subscribers.Demand) {
            lock.withLock { if !isTerminated { demand += more } }
            askEveryUpstream(more)
        }
    }

    /// merge's subscription: each upstream is asked for `.max(1)` at a time (`.unlimited` once the
    /// subscriber's demand is); while the subscriber has no demand, one value per upstream is
    /// kept, and sent in upstream order when it asks.
    final class MergeSubscription<Downstream: Subscriber>: DemandCombiner<Downstream> {
        // Guarded by `lock`.
        private var kept: [Downstream.Input?]
        private var keptCount = 0
        private var finishedCount = 0
        private var demand = Subscribers.Demand.none

        override init(_ downstream: Downstream, count: Int) {
            kept = Array(repeating: nil, count: count)
            super.init(downstream, count: count)
        }

        override func started() { add(.none) }

        override func receive(_ subscription: any Subscription, from index: Int) {
            lock.lock()
            guard !isTerminated, !finished[index], subscriptions[index] == nil else {
                lock.unlock()
                subscription.cancel()
                return
            }
            subscriptions[index] = subscription
            let initial: Subscribers.Demand = demand == .unlimited ? .unlimited : .max(1)
            lock.unlock()
            subscription.request(initial)
        }

        override func receive(_ value: Any, from index: Int) -> Subscribers.Demand {
            let value = value as! Downstream.Input
            lock.lock()
            guard !isTerminated, !finished[index] else {
                lock.unlock()
                return .none
            }
            guard demand > 0 else {
                // An upstream asked for one value sends at most one; a newer one replaces it.
                if kept[index] == nil { keptCount += 1 }
                kept[index] = value
                lock.unlock()
                return .none
            }
            let renew = demand != .unlimited
            demand -= 1
            let now = claim(.value(value))
            lock.unlock()
            if now { deliver(.value(value)) }
            return renew ? .max(1) : .none
        }

        override func receive(
            _ completion: Subscribers.Completion<Downstream.Failure>, from index: Int
        ) {
            lock.lock()
            guard !isTerminated, !finished[index] else { return lock.unlock() }
            finished[index] = true
            subscriptions[index] = nil
            if case .failure = completion {
                let dropped = kept
                kept = Array(repeating: nil, count: count)
                keptCount = 0
                failLocked(completion)
                withExtendedLifetime(dropped) {}
                return
            }
            finishedCount += 1
            lock.unlock()
            add(.none)
        }

        override func request(_ demand: Subscribers.Demand) {
            guard demand > 0 else { return }
            add(demand)
        }

        override func cancel() {
            // The values are released after the lock: a release may run user code.
            let released = lock.withLock { () -> [Downstream.Input?] in
                defer {
                    kept = Array(repeating: nil, count: count)
                    keptCount = 0
                }
                return kept
            }
            super.cancel()
            withExtendedLifetime(released) {}
        }

        /// Adds `more` to the demand, sends the values kept (asking their upstreams for another),
        /// and finishes once every upstream has and nothing is kept.
        override func add(_ more: Subscribers.Demand) {
            var requests: [(any Subscription, Subscribers.Demand)] = []
            var more = more
            while true {
                lock.lock()
                guard !isTerminated else {
                    lock.unlock()
                    break
                }
                let wasUnlimited = demand == .unlimited
                demand += more
                more = .none
                if !wasUnlimited, demand == .unlimited {
                    requests += subscriptions.compactMap { $0 }.map { ($0, .unlimited) }
                }
                if demand > 0, keptCount > 0, let index = kept.firstIndex(where: { $0 != nil }) {
                    let value = kept[index].take()!
                    keptCount -= 1
                    if demand != .unlimited, let upstream = subscriptions[index] {
                        requests.append((upstream, .max(1)))
                    }
                    demand -= 1
                    let now = claim(.value(value))
                    lock.unlock()
                    if now { deliver(.value(value)) }
                    continue
                }
                if finishedCount == count, keptCount == 0 {
                    isTerminated = true
                    let now = claim(.completion(.finished))
                    lock.unlock()
                    if now { deliver(.completion(.finished)) }
                    break
                }
                lock.unlock()
                break
            }
            for (upstream, demand) in requests { upstream.request(demand) }
        }
    }

    extension CombineLatestSubscription: CustomStringConvertible {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "CombineLatest" }
    }

    extension MergeSubscription: CustomStringConvertible {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "Merge" }
    }
#endif
