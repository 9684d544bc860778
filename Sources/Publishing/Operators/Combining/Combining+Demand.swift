// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // receive(subscriber:) of combineLatest and merge: a `sink` takes the closures of
    // `CombiningEngine.swift`; any other subscriber, a subscription that counts its demand
    // (`DemandCombiner.swift`).

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
