// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of its upstream's values in arrays of a given size; the last may be shorter.
        public struct CollectByCount<Upstream: Publisher>: ClosurePublisher {
            /// Arrays of upstream values.
            public typealias Output = [Upstream.Output]
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are collected.
            public let upstream: Upstream
            /// The size of each array.
            public let count: Int

            /// Subscribes to the upstream; sends each full array, and the rest when it finishes. A
            /// failure drops the rest.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let count = count
                var buffer: [Upstream.Output] = []
                return upstream.sink(
                    receiveCompletion: { completion in
                        if case .finished = completion, !buffer.isEmpty { receiveValue(buffer) }
                        receiveCompletion(completion)
                    },
                    receiveValue: { value in
                        buffer.append(value)
                        guard buffer.count == count else { return }
                        defer { buffer = [] }
                        receiveValue(buffer)
                    }
                )
            }
        }
    }

    extension Publisher {
        /// Sends every value in one array once the upstream finishes.
        ///
        /// - Returns: A publisher of one array; a failure drops what was collected.
        public func collect() -> Publishers.Reduce<Self, [Output]> {
            reduce([]) { $0 + [$1] }
        }

        /// Sends the values in arrays of `count`; the last may be shorter.
        ///
        /// - Parameter count: The size of each array; at least one.
        /// - Returns: A publisher of arrays.
        public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
            precondition(count > 0, "collect(_:) needs a count of one or more, not \(count)")
            return Publishers.CollectByCount(upstream: self, count: count)
        }
    }
#endif
