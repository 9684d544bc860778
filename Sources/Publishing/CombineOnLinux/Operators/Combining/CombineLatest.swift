// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of the latest values of two upstreams, once each has sent one.
        public struct CombineLatest<A: Publisher, B: Publisher>: ClosurePublisher
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

        /// A publisher of the latest values of three upstreams, once each has sent one.
        public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: ClosurePublisher
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

        /// A publisher of the latest values of four upstreams, once each has sent one.
        public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>:
            ClosurePublisher
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

    extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}
    extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
    extension Publishers.CombineLatest4: Equatable
    where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

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
#endif
