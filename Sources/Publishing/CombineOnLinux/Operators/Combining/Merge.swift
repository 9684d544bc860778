// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of the values of two upstreams of one type, as they come.
        public struct Merge<A: Publisher, B: Publisher>: ClosurePublisher
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

        /// A publisher of the values of three upstreams of one type, as they come.
        public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: ClosurePublisher
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

        /// A publisher of the values of any number of upstreams of one type, as they come.
        public struct MergeMany<Upstream: Publisher>: ClosurePublisher {
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

    extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}
    extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {}
    extension Publishers.MergeMany: Equatable where Upstream: Equatable {}

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
