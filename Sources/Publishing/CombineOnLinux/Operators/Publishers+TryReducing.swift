// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // The throwing forms of the reducing operators: a throw fails the stream with the error and
    // cancels the upstream; the result, and even a bare finish, waits for the subscriber's first
    // request, as the non-throwing forms' does (Publishers+Reducing.swift).

    extension Publishers {
        /// A publisher of the result of a throwing accumulation of its upstream's values.
        public struct TryReduce<Upstream: Publisher, Output>: ClosurePublisher {
            /// Any error: the upstream's, or the one the closure throws.
            public typealias Failure = any Error

            /// The publisher whose values are accumulated.
            public let upstream: Upstream
            /// The result before any value.
            public let initial: Output
            /// Combines the result so far with the next value, or throws.
            public let nextPartialResult: (Output, Upstream.Output) throws -> Output

            /// Accumulates `upstream`'s values with a closure that may throw.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are accumulated.
            ///   - initial: The result before any value.
            ///   - nextPartialResult: Combines the result so far with the next value, or throws.
            public init(
                upstream: Upstream, initial: Output,
                nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output
            ) {
                self.upstream = upstream
                self.initial = initial
                self.nextPartialResult = nextPartialResult
            }

            /// Sends the result when the upstream finishes; a throw fails the stream.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let next = nextPartialResult
                var result = initial
                return upstream.forwardReducing(
                    to: receiveValue, receiveCompletion,
                    value: { value, _ in result = try next(result, value) },
                    result: { result })
            }

            /// The result and the finish wait for the subscriber's first request.
            @inlinable
            package var completesOnlyWhenAsked: Bool { true }
        }

        /// A publisher of whether every upstream value meets a throwing predicate.
        public struct TryAllSatisfy<Upstream: Publisher>: ClosurePublisher {
            /// Whether every value met the predicate.
            public typealias Output = Bool
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// Tests each value, or throws.
            public let predicate: (Upstream.Output) throws -> Bool

            /// Tests each of `upstream`'s values with `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: Tests each value, or throws.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Sends `false` at the first value that fails the predicate, `true` at the finish.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let predicate = predicate
                return upstream.forwardReducing(
                    to: receiveValue, receiveCompletion,
                    value: { value, downstream in
                        if try !predicate(value) { downstream.finish(after: false) }
                    },
                    result: { true })
            }

            /// The result and the finish wait for the subscriber's first request.
            @inlinable
            package var completesOnlyWhenAsked: Bool { true }
        }

        /// A publisher of whether any upstream value meets a throwing predicate.
        public struct TryContainsWhere<Upstream: Publisher>: ClosurePublisher {
            /// Whether a value met the predicate.
            public typealias Output = Bool
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// Tests each value, or throws.
            public let predicate: (Upstream.Output) throws -> Bool

            /// Tests `upstream`'s values with `predicate` until one meets it.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: Tests each value, or throws.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Sends `true` at the first value that meets the predicate, `false` at the finish.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let predicate = predicate
                return upstream.forwardReducing(
                    to: receiveValue, receiveCompletion,
                    value: { value, downstream in
                        if try predicate(value) { downstream.finish(after: true) }
                    },
                    result: { false })
            }

            /// The result and the finish wait for the subscriber's first request.
            @inlinable
            package var completesOnlyWhenAsked: Bool { true }
        }

        /// A publisher of the first upstream value that meets a throwing predicate.
        public struct TryFirstWhere<Upstream: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// Tests each value, or throws.
            public let predicate: (Upstream.Output) throws -> Bool

            /// Looks for the first of `upstream`'s values that meets `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: Tests each value, or throws.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Sends the first value that meets the predicate and finishes.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let predicate = predicate
                return upstream.forwardReducing(
                    to: receiveValue, receiveCompletion,
                    value: { value, downstream in
                        if try predicate(value) { downstream.finish(after: value) }
                    },
                    result: { nil })
            }

            /// The result and the finish wait for the subscriber's first request.
            @inlinable
            package var completesOnlyWhenAsked: Bool { true }
        }

        /// A publisher of the last upstream value that meets a throwing predicate.
        public struct TryLastWhere<Upstream: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// Tests each value, or throws.
            public let predicate: (Upstream.Output) throws -> Bool

            /// Looks for the last of `upstream`'s values that meets `predicate`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are tested.
            ///   - predicate: Tests each value, or throws.
            public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
                self.upstream = upstream
                self.predicate = predicate
            }

            /// Sends the last value that met the predicate when the upstream finishes.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let predicate = predicate
                var last: Output?
                return upstream.forwardReducing(
                    to: receiveValue, receiveCompletion,
                    value: { value, _ in
                        if try predicate(value) { last = value }
                    },
                    result: { last })
            }

            /// The result and the finish wait for the subscriber's first request.
            @inlinable
            package var completesOnlyWhenAsked: Bool { true }
        }

        /// A publisher of the greatest upstream value, by a throwing ordering.
        public struct TryComparison<Upstream: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the ordering throws.
            public typealias Failure = any Error

            /// The publisher whose values are compared.
            public let upstream: Upstream
            /// Whether the first value comes before the second, or throws.
            public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

            /// Compares `upstream`'s values with `areInIncreasingOrder`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are compared.
            ///   - areInIncreasingOrder: Whether the first value comes before the second.
            public init(
                upstream: Upstream,
                areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool
            ) {
                self.upstream = upstream
                self.areInIncreasingOrder = areInIncreasingOrder
            }

            /// Sends the greatest value when the upstream finishes (the first of equal ones).
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let areInIncreasingOrder = areInIncreasingOrder
                var greatest: Output?
                return upstream.forwardReducing(
                    to: receiveValue, receiveCompletion,
                    value: { value, _ in
                        if let current = greatest, try !areInIncreasingOrder(current, value) {
                            return
                        }
                        greatest = value
                    },
                    result: { greatest })
            }

            /// The result and the finish wait for the subscriber's first request.
            @inlinable
            package var completesOnlyWhenAsked: Bool { true }
        }
    }

    extension Publisher {
        /// Forwards a throwing reduction: `value` handles each value (a throw fails the stream
        /// and cancels the upstream); at the finish, `result`, if any, is sent, then the finish.
        fileprivate func forwardReducing<Result>(
            to receiveValue: @escaping (Result) -> Void,
            _ receiveCompletion: @escaping (Subscribers.Completion<any Error>) -> Void,
            value: @escaping (Output, Forwarder<Result, any Error>) throws -> Void,
            result: @escaping () -> Result?
        ) -> AnyCancellable {
            forward(
                to: receiveValue, receiveCompletion,
                value: { input, downstream in
                    do { try value(input, downstream) } catch { downstream.fail(error) }
                },
                completion: { completion, downstream in
                    switch completion {
                    case .finished:
                        if let output = result() {
                            downstream.finish(after: output)
                        } else {
                            downstream.finish()
                        }
                    case .failure(let error):
                        downstream.fail(error)
                    }
                })
        }

        /// Sends the result of accumulating the values with a closure that may throw; a throw
        /// fails the stream.
        ///
        /// - Parameters:
        ///   - initialResult: The result before any value.
        ///   - nextPartialResult: Combines the result so far with the next value, or throws.
        /// - Returns: A publisher of the result, failing with `any Error`.
        public func tryReduce<T>(
            _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
        ) -> Publishers.TryReduce<Self, T> {
            Publishers.TryReduce(
                upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
        }

        /// Sends whether every value meets a predicate that may throw.
        ///
        /// - Parameter predicate: Tests each value, or throws.
        /// - Returns: A publisher of one `Bool`, failing with `any Error`.
        public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool)
            -> Publishers.TryAllSatisfy<Self>
        {
            Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
        }

        /// Sends whether any value meets a predicate that may throw.
        ///
        /// - Parameter predicate: Tests each value, or throws.
        /// - Returns: A publisher of one `Bool`, failing with `any Error`.
        public func tryContains(where predicate: @escaping (Output) throws -> Bool)
            -> Publishers.TryContainsWhere<Self>
        {
            Publishers.TryContainsWhere(upstream: self, predicate: predicate)
        }

        /// Sends the first value that meets a predicate that may throw, then finishes.
        ///
        /// - Parameter predicate: Tests each value, or throws.
        /// - Returns: A publisher of at most one value, failing with `any Error`.
        public func tryFirst(where predicate: @escaping (Output) throws -> Bool)
            -> Publishers.TryFirstWhere<Self>
        {
            Publishers.TryFirstWhere(upstream: self, predicate: predicate)
        }

        /// Sends the last value that meets a predicate that may throw, when the upstream
        /// finishes.
        ///
        /// - Parameter predicate: Tests each value, or throws.
        /// - Returns: A publisher of at most one value, failing with `any Error`.
        public func tryLast(where predicate: @escaping (Output) throws -> Bool)
            -> Publishers.TryLastWhere<Self>
        {
            Publishers.TryLastWhere(upstream: self, predicate: predicate)
        }

        /// Sends the greatest value by an ordering that may throw.
        ///
        /// - Parameter areInIncreasingOrder: Whether the first value comes before the second.
        /// - Returns: A publisher of at most one value, failing with `any Error`.
        public func tryMax(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool)
            -> Publishers.TryComparison<Self>
        {
            Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
        }

        /// Sends the least value by an ordering that may throw.
        ///
        /// - Parameter areInIncreasingOrder: Whether the first value comes before the second.
        /// - Returns: A publisher of at most one value, failing with `any Error`.
        public func tryMin(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool)
            -> Publishers.TryComparison<Self>
        {
            tryMax { try areInIncreasingOrder($1, $0) }
        }
    }
#endif
