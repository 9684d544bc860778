// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of whether all of its upstream's values meet a predicate: `false` at the
        /// first that does not (then it finishes and cancels the upstream), `true` if the upstream
        /// finishes first.
        public struct AllSatisfy<Upstream: Publisher>: ClosurePublisher {
            /// Whether every value passed.
            public typealias Output = Bool
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// The test every value must pass.
            public let predicate: (Upstream.Output) -> Bool

            /// Sends whether all of `upstream`'s values meet `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: The test every value must pass.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Subscribes to the upstream; sends `false` and cancels it at the first value that
            /// fails, or sends `true` when it finishes.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let predicate = predicate
                return upstream.sinkDeciding(
                    { predicate($0) ? nil : false }, otherwise: true,
                    receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            }
        }
    }

    extension Publisher {
        /// Sends `false` at the first value that fails `predicate` (then finishes and cancels the
        /// upstream), or `true` if the upstream finishes first.
        ///
        /// - Parameter predicate: The test every value must pass.
        /// - Returns: A publisher of one Boolean.
        public func allSatisfy(_ predicate: @escaping (Output) -> Bool)
            -> Publishers.AllSatisfy<Self>
        {
            Publishers.AllSatisfy(upstream: self, predicate: predicate)
        }
    }
#endif
