// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // receive(subscriber:) of combineLatest and merge: a `sink` takes the closures of
    // `CombiningEngine.swift`; any other subscriber, a subscription that counts its demand
    // (`DemandCombiner.swift`).

    /// The side of a combining operator's subscription that its upstreams' subscribers call, with
    /// their values type-erased; overridden by ``CombineLatestSubscription`` and
    /// ``MergeSubscription``.
    class CombiningParent<Failure: Error> {
        /// Upstream `index` hands over its subscription.
        func receive(_ subscription: any Subscription, from index: Int) {}
        /// Upstream `index` sends a value; returns what more to ask it for.
        func receive(_ value: Any, from index: Int) -> Subscribers.Demand { .none }
        /// Upstream `index` ends.
        func receive(_ completion: Subscribers.Completion<Failure>, from index: Int) {}
    }

    /// Subscribes as upstream `index` of `parent`.
    typealias IndexedAttach<Failure: Error> = (_ parent: CombiningParent<Failure>, _ index: Int) ->
        Void

    /// The subscriber a combining operator subscribes to one of its upstreams.
    final class CombiningSide<Input, Failure: Error>: Subscriber {
        private let parent: CombiningParent<Failure>
        private let index: Int

        init(_ parent: CombiningParent<Failure>, _ index: Int) {
            self.parent = parent
            self.index = index
        }

        func receive(subscription: any Subscription) { parent.receive(subscription, from: index) }
        func receive(_ input: Input) -> Subscribers.Demand { parent.receive(input, from: index) }
        func receive(completion: Subscribers.Completion<Failure>) {
            parent.receive(completion, from: index)
        }
    }

    extension Publisher {
        /// Subscribes as upstream `index` of `parent`, which asks for values as it needs them.
        func attach(to parent: CombiningParent<Failure>, as index: Int) {
            subscribe(CombiningSide<Output, Failure>(parent, index))
        }
    }

    extension ClosurePublisher {
        /// Attaches `subscriber` to a merge of `upstreams`.
        func receiveMerging<Downstream: Subscriber>(
            _ subscriber: Downstream, _ upstreams: [IndexedAttach<Failure>]
        ) where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            MergeSubscription(subscriber, count: upstreams.count).start { upstreams[$1]($0, $1) }
        }
    }

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
            let upstreams = [a.attach(to:as:), b.attach(to:as:)]
            CombineLatestSubscription(subscriber, count: 2) {
                ($0[0] as! A.Output, $0[1] as! B.Output)
            }
            .start { upstreams[$1]($0, $1) }
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
            let upstreams = [a.attach(to:as:), b.attach(to:as:), c.attach(to:as:)]
            CombineLatestSubscription(subscriber, count: 3) {
                ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output)
            }
            .start { upstreams[$1]($0, $1) }
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
            let upstreams = [
                a.attach(to:as:), b.attach(to:as:), c.attach(to:as:), d.attach(to:as:),
            ]
            CombineLatestSubscription(subscriber, count: 4) {
                ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output)
            }
            .start { upstreams[$1]($0, $1) }
        }
    }

    extension Publishers.Merge {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            receiveMerging(subscriber, [a.attach(to:as:), b.attach(to:as:)])
        }
    }

    extension Publishers.Merge3 {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            receiveMerging(subscriber, [a.attach(to:as:), b.attach(to:as:), c.attach(to:as:)])
        }
    }

    extension Publishers.Merge4 {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            receiveMerging(
                subscriber,
                [a.attach(to:as:), b.attach(to:as:), c.attach(to:as:), d.attach(to:as:)])
        }
    }

    extension Publishers.Merge5 {
        /// Attaches `subscriber`; each upstream is asked for one value at a time (every value once
        /// the subscriber asks for `.unlimited`), and one is kept per upstream while it asks for none.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            receiveMerging(
                subscriber,
                [
                    a.attach(to:as:), b.attach(to:as:), c.attach(to:as:), d.attach(to:as:),
                    e.attach(to:as:),
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
            receiveMerging(
                subscriber,
                [
                    a.attach(to:as:), b.attach(to:as:), c.attach(to:as:), d.attach(to:as:),
                    e.attach(to:as:), f.attach(to:as:),
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
            receiveMerging(
                subscriber,
                [
                    a.attach(to:as:), b.attach(to:as:), c.attach(to:as:), d.attach(to:as:),
                    e.attach(to:as:), f.attach(to:as:), g.attach(to:as:),
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
            receiveMerging(
                subscriber,
                [
                    a.attach(to:as:), b.attach(to:as:), c.attach(to:as:), d.attach(to:as:),
                    e.attach(to:as:), f.attach(to:as:), g.attach(to:as:), h.attach(to:as:),
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
            receiveMerging(subscriber, publishers.map { $0.attach(to:as:) })
        }
    }
#endif
