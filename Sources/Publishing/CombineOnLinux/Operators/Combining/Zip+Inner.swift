// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
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
