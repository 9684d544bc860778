// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of one value, made from all of its upstream's values once it finishes.
        public struct Reduce<Upstream: Publisher, Output>: ClosurePublisher {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are accumulated.
            public let upstream: Upstream
            /// The result before any value.
            public let initial: Output
            /// Combines the result so far with the next value.
            public let nextPartialResult: (Output, Upstream.Output) -> Output

            /// Accumulates `upstream`'s values from `initial` with `nextPartialResult`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are accumulated.
            ///   - initial: The result before any value.
            ///   - nextPartialResult: Combines the result so far with the next value.
            public init(
                upstream: Upstream, initial: Output,
                nextPartialResult: @escaping (Output, Upstream.Output) -> Output
            ) {
                self.upstream = upstream
                self.initial = initial
                self.nextPartialResult = nextPartialResult
            }

            /// Subscribes to the upstream; sends the result when it finishes, then finishes.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let next = nextPartialResult
                return upstream.sinkReducing(
                    initial, { $0 = next($0, $1) }, result: { $0 },
                    receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            }
        }
    }

    extension Publisher {
        /// Accumulates every value, and sends the result once the upstream finishes.
        ///
        /// - Parameters:
        ///   - initialResult: The result before any value.
        ///   - nextPartialResult: Combines the result so far with the next value.
        /// - Returns: A publisher of one value.
        public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
            -> Publishers.Reduce<Self, T>
        {
            Publishers.Reduce(
                upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
        }

        /// The body of every operator that sends one value once its upstream finishes
        /// (`reduce`, `collect()`, `count()`, `last`, `min`, `max`): folds each value into a
        /// running state, then sends what `result` makes of it, if anything, and finishes. A
        /// failure is forwarded and sends nothing.
        ///
        /// - Parameters:
        ///   - initial: The state before any value.
        ///   - step: Folds the next value into the state.
        ///   - result: What to send for the final state; `nil` to send nothing.
        ///   - receiveCompletion: Called with the upstream's completion.
        ///   - receiveValue: Called with the result, before a `.finished` completion.
        /// - Returns: What cancels the upstream.
        func sinkReducing<State, Result>(
            _ initial: State, _ step: @escaping (inout State, Output) -> Void,
            result: @escaping (State) -> Result?,
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Result) -> Void
        ) -> AnyCancellable {
            var state = initial
            return sink(
                receiveCompletion: { completion in
                    if case .finished = completion, let output = result(state) {
                        receiveValue(output)
                    }
                    receiveCompletion(completion)
                },
                receiveValue: { step(&state, $0) }
            )
        }
    }
#endif
