// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // combineLatest, zip and merge, written once over type-erased upstreams: the public types
    // below only say how to subscribe to their upstreams and how to build their output.

    /// Subscribes to upstream `index`, feeding its values and its completion to the closures.
    typealias IndexedSubscribe<Failure: Error> = (
        _ index: Int,
        _ value: @escaping (Any) -> Void,
        _ completion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable

    private struct CombineLatestState {
        var latest: [Any?]
        var finished: [Bool]
    }

    /// Emits `combine(latest)` whenever any upstream sends, once each has sent; fails with the first
    /// failure; finishes once every upstream has finished.
    func sinkCombiningLatest<Output, Failure>(
        _ count: Int,
        _ subscribe: IndexedSubscribe<Failure>,
        combine: @escaping ([Any]) -> Output,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let gate = Gate(
            CombineLatestState(
                latest: Array(repeating: nil, count: count),
                finished: Array(repeating: false, count: count)),
            receiveValue: receiveValue,
            receiveCompletion: receiveCompletion
        )
        for index in 0..<count {
            let subscription = subscribe(
                index,
                { value in
                    gate.update { state, outbox in
                        state.latest[index] = value
                        let all = state.latest.compactMap { $0 }
                        if all.count == count { outbox.send(combine(all)) }
                    }
                },
                { completion in
                    gate.update { state, outbox in
                        state.finished[index] = true
                        if case .failure = completion {
                            outbox.finish(completion)
                        } else if !state.finished.contains(false) {
                            outbox.finish()
                        }
                    }
                }
            )
            gate.hold(subscription)
        }
        return AnyCancellable { gate.cancel() }
    }

    private struct ZipState {
        var queues: [FIFO<Any>]
        var finished: [Bool]
    }

    /// Emits `combine` of the oldest unpaired value of each upstream once all have one; finishes
    /// once an upstream has finished with nothing left to pair; fails with the first failure.
    func sinkZipping<Output, Failure>(
        _ count: Int,
        _ subscribe: IndexedSubscribe<Failure>,
        combine: @escaping ([Any]) -> Output,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let gate = Gate(
            ZipState(
                queues: Array(repeating: FIFO(), count: count),
                finished: Array(repeating: false, count: count)),
            receiveValue: receiveValue,
            receiveCompletion: receiveCompletion
        )
        func finishIfExhausted(
            _ state: ZipState, _ outbox: inout Gate<ZipState, Output, Failure>.Outbox
        ) {
            if zip(state.queues, state.finished).contains(where: { $0.isEmpty && $1 }) {
                outbox.finish()
            }
        }
        for index in 0..<count {
            let subscription = subscribe(
                index,
                { value in
                    gate.update { state, outbox in
                        state.queues[index].push(value)
                        guard !state.queues.contains(where: \.isEmpty) else { return }
                        let values = state.queues.indices.map { state.queues[$0].pop()! }
                        outbox.send(combine(values))
                        finishIfExhausted(state, &outbox)
                    }
                },
                { completion in
                    gate.update { state, outbox in
                        state.finished[index] = true
                        if case .failure = completion {
                            outbox.finish(completion)
                        } else {
                            finishIfExhausted(state, &outbox)
                        }
                    }
                }
            )
            gate.hold(subscription)
        }
        return AnyCancellable { gate.cancel() }
    }

    /// Forwards every upstream's values as they come; fails with the first failure; finishes once
    /// every upstream has finished.
    func sinkMerging<Output, Failure>(
        _ count: Int,
        _ subscribe: IndexedSubscribe<Failure>,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        guard count > 0 else {
            receiveCompletion(.finished)
            return AnyCancellable {}
        }
        let gate = Gate(0, receiveValue: receiveValue, receiveCompletion: receiveCompletion)
        for index in 0..<count {
            let subscription = subscribe(
                index,
                { value in gate.update { _, outbox in outbox.send(value as! Output) } },
                { completion in
                    gate.update { finished, outbox in
                        finished += 1
                        if case .failure = completion {
                            outbox.finish(completion)
                        } else if finished == count {
                            outbox.finish()
                        }
                    }
                }
            )
            gate.hold(subscription)
        }
        return AnyCancellable { gate.cancel() }
    }

    extension Publisher {
        /// Subscribes as upstream number `index` of a combining operator.
        func subscribe(
            _ value: @escaping (Any) -> Void,
            _ completion: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            sink(receiveCompletion: completion, receiveValue: { value($0) })
        }
    }

    // MARK: - CombineLatest

    extension Publishers {
        /// A publisher of the latest values of two upstreams, once each has sent one.
        public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
        where A.Failure == B.Failure {
            /// A tuple of the latest values.
            public typealias Output = (A.Output, B.Output)
            /// The upstreams' failure type.
            public typealias Failure = A.Failure

            /// The first upstream.
            public let a: A
            /// The second upstream.
            public let b: B

            /// Combines the latest values of `a` and `b`.
            public init(_ a: A, _ b: B) {
                self.a = a
                self.b = b
            }

            /// Subscribes to both upstreams; sends a tuple whenever either sends, once both have.
            public func sink(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (a, b) = (a, b)
                return sinkCombiningLatest(
                    2,
                    { index, value, completion in
                        index == 0 ? a.subscribe(value, completion) : b.subscribe(value, completion)
                    },
                    combine: { ($0[0] as! A.Output, $0[1] as! B.Output) },
                    receiveCompletion: receiveCompletion,
                    receiveValue: receiveValue
                )
            }
        }

        /// A publisher of the latest values of three upstreams, once each has sent one.
        public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
        where A.Failure == B.Failure, B.Failure == C.Failure {
            /// A tuple of the latest values.
            public typealias Output = (A.Output, B.Output, C.Output)
            /// The upstreams' failure type.
            public typealias Failure = A.Failure

            /// The first upstream.
            public let a: A
            /// The second upstream.
            public let b: B
            /// The third upstream.
            public let c: C

            /// Combines the latest values of `a`, `b` and `c`.
            public init(_ a: A, _ b: B, _ c: C) {
                self.a = a
                self.b = b
                self.c = c
            }

            /// Subscribes to the upstreams; sends a tuple whenever one sends, once all have.
            public func sink(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (a, b, c) = (a, b, c)
                return sinkCombiningLatest(
                    3,
                    { index, value, completion in
                        switch index {
                        case 0: a.subscribe(value, completion)
                        case 1: b.subscribe(value, completion)
                        default: c.subscribe(value, completion)
                        }
                    },
                    combine: { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output) },
                    receiveCompletion: receiveCompletion,
                    receiveValue: receiveValue
                )
            }
        }

        /// A publisher of the latest values of four upstreams, once each has sent one.
        public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>:
            Publisher
        where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
            /// A tuple of the latest values.
            public typealias Output = (A.Output, B.Output, C.Output, D.Output)
            /// The upstreams' failure type.
            public typealias Failure = A.Failure

            /// The first upstream.
            public let a: A
            /// The second upstream.
            public let b: B
            /// The third upstream.
            public let c: C
            /// The fourth upstream.
            public let d: D

            /// Combines the latest values of `a`, `b`, `c` and `d`.
            public init(_ a: A, _ b: B, _ c: C, _ d: D) {
                self.a = a
                self.b = b
                self.c = c
                self.d = d
            }

            /// Subscribes to the upstreams; sends a tuple whenever one sends, once all have.
            public func sink(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (a, b, c, d) = (a, b, c, d)
                return sinkCombiningLatest(
                    4,
                    { index, value, completion in
                        switch index {
                        case 0: a.subscribe(value, completion)
                        case 1: b.subscribe(value, completion)
                        case 2: c.subscribe(value, completion)
                        default: d.subscribe(value, completion)
                        }
                    },
                    combine: {
                        (
                            $0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output,
                            $0[3] as! D.Output
                        )
                    },
                    receiveCompletion: receiveCompletion,
                    receiveValue: receiveValue
                )
            }
        }
    }

    extension Publisher {
        /// Combines this publisher's latest value with another's, once both have sent one.
        ///
        /// ```swift
        /// $email.combineLatest($password).map { !$0.isEmpty && $1.count >= 8 }
        /// ```
        ///
        /// - Parameter other: The other publisher.
        /// - Returns: A publisher of tuples; it fails with the first failure and finishes once both
        ///   have finished.
        public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
        where Failure == P.Failure {
            Publishers.CombineLatest(self, other)
        }

        /// Combines this publisher's latest value with another's, transformed.
        ///
        /// - Parameters:
        ///   - other: The other publisher.
        ///   - transform: Makes the output from the latest values.
        /// - Returns: A publisher of the transformed values.
        public func combineLatest<P: Publisher, T>(
            _ other: P, _ transform: @escaping (Output, P.Output) -> T
        ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where Failure == P.Failure {
            Publishers.CombineLatest(self, other).map(transform)
        }

        /// Combines this publisher's latest value with two others', once all have sent one.
        ///
        /// - Parameters:
        ///   - publisher1: The second publisher.
        ///   - publisher2: The third publisher.
        /// - Returns: A publisher of tuples.
        public func combineLatest<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q)
            -> Publishers.CombineLatest3<Self, P, Q>
        where Failure == P.Failure, P.Failure == Q.Failure {
            Publishers.CombineLatest3(self, publisher1, publisher2)
        }

        /// Combines this publisher's latest value with two others', transformed.
        ///
        /// - Parameters:
        ///   - publisher1: The second publisher.
        ///   - publisher2: The third publisher.
        ///   - transform: Makes the output from the latest values.
        /// - Returns: A publisher of the transformed values.
        public func combineLatest<P: Publisher, Q: Publisher, T>(
            _ publisher1: P, _ publisher2: Q,
            _ transform: @escaping (Output, P.Output, Q.Output) -> T
        ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
        where Failure == P.Failure, P.Failure == Q.Failure {
            Publishers.CombineLatest3(self, publisher1, publisher2).map(transform)
        }

        /// Combines this publisher's latest value with three others', once all have sent one.
        ///
        /// - Parameters:
        ///   - publisher1: The second publisher.
        ///   - publisher2: The third publisher.
        ///   - publisher3: The fourth publisher.
        /// - Returns: A publisher of tuples.
        public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
            _ publisher1: P, _ publisher2: Q, _ publisher3: R
        ) -> Publishers.CombineLatest4<Self, P, Q, R>
        where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
            Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
        }

        /// Combines this publisher's latest value with three others', transformed.
        ///
        /// - Parameters:
        ///   - publisher1: The second publisher.
        ///   - publisher2: The third publisher.
        ///   - publisher3: The fourth publisher.
        ///   - transform: Makes the output from the latest values.
        /// - Returns: A publisher of the transformed values.
        public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
            _ publisher1: P, _ publisher2: Q, _ publisher3: R,
            _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
        ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
        where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
            Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map(transform)
        }
    }

    // MARK: - Zip

    extension Publishers {
        /// A publisher of pairs: the oldest unpaired value of each of two upstreams.
        public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
            /// A pair of values, one from each upstream.
            public typealias Output = (A.Output, B.Output)
            /// The upstreams' failure type.
            public typealias Failure = A.Failure

            /// The first upstream.
            public let a: A
            /// The second upstream.
            public let b: B

            /// Pairs the values of `a` and `b` in order.
            public init(_ a: A, _ b: B) {
                self.a = a
                self.b = b
            }

            /// Subscribes to both upstreams, buffering values until each has one to pair.
            public func sink(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (a, b) = (a, b)
                return sinkZipping(
                    2,
                    { index, value, completion in
                        index == 0 ? a.subscribe(value, completion) : b.subscribe(value, completion)
                    },
                    combine: { ($0[0] as! A.Output, $0[1] as! B.Output) },
                    receiveCompletion: receiveCompletion,
                    receiveValue: receiveValue
                )
            }
        }

        /// A publisher of triples: the oldest unpaired value of each of three upstreams.
        public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
        where A.Failure == B.Failure, B.Failure == C.Failure {
            /// A triple of values, one from each upstream.
            public typealias Output = (A.Output, B.Output, C.Output)
            /// The upstreams' failure type.
            public typealias Failure = A.Failure

            /// The first upstream.
            public let a: A
            /// The second upstream.
            public let b: B
            /// The third upstream.
            public let c: C

            /// Zips the values of `a`, `b` and `c` in order.
            public init(_ a: A, _ b: B, _ c: C) {
                self.a = a
                self.b = b
                self.c = c
            }

            /// Subscribes to the upstreams, buffering values until each has one to zip.
            public func sink(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (a, b, c) = (a, b, c)
                return sinkZipping(
                    3,
                    { index, value, completion in
                        switch index {
                        case 0: a.subscribe(value, completion)
                        case 1: b.subscribe(value, completion)
                        default: c.subscribe(value, completion)
                        }
                    },
                    combine: { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output) },
                    receiveCompletion: receiveCompletion,
                    receiveValue: receiveValue
                )
            }
        }

        /// A publisher of quadruples: the oldest unpaired value of each of four upstreams.
        public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
        where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
            /// Four values, one from each upstream.
            public typealias Output = (A.Output, B.Output, C.Output, D.Output)
            /// The upstreams' failure type.
            public typealias Failure = A.Failure

            /// The first upstream.
            public let a: A
            /// The second upstream.
            public let b: B
            /// The third upstream.
            public let c: C
            /// The fourth upstream.
            public let d: D

            /// Zips the values of `a`, `b`, `c` and `d` in order.
            public init(_ a: A, _ b: B, _ c: C, _ d: D) {
                self.a = a
                self.b = b
                self.c = c
                self.d = d
            }

            /// Subscribes to the upstreams, buffering values until each has one to zip.
            public func sink(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (a, b, c, d) = (a, b, c, d)
                return sinkZipping(
                    4,
                    { index, value, completion in
                        switch index {
                        case 0: a.subscribe(value, completion)
                        case 1: b.subscribe(value, completion)
                        case 2: c.subscribe(value, completion)
                        default: d.subscribe(value, completion)
                        }
                    },
                    combine: {
                        (
                            $0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output,
                            $0[3] as! D.Output
                        )
                    },
                    receiveCompletion: receiveCompletion,
                    receiveValue: receiveValue
                )
            }
        }
    }

    extension Publisher {
        /// Pairs this publisher's values with another's, in order.
        ///
        /// - Parameter other: The other publisher.
        /// - Returns: A publisher of pairs; it finishes once either upstream has finished with no
        ///   value left to pair, and fails with the first failure.
        public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P>
        where Failure == P.Failure {
            Publishers.Zip(self, other)
        }

        /// Pairs this publisher's values with another's, transformed.
        ///
        /// - Parameters:
        ///   - other: The other publisher.
        ///   - transform: Makes the output from each pair.
        /// - Returns: A publisher of the transformed pairs.
        public func zip<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
            -> Publishers.Map<Publishers.Zip<Self, P>, T> where Failure == P.Failure
        {
            Publishers.Zip(self, other).map(transform)
        }

        /// Zips this publisher's values with two others', in order.
        ///
        /// - Parameters:
        ///   - publisher1: The second publisher.
        ///   - publisher2: The third publisher.
        /// - Returns: A publisher of triples.
        public func zip<P: Publisher, Q: Publisher>(_ publisher1: P, _ publisher2: Q)
            -> Publishers.Zip3<Self, P, Q> where Failure == P.Failure, P.Failure == Q.Failure
        {
            Publishers.Zip3(self, publisher1, publisher2)
        }

        /// Zips this publisher's values with two others', transformed.
        ///
        /// - Parameters:
        ///   - publisher1: The second publisher.
        ///   - publisher2: The third publisher.
        ///   - transform: Makes the output from each triple.
        /// - Returns: A publisher of the transformed triples.
        public func zip<P: Publisher, Q: Publisher, T>(
            _ publisher1: P, _ publisher2: Q,
            _ transform: @escaping (Output, P.Output, Q.Output) -> T
        ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T>
        where Failure == P.Failure, P.Failure == Q.Failure {
            Publishers.Zip3(self, publisher1, publisher2).map(transform)
        }

        /// Zips this publisher's values with three others', in order.
        ///
        /// - Parameters:
        ///   - publisher1: The second publisher.
        ///   - publisher2: The third publisher.
        ///   - publisher3: The fourth publisher.
        /// - Returns: A publisher of quadruples.
        public func zip<P: Publisher, Q: Publisher, R: Publisher>(
            _ publisher1: P, _ publisher2: Q, _ publisher3: R
        ) -> Publishers.Zip4<Self, P, Q, R>
        where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
            Publishers.Zip4(self, publisher1, publisher2, publisher3)
        }

        /// Zips this publisher's values with three others', transformed.
        ///
        /// - Parameters:
        ///   - publisher1: The second publisher.
        ///   - publisher2: The third publisher.
        ///   - publisher3: The fourth publisher.
        ///   - transform: Makes the output from each quadruple.
        /// - Returns: A publisher of the transformed quadruples.
        public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
            _ publisher1: P, _ publisher2: Q, _ publisher3: R,
            _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
        ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
        where Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
            Publishers.Zip4(self, publisher1, publisher2, publisher3).map(transform)
        }
    }

    // MARK: - Merge

    extension Publishers {
        /// A publisher of the values of two upstreams of one type, as they come.
        public struct Merge<A: Publisher, B: Publisher>: Publisher
        where A.Output == B.Output, A.Failure == B.Failure {
            /// The upstreams' output type.
            public typealias Output = A.Output
            /// The upstreams' failure type.
            public typealias Failure = A.Failure

            /// The first upstream.
            public let a: A
            /// The second upstream.
            public let b: B

            /// Merges the values of `a` and `b`.
            public init(_ a: A, _ b: B) {
                self.a = a
                self.b = b
            }

            /// Subscribes to both upstreams, forwarding every value.
            public func sink(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (a, b) = (a, b)
                return sinkMerging(
                    2,
                    { index, value, completion in
                        index == 0 ? a.subscribe(value, completion) : b.subscribe(value, completion)
                    },
                    receiveCompletion: receiveCompletion,
                    receiveValue: receiveValue
                )
            }
        }

        /// A publisher of the values of three upstreams of one type, as they come.
        public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
        where
            A.Output == B.Output, B.Output == C.Output, A.Failure == B.Failure,
            B.Failure == C.Failure
        {
            /// The upstreams' output type.
            public typealias Output = A.Output
            /// The upstreams' failure type.
            public typealias Failure = A.Failure

            /// The first upstream.
            public let a: A
            /// The second upstream.
            public let b: B
            /// The third upstream.
            public let c: C

            /// Merges the values of `a`, `b` and `c`.
            public init(_ a: A, _ b: B, _ c: C) {
                self.a = a
                self.b = b
                self.c = c
            }

            /// Subscribes to the upstreams, forwarding every value.
            public func sink(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (a, b, c) = (a, b, c)
                return sinkMerging(
                    3,
                    { index, value, completion in
                        switch index {
                        case 0: a.subscribe(value, completion)
                        case 1: b.subscribe(value, completion)
                        default: c.subscribe(value, completion)
                        }
                    },
                    receiveCompletion: receiveCompletion,
                    receiveValue: receiveValue
                )
            }
        }

        /// A publisher of the values of any number of upstreams of one type, as they come.
        public struct MergeMany<Upstream: Publisher>: Publisher {
            /// The upstreams' output type.
            public typealias Output = Upstream.Output
            /// The upstreams' failure type.
            public typealias Failure = Upstream.Failure

            /// The upstreams.
            public let publishers: [Upstream]

            /// Merges the values of `upstream`.
            public init(_ upstream: Upstream...) {
                publishers = upstream
            }

            /// Merges the values of `upstream`; with none, it finishes at once.
            public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
                publishers = Array(upstream)
            }

            /// Subscribes to every upstream, forwarding every value.
            public func sink(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let publishers = publishers
                return sinkMerging(
                    publishers.count,
                    { index, value, completion in publishers[index].subscribe(value, completion) },
                    receiveCompletion: receiveCompletion,
                    receiveValue: receiveValue
                )
            }
        }
    }

    extension Publisher {
        /// Merges this publisher's values with another's, as they come.
        ///
        /// - Parameter other: The other publisher.
        /// - Returns: A publisher that fails with the first failure and finishes once both have.
        public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
        where Output == P.Output, Failure == P.Failure {
            Publishers.Merge(self, other)
        }

        /// Merges this publisher's values with two others', as they come.
        ///
        /// - Parameters:
        ///   - b: The second publisher.
        ///   - c: The third publisher.
        /// - Returns: A publisher that fails with the first failure and finishes once all have.
        public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C)
            -> Publishers.Merge3<Self, B, C>
        where Output == B.Output, B.Output == C.Output, Failure == B.Failure, B.Failure == C.Failure
        {
            Publishers.Merge3(self, b, c)
        }
    }
#endif
