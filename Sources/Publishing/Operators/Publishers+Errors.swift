// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that replaces a failed upstream with another publisher.
        public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: ClosurePublisher
        where Upstream.Output == NewPublisher.Output {
            /// The values of the upstream, then of the replacement.
            public typealias Output = Upstream.Output
            /// The replacement's failure type.
            public typealias Failure = NewPublisher.Failure

            /// The publisher that may fail.
            public let upstream: Upstream
            /// Makes the replacement from the upstream's error.
            public let handler: (Upstream.Failure) -> NewPublisher

            /// Subscribes to the upstream; if it fails, subscribes to `handler(error)` instead. The
            /// upstream is never subscribed again.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let handler = handler
                let link = SwitchableLink()
                link.replace(
                    with: upstream.sink(
                        receiveCompletion: { completion in
                            switch completion {
                            case .finished:
                                receiveCompletion(.finished)
                            case .failure(let error):
                                link.replace(
                                    with: handler(error).sink(
                                        receiveCompletion: receiveCompletion,
                                        receiveValue: receiveValue),
                                    stage: 1)
                            }
                        },
                        receiveValue: receiveValue
                    ),
                    stage: 0)
                return AnyCancellable { link.cancel() }
            }
        }

        /// A publisher that replaces a failed upstream with a publisher a throwing closure makes.
        public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: ClosurePublisher
        where Upstream.Output == NewPublisher.Output {
            /// The values of the upstream, then of the replacement.
            public typealias Output = Upstream.Output
            /// Any error: the replacement's, or the one the handler throws.
            public typealias Failure = any Error

            /// The publisher that may fail.
            public let upstream: Upstream
            /// Makes the replacement from the upstream's error, or throws.
            public let handler: (Upstream.Failure) throws -> NewPublisher

            /// Subscribes to the upstream; if it fails, subscribes to `handler(error)`, or fails
            /// with what the handler throws.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let handler = handler
                let link = SwitchableLink()
                link.replace(
                    with: upstream.sink(
                        receiveCompletion: { completion in
                            switch completion {
                            case .finished:
                                receiveCompletion(.finished)
                            case .failure(let error):
                                do {
                                    let replacement = try handler(error)
                                    link.replace(
                                        with: replacement.sink(
                                            receiveCompletion: {
                                                receiveCompletion($0.mapError { $0 as any Error })
                                            },
                                            receiveValue: receiveValue),
                                        stage: 1)
                                } catch {
                                    receiveCompletion(.failure(error))
                                }
                            }
                        },
                        receiveValue: receiveValue
                    ),
                    stage: 0)
                return AnyCancellable { link.cancel() }
            }
        }

        /// A publisher that subscribes to its upstream again when it fails, a number of times.
        public struct Retry<Upstream: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher to subscribe to again.
            public let upstream: Upstream
            /// How many times to subscribe again; `nil` for no limit.
            public let retries: Int?

            /// Subscribes to the upstream, and again after each failure until the retries are
            /// spent; then forwards the failure.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let upstream = upstream
                let link = SwitchableLink()
                let retries = retries
                func attempt(_ number: Int) {
                    link.replace(
                        with: upstream.sink(
                            receiveCompletion: { completion in
                                if case .failure = completion, retries.map({ number < $0 }) ?? true
                                {
                                    attempt(number + 1)
                                } else {
                                    receiveCompletion(completion)
                                }
                            },
                            receiveValue: receiveValue
                        ),
                        stage: number)
                }
                attempt(0)
                return AnyCancellable { link.cancel() }
            }
        }

        /// A publisher that transforms values with a closure that may throw.
        public struct TryMap<Upstream: Publisher, Output>: ClosurePublisher {
            /// Any error: the upstream's, or the one the transform throws.
            public typealias Failure = any Error

            /// The publisher whose values are transformed.
            public let upstream: Upstream
            /// Transforms each value, or throws.
            public let transform: (Upstream.Output) throws -> Output

            /// Subscribes to the upstream; a thrown error fails the stream and cancels the upstream.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let transform = transform
                return upstream.forward(
                    to: receiveValue, receiveCompletion,
                    value: { value, downstream in
                        do { downstream.send(try transform(value)) } catch {
                            downstream.fail(error)
                        }
                    },
                    completion: { completion, downstream in
                        downstream.finish(completion.mapError { $0 as any Error })
                    }
                )
            }
        }

        /// A publisher that forwards the values a throwing predicate accepts.
        public struct TryFilter<Upstream: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// Any error: the upstream's, or the one the predicate throws.
            public typealias Failure = any Error

            /// The publisher whose values are filtered.
            public let upstream: Upstream
            /// Accepts a value, rejects it, or throws.
            public let isIncluded: (Upstream.Output) throws -> Bool

            /// Subscribes to the upstream; a thrown error fails the stream and cancels the upstream.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let isIncluded = isIncluded
                return upstream.forward(
                    to: receiveValue, receiveCompletion,
                    value: { value, downstream in
                        do {
                            if try isIncluded(value) { downstream.send(value) }
                        } catch {
                            downstream.fail(error)
                        }
                    },
                    completion: { completion, downstream in
                        downstream.finish(completion.mapError { $0 as any Error })
                    }
                )
            }
        }

        /// A publisher that forwards the non-`nil` results of a throwing transform.
        public struct TryCompactMap<Upstream: Publisher, Output>: ClosurePublisher {
            /// Any error: the upstream's, or the one the transform throws.
            public typealias Failure = any Error

            /// The publisher whose values are transformed.
            public let upstream: Upstream
            /// Transforms a value to an optional, or throws.
            public let transform: (Upstream.Output) throws -> Output?

            /// Subscribes to the upstream; a thrown error fails the stream and cancels the upstream.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let transform = transform
                return upstream.forward(
                    to: receiveValue, receiveCompletion,
                    value: { value, downstream in
                        do {
                            if let output = try transform(value) { downstream.send(output) }
                        } catch {
                            downstream.fail(error)
                        }
                    },
                    completion: { completion, downstream in
                        downstream.finish(completion.mapError { $0 as any Error })
                    }
                )
            }
        }

        /// A publisher that transforms its upstream's error.
        public struct MapError<Upstream: Publisher, Failure: Error>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output

            /// The publisher whose error is transformed.
            public let upstream: Upstream
            /// Transforms the upstream's error.
            public let transform: (Upstream.Failure) -> Failure

            /// Subscribes to the upstream, transforming its failure.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let transform = transform
                return upstream.sink(
                    receiveCompletion: { receiveCompletion($0.mapError(transform)) },
                    receiveValue: receiveValue
                )
            }
        }

        /// A publisher that replaces its upstream's failure with a value, then finishes.
        public struct ReplaceError<Upstream: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// It cannot fail.
            public typealias Failure = Never

            /// The publisher that may fail.
            public let upstream: Upstream
            /// The value sent in place of the failure.
            public let output: Output

            /// Subscribes to the upstream; on failure, sends ``output`` and finishes.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let output = output
                return upstream.sink(
                    receiveCompletion: { completion in
                        if case .failure = completion { receiveValue(output) }
                        receiveCompletion(.finished)
                    },
                    receiveValue: receiveValue
                )
            }
        }

        /// A publisher that sends a value if its upstream finishes without sending any.
        public struct ReplaceEmpty<Upstream: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher that may finish empty.
            public let upstream: Upstream
            /// The value sent if it does.
            public let output: Output

            /// Subscribes to the upstream; if it finishes having sent nothing, sends ``output``
            /// first. A failure is forwarded as it is.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let output = output
                var isEmpty = true
                return upstream.sink(
                    receiveCompletion: { completion in
                        if case .finished = completion, isEmpty { receiveValue(output) }
                        receiveCompletion(completion)
                    },
                    receiveValue: { value in
                        isEmpty = false
                        receiveValue(value)
                    }
                )
            }
        }

        /// A publisher that cannot fail, typed as one that can, to combine it with one that can.
        public struct SetFailureType<Upstream: Publisher, Failure: Error>: ClosurePublisher
        where Upstream.Failure == Never {
            /// The upstream's output type.
            public typealias Output = Upstream.Output

            /// The publisher that cannot fail.
            public let upstream: Upstream

            /// Wraps `upstream`.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Subscribes to the upstream; it never fails.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                upstream.sink(
                    receiveCompletion: { _ in receiveCompletion(.finished) },
                    receiveValue: receiveValue
                )
            }
        }

        /// A publisher that stops the program if its upstream fails.
        public struct AssertNoFailure<Upstream: Publisher>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// It cannot fail: a failure stops the program.
            public typealias Failure = Never

            /// The publisher that must not fail.
            public let upstream: Upstream
            /// Starts the message a failure stops the program with.
            public let prefix: String
            /// The file of the call.
            public let file: StaticString
            /// The line of the call.
            public let line: UInt

            /// Subscribes to the upstream; a failure is a fatal error naming it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (prefix, file, line) = (prefix, file, line)
                return upstream.sink(
                    receiveCompletion: { completion in
                        if case .failure(let error) = completion {
                            let lead = prefix.isEmpty ? "" : "\(prefix) "
                            fatalError(
                                "\(lead)Unexpected failure: \(error)", file: file, line: line)
                        }
                        receiveCompletion(.finished)
                    },
                    receiveValue: receiveValue
                )
            }
        }
    }

    extension Publisher {
        /// Replaces a failure with the publisher `handler` makes from the error.
        ///
        /// ```swift
        /// service.fetchItems().catch { _ in Just([]) }
        /// ```
        ///
        /// - Parameter handler: Makes the replacement publisher.
        /// - Returns: A publisher of the upstream's values, then the replacement's.
        public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P)
            -> Publishers.Catch<Self, P>
        where Output == P.Output {
            Publishers.Catch(upstream: self, handler: handler)
        }

        /// Replaces a failure with the publisher `handler` makes, or fails with what it throws.
        ///
        /// - Parameter handler: Makes the replacement publisher, or throws.
        /// - Returns: A publisher of the upstream's values, then the replacement's.
        public func tryCatch<P: Publisher>(_ handler: @escaping (Failure) throws -> P)
            -> Publishers.TryCatch<Self, P> where Output == P.Output
        {
            Publishers.TryCatch(upstream: self, handler: handler)
        }

        /// Subscribes again after a failure, up to `retries` times.
        ///
        /// - Parameter retries: How many times to subscribe again.
        /// - Returns: A publisher that fails only once the retries are spent.
        public func retry(_ retries: Int) -> Publishers.Retry<Self> {
            Publishers.Retry(upstream: self, retries: retries)
        }

        /// Transforms each value with a closure that may throw; a throw fails the stream.
        ///
        /// - Parameter transform: Transforms a value, or throws.
        /// - Returns: A publisher of the transformed values, failing with `any Error`.
        public func tryMap<T>(_ transform: @escaping (Output) throws -> T)
            -> Publishers.TryMap<Self, T>
        {
            Publishers.TryMap(upstream: self, transform: transform)
        }

        /// Forwards the values a throwing predicate accepts; a throw fails the stream.
        ///
        /// - Parameter isIncluded: Accepts a value, rejects it, or throws.
        /// - Returns: A publisher of the accepted values, failing with `any Error`.
        public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool)
            -> Publishers.TryFilter<Self>
        {
            Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
        }

        /// Forwards the non-`nil` results of a throwing transform; a throw fails the stream.
        ///
        /// - Parameter transform: Transforms a value to an optional, or throws.
        /// - Returns: A publisher of the non-`nil` results, failing with `any Error`.
        public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?)
            -> Publishers.TryCompactMap<Self, T>
        {
            Publishers.TryCompactMap(upstream: self, transform: transform)
        }

        /// Transforms the failure.
        ///
        /// - Parameter transform: Makes the new error from the upstream's.
        /// - Returns: A publisher with the same values and the transformed failure.
        public func mapError<E: Error>(_ transform: @escaping (Failure) -> E)
            -> Publishers.MapError<Self, E>
        {
            Publishers.MapError(upstream: self, transform: transform)
        }

        /// Replaces a failure with a value, then finishes.
        ///
        /// - Parameter output: The value sent in place of the failure.
        /// - Returns: A publisher that cannot fail.
        public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
            Publishers.ReplaceError(upstream: self, output: output)
        }

        /// Sends a value if the upstream finishes without sending any.
        ///
        /// - Parameter output: The value sent for an empty upstream.
        /// - Returns: A publisher that sends at least one value before finishing.
        public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
            Publishers.ReplaceEmpty(upstream: self, output: output)
        }

        /// Replaces each `nil` with a value.
        ///
        /// - Parameter output: The value sent in place of `nil`.
        /// - Returns: A publisher of non-optional values.
        public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
            map { $0 ?? output }
        }

        /// Stops the program if the upstream fails: for publishers that must not.
        ///
        /// - Parameters:
        ///   - prefix: Starts the failure's message.
        ///   - file: The file of the call.
        ///   - line: The line of the call.
        /// - Returns: A publisher that cannot fail.
        public func assertNoFailure(
            _ prefix: String = "", file: StaticString = #file, line: UInt = #line
        ) -> Publishers.AssertNoFailure<Self> {
            Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
        }
    }

    extension Publisher where Failure == Never {
        /// Types this publisher, which cannot fail, as one that fails with `failureType`.
        ///
        /// - Parameter failureType: The failure type to take on.
        /// - Returns: A publisher with the same values and the new failure type.
        public func setFailureType<E: Error>(to failureType: E.Type)
            -> Publishers.SetFailureType<Self, E>
        {
            Publishers.SetFailureType(upstream: self)
        }
    }
#endif
