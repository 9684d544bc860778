// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
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
