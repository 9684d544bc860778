// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of pairs: the oldest unpaired value of each of two upstreams.
        public struct Zip<A: Publisher, B: Publisher>: ClosurePublisher
        where A.Failure == B.Failure {
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
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                AnyCancellable(
                    subscribeInner(ClosureSubscriber(receiveCompletion, receiveValue), bySink: true)
                )
            }
        }

        /// A publisher of triples: the oldest unpaired value of each of three upstreams.
        public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: ClosurePublisher
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
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                AnyCancellable(
                    subscribeInner(ClosureSubscriber(receiveCompletion, receiveValue), bySink: true)
                )
            }
        }

        /// A publisher of quadruples: the oldest unpaired value of each of four upstreams.
        public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: ClosurePublisher
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
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                AnyCancellable(
                    subscribeInner(ClosureSubscriber(receiveCompletion, receiveValue), bySink: true)
                )
            }
        }
    }

    extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}
    extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
    extension Publishers.Zip4: Equatable
    where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

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
#endif
