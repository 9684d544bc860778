// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
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
