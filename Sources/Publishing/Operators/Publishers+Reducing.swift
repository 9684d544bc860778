// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Operators that accumulate, pick or test values: scan, reduce, collect, first, last, count,
    // contains, allSatisfy, min, max, ignoreOutput, drop(while:), prefix(while:).

    extension Publishers {
        /// A publisher of each partial result of accumulating its upstream's values.
        public struct Scan<Upstream: Publisher, Output>: ClosurePublisher {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are accumulated.
            public let upstream: Upstream
            /// The result before any value.
            public let initialResult: Output
            /// Combines the result so far with the next value.
            public let nextPartialResult: (Output, Upstream.Output) -> Output

            /// Subscribes to the upstream, sending the new result after each value.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                var result = initialResult
                let next = nextPartialResult
                return upstream.sink(receiveCompletion: receiveCompletion) { value in
                    result = next(result, value)
                    receiveValue(result)
                }
            }
        }

        /// A publisher of each partial result of a throwing accumulation.
        public struct TryScan<Upstream: Publisher, Output>: ClosurePublisher {
            /// Any error: the upstream's, or the one the closure throws.
            public typealias Failure = any Error

            /// The publisher whose values are accumulated.
            public let upstream: Upstream
            /// The result before any value.
            public let initialResult: Output
            /// Combines the result so far with the next value, or throws.
            public let nextPartialResult: (Output, Upstream.Output) throws -> Output

            /// Subscribes to the upstream; a thrown error fails the stream and cancels the upstream.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                var result = initialResult
                let next = nextPartialResult
                return upstream.forward(
                    to: receiveValue, receiveCompletion,
                    value: { value, downstream in
                        do {
                            result = try next(result, value)
                            downstream.send(result)
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

        /// A publisher of one value, made from all of its upstream's values once it finishes.
        ///
        /// `reduce`, `collect()`, `count()`, `min()`, `max()` and `last()` are all this, with a
        /// different step.
        public struct Reduce<Upstream: Publisher, Output>: ClosurePublisher {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are accumulated.
            public let upstream: Upstream
            /// The result before any value.
            public let initial: Output
            /// Combines the result so far with the next value.
            public let nextPartialResult: (Output, Upstream.Output) -> Output

            /// Subscribes to the upstream; sends the result when it finishes, then finishes.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                var result = initial
                let next = nextPartialResult
                return upstream.sink(
                    receiveCompletion: { completion in
                        if case .finished = completion { receiveValue(result) }
                        receiveCompletion(completion)
                    },
                    receiveValue: { result = next(result, $0) }
                )
            }
        }

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

        /// A publisher that sends one value as soon as an upstream value decides it, then finishes
        /// and cancels the upstream: `first()`, `first(where:)`, `contains`, `allSatisfy`.
        public struct FirstWhere<Upstream: Publisher, Output>: ClosurePublisher {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are tested.
            public let upstream: Upstream
            /// What to send for a value, ending the stream; `nil` to go on.
            let decide: (Upstream.Output) -> Output?
            /// What to send if the upstream finishes first; `nil` to send nothing.
            let otherwise: Output?

            /// Subscribes to the upstream; finishes and cancels it as soon as a value decides.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (decide, otherwise) = (decide, otherwise)
                return upstream.forward(
                    to: receiveValue, receiveCompletion,
                    value: { value, downstream in
                        guard let output = decide(value) else { return }
                        downstream.send(output)
                        downstream.finish()
                    },
                    completion: { completion, downstream in
                        if case .finished = completion, let otherwise { downstream.send(otherwise) }
                        downstream.finish(completion)
                    }
                )
            }
        }

        /// A publisher that forwards nothing but its upstream's completion.
        public struct IgnoreOutput<Upstream: Publisher>: ClosurePublisher {
            /// It sends no values.
            public typealias Output = Never
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are ignored.
            public let upstream: Upstream

            /// Subscribes to the upstream, forwarding only its completion.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Never) -> Void
            ) -> AnyCancellable {
                upstream.sink(receiveCompletion: receiveCompletion) { _ in }
            }
        }

        /// A publisher that skips its upstream's values while a predicate holds, then forwards all.
        public struct DropWhile<Upstream: Publisher>: ClosurePublisher {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose first values are skipped.
            public let upstream: Upstream
            /// Skips values while it returns `true`.
            public let predicate: (Output) -> Bool

            /// Subscribes to the upstream, skipping values until one fails the predicate.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let predicate = predicate
                var isDropping = true
                return upstream.sink(receiveCompletion: receiveCompletion) { value in
                    if isDropping { isDropping = predicate(value) }
                    if !isDropping { receiveValue(value) }
                }
            }
        }

        /// A publisher that forwards its upstream's values while a predicate holds, then finishes.
        public struct PrefixWhile<Upstream: Publisher>: ClosurePublisher {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose first values are forwarded.
            public let upstream: Upstream
            /// Forwards values while it returns `true`.
            public let predicate: (Output) -> Bool

            /// Subscribes to the upstream; at the first value that fails the predicate, finishes
            /// and cancels it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let predicate = predicate
                return upstream.forward(
                    to: receiveValue, receiveCompletion,
                    value: { value, downstream in
                        if predicate(value) { downstream.send(value) } else { downstream.finish() }
                    },
                    completion: { completion, downstream in downstream.finish(completion) }
                )
            }
        }
    }

    extension Publisher {
        /// Sends each partial result of accumulating the values.
        ///
        /// ```swift
        /// taps.scan(0) { count, _ in count + 1 }
        /// ```
        ///
        /// - Parameters:
        ///   - initialResult: The result before any value.
        ///   - nextPartialResult: Combines the result so far with the next value.
        /// - Returns: A publisher of the partial results.
        public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
            -> Publishers.Scan<Self, T>
        {
            Publishers.Scan(
                upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
        }

        /// Sends each partial result of a throwing accumulation; a throw fails the stream.
        ///
        /// - Parameters:
        ///   - initialResult: The result before any value.
        ///   - nextPartialResult: Combines the result so far with the next value, or throws.
        /// - Returns: A publisher of the partial results, failing with `any Error`.
        public func tryScan<T>(
            _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
        ) -> Publishers.TryScan<Self, T> {
            Publishers.TryScan(
                upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
        }

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

        /// Sends how many values the upstream sent, once it finishes.
        ///
        /// - Returns: A publisher of one count.
        public func count() -> Publishers.Reduce<Self, Int> {
            reduce(0) { count, _ in count + 1 }
        }

        /// Sends the last value once the upstream finishes; nothing if it sent none.
        ///
        /// - Returns: A publisher of at most one value.
        public func last() -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output> {
            reduce(nil) { $1 }.compactMap { $0 }
        }

        /// Sends the last value that meets `predicate` once the upstream finishes.
        ///
        /// - Parameter predicate: The test each value must pass.
        /// - Returns: A publisher of at most one value.
        public func last(where predicate: @escaping (Output) -> Bool)
            -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output>
        {
            reduce(nil) { last, value in predicate(value) ? value : last }.compactMap { $0 }
        }

        /// Sends the smallest value, as `areInIncreasingOrder` orders them, once the upstream
        /// finishes.
        ///
        /// - Parameter areInIncreasingOrder: Whether the first value is smaller.
        /// - Returns: A publisher of at most one value.
        public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool)
            -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output>
        {
            reduce(nil) { least, value in
                guard let least else { return value }
                return areInIncreasingOrder(value, least) ? value : least
            }.compactMap { $0 }
        }

        /// Sends the largest value, as `areInIncreasingOrder` orders them, once the upstream
        /// finishes.
        ///
        /// - Parameter areInIncreasingOrder: Whether the first value is smaller.
        /// - Returns: A publisher of at most one value.
        public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool)
            -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output>
        {
            reduce(nil) { greatest, value in
                guard let greatest else { return value }
                return areInIncreasingOrder(greatest, value) ? value : greatest
            }.compactMap { $0 }
        }

        /// Sends the first value, then finishes and cancels the upstream.
        ///
        /// - Returns: A publisher of at most one value.
        public func first() -> Publishers.FirstWhere<Self, Output> {
            Publishers.FirstWhere(upstream: self, decide: { $0 }, otherwise: nil)
        }

        /// Sends the first value that meets `predicate`, then finishes and cancels the upstream.
        ///
        /// - Parameter predicate: The test the value must pass.
        /// - Returns: A publisher of at most one value.
        public func first(where predicate: @escaping (Output) -> Bool)
            -> Publishers.FirstWhere<Self, Output>
        {
            Publishers.FirstWhere(
                upstream: self, decide: { predicate($0) ? $0 : nil }, otherwise: nil)
        }

        /// Sends `true` at the first value that meets `predicate` (then finishes and cancels the
        /// upstream), or `false` if the upstream finishes first.
        ///
        /// - Parameter predicate: The test a value must pass.
        /// - Returns: A publisher of one Boolean.
        public func contains(where predicate: @escaping (Output) -> Bool)
            -> Publishers.FirstWhere<Self, Bool>
        {
            Publishers.FirstWhere(
                upstream: self, decide: { predicate($0) ? true : nil }, otherwise: false)
        }

        /// Sends `false` at the first value that fails `predicate` (then finishes and cancels the
        /// upstream), or `true` if the upstream finishes first.
        ///
        /// - Parameter predicate: The test every value must pass.
        /// - Returns: A publisher of one Boolean.
        public func allSatisfy(_ predicate: @escaping (Output) -> Bool)
            -> Publishers.FirstWhere<Self, Bool>
        {
            Publishers.FirstWhere(
                upstream: self, decide: { predicate($0) ? nil : false }, otherwise: true)
        }

        /// Forwards only the completion.
        ///
        /// - Returns: A publisher of no values.
        public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
            Publishers.IgnoreOutput(upstream: self)
        }

        /// Skips values while `predicate` holds, then forwards every value.
        ///
        /// - Parameter predicate: Skips values while it returns `true`.
        /// - Returns: A publisher of the values from the first that fails `predicate`.
        public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self>
        {
            Publishers.DropWhile(upstream: self, predicate: predicate)
        }

        /// Forwards values while `predicate` holds, then finishes and cancels the upstream.
        ///
        /// - Parameter predicate: Forwards values while it returns `true`.
        /// - Returns: A publisher of the values before the first that fails `predicate`.
        public func prefix(while predicate: @escaping (Output) -> Bool)
            -> Publishers.PrefixWhile<Self>
        {
            Publishers.PrefixWhile(upstream: self, predicate: predicate)
        }
    }

    extension Publisher where Output: Equatable {
        /// Sends `true` when `output` arrives (then finishes and cancels the upstream), or `false`
        /// if the upstream finishes first.
        ///
        /// - Parameter output: The value to look for.
        /// - Returns: A publisher of one Boolean.
        public func contains(_ output: Output) -> Publishers.FirstWhere<Self, Bool> {
            contains { $0 == output }
        }
    }

    extension Publisher where Output: Comparable {
        /// Sends the smallest value once the upstream finishes.
        ///
        /// - Returns: A publisher of at most one value.
        public func min() -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output> {
            min(by: <)
        }

        /// Sends the largest value once the upstream finishes.
        ///
        /// - Returns: A publisher of at most one value.
        public func max() -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output> {
            max(by: <)
        }
    }

    // MARK: - Key paths and printing

    extension Publisher {
        /// Sends the value at `keyPath` of each value.
        ///
        /// - Parameter keyPath: The property to read.
        /// - Returns: A publisher of the property's values.
        public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.Map<Self, T> {
            map { $0[keyPath: keyPath] }
        }

        /// Sends the values at two key paths of each value, as a pair.
        ///
        /// - Parameters:
        ///   - keyPath0: The first property to read.
        ///   - keyPath1: The second property to read.
        /// - Returns: A publisher of pairs.
        public func map<T0, T1>(_ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>)
            -> Publishers.Map<Self, (T0, T1)>
        {
            map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }
        }

        /// Sends the values at three key paths of each value, as a triple.
        ///
        /// - Parameters:
        ///   - keyPath0: The first property to read.
        ///   - keyPath1: The second property to read.
        ///   - keyPath2: The third property to read.
        /// - Returns: A publisher of triples.
        public func map<T0, T1, T2>(
            _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>,
            _ keyPath2: KeyPath<Output, T2>
        ) -> Publishers.Map<Self, (T0, T1, T2)> {
            map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }
        }

        /// Prints each event (value, completion, cancel) as it passes, forwarding it unchanged.
        ///
        /// - Parameters:
        ///   - prefix: Starts each line.
        ///   - stream: Where to print; standard output if `nil`.
        /// - Returns: A publisher with the same events.
        public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil)
            -> Publishers.HandleEvents<Self>
        {
            let lead = prefix.isEmpty ? "" : "\(prefix): "
            let output = PrintTarget(stream)
            return handleEvents(
                receiveOutput: { output.write("\(lead)receive value: (\($0))") },
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: output.write("\(lead)receive finished")
                    case .failure(let error): output.write("\(lead)receive error: (\(error))")
                    }
                },
                receiveCancel: { output.write("\(lead)receive cancel") }
            )
        }
    }

    /// Where `print(_:to:)` writes its lines.
    private final class PrintTarget {
        private var stream: (any TextOutputStream)?

        init(_ stream: (any TextOutputStream)?) {
            self.stream = stream
        }

        func write(_ line: String) {
            if stream != nil {
                stream!.write(line + "\n")
            } else {
                Swift.print(line)
            }
        }
    }
#endif
