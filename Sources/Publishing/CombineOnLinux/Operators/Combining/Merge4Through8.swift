// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of the values of four upstreams of one type, as they come.
        public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>:
            ClosurePublisher
        where
            A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output,
            B.Failure == C.Failure, C.Output == D.Output, C.Failure == D.Failure
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
            /// The fourth upstream.
            public let d: D

            /// Merges the values of `a`, `b`, `c` and `d`.
            public init(_ a: A, _ b: B, _ c: C, _ d: D) {
                self.a = a
                self.b = b
                self.c = c
                self.d = d
            }

            /// Subscribes to the upstreams, forwarding every value.
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

        /// A publisher of the values of five upstreams of one type, as they come.
        public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>:
            ClosurePublisher
        where
            A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output,
            B.Failure == C.Failure, C.Output == D.Output, C.Failure == D.Failure,
            D.Output == E.Output, D.Failure == E.Failure
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
            /// The fourth upstream.
            public let d: D
            /// The fifth upstream.
            public let e: E

            /// Merges the values of `a`, `b`, `c`, `d` and `e`.
            public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
                self.a = a
                self.b = b
                self.c = c
                self.d = d
                self.e = e
            }

            /// Subscribes to the upstreams, forwarding every value.
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

        /// A publisher of the values of six upstreams of one type, as they come.
        public struct Merge6<
            A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher
        >: ClosurePublisher
        where
            A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output,
            B.Failure == C.Failure, C.Output == D.Output, C.Failure == D.Failure,
            D.Output == E.Output, D.Failure == E.Failure, E.Output == F.Output,
            E.Failure == F.Failure
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
            /// The fourth upstream.
            public let d: D
            /// The fifth upstream.
            public let e: E
            /// The sixth upstream.
            public let f: F

            /// Merges the values of `a`, `b`, `c`, `d`, `e` and `f`.
            public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
                self.a = a
                self.b = b
                self.c = c
                self.d = d
                self.e = e
                self.f = f
            }

            /// Subscribes to the upstreams, forwarding every value.
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

        /// A publisher of the values of seven upstreams of one type, as they come.
        public struct Merge7<
            A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher,
            G: Publisher
        >: ClosurePublisher
        where
            A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output,
            B.Failure == C.Failure, C.Output == D.Output, C.Failure == D.Failure,
            D.Output == E.Output, D.Failure == E.Failure, E.Output == F.Output,
            E.Failure == F.Failure, F.Output == G.Output, F.Failure == G.Failure
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
            /// The fourth upstream.
            public let d: D
            /// The fifth upstream.
            public let e: E
            /// The sixth upstream.
            public let f: F
            /// The seventh upstream.
            public let g: G

            /// Merges the values of `a`, `b`, `c`, `d`, `e`, `f` and `g`.
            public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
                self.a = a
                self.b = b
                self.c = c
                self.d = d
                self.e = e
                self.f = f
                self.g = g
            }

            /// Subscribes to the upstreams, forwarding every value.
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

        /// A publisher of the values of eight upstreams of one type, as they come.
        public struct Merge8<
            A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher,
            G: Publisher, H: Publisher
        >: ClosurePublisher
        where
            A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output,
            B.Failure == C.Failure, C.Output == D.Output, C.Failure == D.Failure,
            D.Output == E.Output, D.Failure == E.Failure, E.Output == F.Output,
            E.Failure == F.Failure, F.Output == G.Output, F.Failure == G.Failure,
            G.Output == H.Output, G.Failure == H.Failure
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
            /// The fourth upstream.
            public let d: D
            /// The fifth upstream.
            public let e: E
            /// The sixth upstream.
            public let f: F
            /// The seventh upstream.
            public let g: G
            /// The eighth upstream.
            public let h: H

            /// Merges the values of `a`, `b`, `c`, `d`, `e`, `f`, `g` and `h`.
            public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
                self.a = a
                self.b = b
                self.c = c
                self.d = d
                self.e = e
                self.f = f
                self.g = g
                self.h = h
            }

            /// Subscribes to the upstreams, forwarding every value.
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

    extension Publishers.Merge4: Equatable
    where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}
    extension Publishers.Merge5: Equatable
    where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {}
    extension Publishers.Merge6: Equatable
    where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable {}
    extension Publishers.Merge7: Equatable
    where
        A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
        G: Equatable
    {}
    extension Publishers.Merge8: Equatable
    where
        A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable,
        G: Equatable, H: Equatable
    {}

    extension Publisher {
        /// Merges this publisher's values with three others', as they come.
        ///
        /// - Parameters:
        ///   - b: The second publisher.
        ///   - c: The third publisher.
        ///   - d: The fourth publisher.
        /// - Returns: A publisher that fails with the first failure and finishes once all have.
        public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D)
            -> Publishers.Merge4<Self, B, C, D>
        where
            Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
            C.Output == D.Output, C.Failure == D.Failure
        {
            Publishers.Merge4(self, b, c, d)
        }

        /// Merges this publisher's values with four others', as they come.
        ///
        /// - Parameters:
        ///   - b: The second publisher.
        ///   - c: The third publisher.
        ///   - d: The fourth publisher.
        ///   - e: The fifth publisher.
        /// - Returns: A publisher that fails with the first failure and finishes once all have.
        public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(
            with b: B, _ c: C, _ d: D, _ e: E
        )
            -> Publishers.Merge5<Self, B, C, D, E>
        where
            Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
            C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output,
            D.Failure == E.Failure
        {
            Publishers.Merge5(self, b, c, d, e)
        }

        /// Merges this publisher's values with five others', as they come.
        ///
        /// - Parameters:
        ///   - b: The second publisher.
        ///   - c: The third publisher.
        ///   - d: The fourth publisher.
        ///   - e: The fifth publisher.
        ///   - f: The sixth publisher.
        /// - Returns: A publisher that fails with the first failure and finishes once all have.
        public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
            with b: B, _ c: C, _ d: D, _ e: E, _ f: F
        )
            -> Publishers.Merge6<Self, B, C, D, E, F>
        where
            Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
            C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output,
            D.Failure == E.Failure, E.Output == F.Output, E.Failure == F.Failure
        {
            Publishers.Merge6(self, b, c, d, e, f)
        }

        /// Merges this publisher's values with six others', as they come.
        ///
        /// - Parameters:
        ///   - b: The second publisher.
        ///   - c: The third publisher.
        ///   - d: The fourth publisher.
        ///   - e: The fifth publisher.
        ///   - f: The sixth publisher.
        ///   - g: The seventh publisher.
        /// - Returns: A publisher that fails with the first failure and finishes once all have.
        public func merge<
            B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
        >(with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G)
            -> Publishers.Merge7<Self, B, C, D, E, F, G>
        where
            Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
            C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output,
            D.Failure == E.Failure, E.Output == F.Output, E.Failure == F.Failure,
            F.Output == G.Output, F.Failure == G.Failure
        {
            Publishers.Merge7(self, b, c, d, e, f, g)
        }

        /// Merges this publisher's values with seven others', as they come.
        ///
        /// - Parameters:
        ///   - b: The second publisher.
        ///   - c: The third publisher.
        ///   - d: The fourth publisher.
        ///   - e: The fifth publisher.
        ///   - f: The sixth publisher.
        ///   - g: The seventh publisher.
        ///   - h: The eighth publisher.
        /// - Returns: A publisher that fails with the first failure and finishes once all have.
        public func merge<
            B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher,
            H: Publisher
        >(with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H)
            -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
        where
            Output == B.Output, Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure,
            C.Output == D.Output, C.Failure == D.Failure, D.Output == E.Output,
            D.Failure == E.Failure, E.Output == F.Output, E.Failure == F.Failure,
            F.Output == G.Output, F.Failure == G.Failure, G.Output == H.Output,
            G.Failure == H.Failure
        {
            Publishers.Merge8(self, b, c, d, e, f, g, h)
        }
    }
#endif
