// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// zip's subscription, for `sink` and every other subscriber.
    ///
    /// `Queues` holds each upstream's values in order, typed (a tuple of ``FIFO``s); once every
    /// upstream has one, `pop` takes the oldest of each and makes the output. Demand, as
    /// Combine's: what the subscriber asks for is asked of each upstream, so each sends no more
    /// than can be paired for it; the demand a tuple's delivery returns goes back to the upstream
    /// whose value completed the tuple, as its `receive(_:)`'s result, and to no other. It
    /// finishes once an upstream has finished with nothing left to pair, and fails with the
    /// first failure.
    final class ZipInner<Downstream: Subscriber, Queues>: CombiningInner, CustomStringConvertible {
        let outlet: CombiningOutlet<Downstream>
        /// The outlet's lock, which guards every field below.
        private let lock: Lock
        private var queues: Queues
        /// `queues` with nothing queued: what the end resets it to.
        private let noValues: Queues
        /// How many values each upstream has queued.
        private var counts: [Int]
        private let pop: (inout Queues) -> Downstream.Input
        /// What the subscriber asked for in all: what an upstream subscribed late is asked for.
        private var requested = Subscribers.Demand.none
        /// The upstream whose value completed the tuple being delivered, while it is: what the
        /// subscriber asks for meanwhile goes to it as its `receive(_:)`'s result, not as a
        /// request (as Combine's zip does), and to the others as a request.
        private var processing: Int?
        /// What the subscriber asked for while `processing`, for that upstream.
        private var askedWhileProcessing = Subscribers.Demand.none
        /// Held for the subscription's life, as Combine's zip holds it (the outlet lets go at the
        /// end): a subscriber that keeps its subscription is kept with it until it lets it go.
        private let subscriber: Downstream

        init(
            _ downstream: Downstream, count: Int, queues: Queues, bySink: Bool,
            pop: @escaping (inout Queues) -> Downstream.Input
        ) {
            outlet = CombiningOutlet(downstream, count: count, bySink: bySink)
            subscriber = downstream
            lock = outlet.lock
            self.queues = queues
            noValues = queues
            counts = Array(repeating: 0, count: count)
            self.pop = pop
        }

        var description: String { "Zip" }

        /// Subscribes `upstream` as upstream `index`, whose values `push` queues.
        func subscribe<Upstream: Publisher>(
            _ upstream: Upstream, as index: Int,
            push: @escaping (inout Queues, Upstream.Output) -> Void
        ) where Upstream.Failure == Downstream.Failure {
            subscribe(
                upstream, as: index, receiveValue: { [self] in receive($0, from: index, push) })
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
            _ value: Input, from index: Int, _ push: (inout Queues, Input) -> Void
        ) -> Subscribers.Demand {
            lock.lock()
            guard outlet.isOpen(index) else {
                lock.unlock()
                return .none
            }
            push(&queues, value)
            counts[index] += 1
            guard !counts.contains(0) else {
                lock.unlock()
                return .none
            }
            for index in counts.indices { counts[index] -= 1 }
            let output = pop(&queues)
            let claimed = outlet.claim(output)
            if claimed.isTurn { processing = index }
            lock.unlock()
            guard claimed.isTurn else {
                finishIfExhausted()
                return .none
            }
            let more = outlet.deliver(
                output, to: claimed.receiver, returnsDemand: true, onMore: ask)
            let asked = lock.withLock {
                if outlet.isLive { requested += more }
                defer {
                    processing = nil
                    askedWhileProcessing = .none
                }
                return askedWhileProcessing
            }
            finishIfExhausted()
            return more + asked
        }

        func receive(_ completion: Subscribers.Completion<Downstream.Failure>, from index: Int) {
            lock.lock()
            guard outlet.isOpen(index) else { return lock.unlock() }
            let link = outlet.close(index)
            lock.unlock()
            guard case .failure = completion else {
                withExtendedLifetime(link) {}
                return finishIfExhausted()
            }
            end(with: completion)
            // The failed upstream is cancelled too, as Combine's zip cancels every upstream.
            link.cancel()
        }

        func request(_ demand: Subscribers.Demand) {
            // Combine's zip stops the program here (OpenCombine's ZipTests, run against it).
            demand.requireSomeValues()
            ask(demand)
        }

        func cancel() {
            let released = lock.withLock { resetQueues() }
            outlet.cancel()
            withExtendedLifetime(released) {}
        }

        /// Finishes once an upstream has finished with nothing left to pair.
        private func finishIfExhausted() {
            let isExhausted = lock.withLock {
                outlet.isLive
                    && outlet.links.indices.contains { index in
                        guard case .done = outlet.links[index] else { return false }
                        return counts[index] == 0
                    }
            }
            if isExhausted { end(with: .finished) }
        }

        /// Ends with `completion`, the values queued let go of.
        private func end(with completion: Subscribers.Completion<Downstream.Failure>) {
            // The values are released after the lock: a release may run user code.
            let released = lock.withLock { resetQueues() }
            outlet.finish(with: completion)
            withExtendedLifetime(released) {}
        }

        /// Adds `more` to what the subscriber asked for, and asks every upstream for it.
        private func ask(_ more: Subscribers.Demand) {
            lock.lock()
            guard outlet.isLive else { return lock.unlock() }
            requested += more
            let upstreams: [any Subscription]
            if let processing {
                askedWhileProcessing += more
                upstreams = outlet.links.indices.compactMap { index in
                    guard index != processing, case .subscribed(let upstream) = outlet.links[index]
                    else { return nil }
                    return upstream
                }
            } else {
                upstreams = outlet.subscriptions
            }
            lock.unlock()
            for upstream in upstreams { upstream.request(more) }
        }

        /// Empties the queues, returning what they held. Called with the lock held.
        private func resetQueues() -> Queues {
            counts = Array(repeating: 0, count: counts.count)
            defer { queues = noValues }
            return queues
        }
    }

    extension ZipInner: CombineReflecting {}

    // zip's adapters: each arity builds one ``ZipInner`` over its typed upstreams, for `sink`
    // (through `subscribeClosures`) and for every other subscriber.

    extension Publishers.Zip {
        /// Attaches `subscriber`; its demand is asked of each upstream, as in Combine.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ZipInner over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b) = (a, b)
            // Called only once every queue holds a value.
            let inner = ZipInner(
                downstream, count: 2, queues: (FIFO(), FIFO()) as (FIFO<A.Output>, FIFO<B.Output>),
                bySink: bySink
            ) { ($0.0.pop()!, $0.1.pop()!) }
            inner.attach([
                { _ in inner.subscribe(a, as: 0, push: { $0.0.push($1) }) },
                { _ in inner.subscribe(b, as: 1, push: { $0.1.push($1) }) },
            ])
            return inner
        }
    }

    extension Publishers.Zip3 {
        /// Attaches `subscriber`; its demand is asked of each upstream, as in Combine.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ZipInner over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b, c) = (a, b, c)
            // Called only once every queue holds a value.
            let inner = ZipInner(
                downstream, count: 3,
                queues: (FIFO(), FIFO(), FIFO())
                    as (FIFO<A.Output>, FIFO<B.Output>, FIFO<C.Output>), bySink: bySink
            ) { ($0.0.pop()!, $0.1.pop()!, $0.2.pop()!) }
            inner.attach([
                { _ in inner.subscribe(a, as: 0, push: { $0.0.push($1) }) },
                { _ in inner.subscribe(b, as: 1, push: { $0.1.push($1) }) },
                { _ in inner.subscribe(c, as: 2, push: { $0.2.push($1) }) },
            ])
            return inner
        }
    }

    extension Publishers.Zip4 {
        /// Attaches `subscriber`; its demand is asked of each upstream, as in Combine.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            subscribeInner(subscriber, bySink: false)
        }

        /// Subscribes `downstream` through one ZipInner over the upstreams, and
        /// returns it (it holds itself through its upstreams until it ends).
        @discardableResult
        func subscribeInner<Downstream: Subscriber>(_ downstream: Downstream, bySink: Bool)
            -> any Cancellable
        where Downstream.Input == Output, Downstream.Failure == Failure {
            let (a, b, c, d) = (a, b, c, d)
            // Called only once every queue holds a value.
            let inner = ZipInner(
                downstream, count: 4,
                queues: (FIFO(), FIFO(), FIFO(), FIFO())
                    as (FIFO<A.Output>, FIFO<B.Output>, FIFO<C.Output>, FIFO<D.Output>),
                bySink: bySink
            ) { ($0.0.pop()!, $0.1.pop()!, $0.2.pop()!, $0.3.pop()!) }
            inner.attach([
                { _ in inner.subscribe(a, as: 0, push: { $0.0.push($1) }) },
                { _ in inner.subscribe(b, as: 1, push: { $0.1.push($1) }) },
                { _ in inner.subscribe(c, as: 2, push: { $0.2.push($1) }) },
                { _ in inner.subscribe(d, as: 3, push: { $0.3.push($1) }) },
            ])
            return inner
        }
    }
#endif
