// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// zip's subscription for a subscriber that counts its demand, as Combine's: the subscriber's
    /// demand is asked of each upstream, so each sends no more than can be paired for it; each
    /// upstream's values wait in order until every upstream has one, and the oldest of each go
    /// out together. It finishes once an upstream has finished with nothing left to pair, and
    /// fails with the first failure.
    final class ZipSubscription<Downstream: Subscriber>: DemandCombiner<Downstream> {
        private let combine: ([Any]) -> Downstream.Input
        // Guarded by `lock`.
        private var queues: [FIFO<Any>]

        init(_ downstream: Downstream, count: Int, combine: @escaping ([Any]) -> Downstream.Input) {
            self.combine = combine
            queues = Array(repeating: FIFO(), count: count)
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
            queues[index].push(value)
            guard !queues.contains(where: \.isEmpty) else {
                lock.unlock()
                return .none
            }
            let values = queues.indices.map { queues[$0].pop()! }
            let event = Event.value(combine(values))
            let now = claim(event)
            lock.unlock()
            // As Combine's: the demand the delivery returns goes back to the upstream whose
            // value completed the tuple, as its `receive(_:)`'s result, and to no other
            // (OpenCombine's Zip, "AppleRef: 001").
            let more = now ? deliver(event, returnsDemand: true) : .none
            if more > .none { count(more) }
            lock.lock()
            finishIfExhaustedLocked()
            return more
        }

        override func receive(
            _ completion: Subscribers.Completion<Downstream.Failure>, from index: Int
        ) {
            lock.lock()
            guard !isTerminated, !finished[index] else { return lock.unlock() }
            finished[index] = true
            subscriptions[index] = nil
            if case .failure = completion {
                // The values waiting are released after the lock: a release may run user code.
                let released = queues
                queues = Array(repeating: FIFO(), count: count)
                failLocked(completion)
                withExtendedLifetime(released) {}
                return
            }
            finishIfExhaustedLocked()
        }

        /// Finishes, cancelling the other upstreams, once an upstream has finished with nothing
        /// left to pair. Called with the lock held; releases it.
        private func finishIfExhaustedLocked() {
            guard !isTerminated,
                zip(queues, finished).contains(where: { $0.isEmpty && $1 })
            else { return lock.unlock() }
            isTerminated = true
            let others = subscriptions.compactMap { $0 }
            subscriptions = Array(repeating: nil, count: count)
            let released = queues
            queues = Array(repeating: FIFO(), count: count)
            let now = claim(.completion(.finished))
            lock.unlock()
            for other in others { other.cancel() }
            withExtendedLifetime(released) {}
            if now { deliver(.completion(.finished)) }
        }

        override func request(_ demand: Subscribers.Demand) { add(demand) }

        override func cancel() {
            // The values are released after the lock: a release may run user code.
            let released = lock.withLock { () -> [FIFO<Any>] in
                defer { queues = Array(repeating: FIFO(), count: count) }
                return queues
            }
            super.cancel()
            withExtendedLifetime(released) {}
        }

        override func add(_ more: Subscribers.Demand) { askEveryUpstream(more) }
    }

    extension Publishers.Zip {
        /// Attaches `subscriber`; its demand is asked of each upstream, as in Combine.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            let upstreams = [a.attach(to:as:), b.attach(to:as:)]
            ZipSubscription(subscriber, count: 2) { ($0[0] as! A.Output, $0[1] as! B.Output) }
                .start { upstreams[$1]($0, $1) }
        }
    }

    extension Publishers.Zip3 {
        /// Attaches `subscriber`; its demand is asked of each upstream, as in Combine.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            let upstreams = [a.attach(to:as:), b.attach(to:as:), c.attach(to:as:)]
            ZipSubscription(subscriber, count: 3) {
                ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output)
            }
            .start { upstreams[$1]($0, $1) }
        }
    }

    extension Publishers.Zip4 {
        /// Attaches `subscriber`; its demand is asked of each upstream, as in Combine.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            let upstreams = [
                a.attach(to:as:), b.attach(to:as:), c.attach(to:as:), d.attach(to:as:),
            ]
            ZipSubscription(subscriber, count: 4) {
                ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output)
            }
            .start { upstreams[$1]($0, $1) }
        }
    }

    extension ZipSubscription: CustomStringConvertible {
        /// Combine's name for this subscription, for `print()`, the debugger and failures.
        var description: String { "Zip" }
    }
#endif
