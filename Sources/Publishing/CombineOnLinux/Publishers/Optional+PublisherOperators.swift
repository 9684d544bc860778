// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Combine's overloads of `Optional.Publisher`'s operators: with at most one value known up
    // front, each answer is computed when the operator is called (a closure runs at once, and
    // only if there is a value) and handed back as another value publisher, as Combine does.
    //
    // Where there is no value, Combine's answer is mostly no value either, where the general
    // operator would send one for an empty stream: `count()`, `allSatisfy(_:)`,
    // `contains(_:)`, `contains(where:)` and `reduce(_:_:)` send nothing (as `scan(_:_:)` does);
    // `collect()` sends `[]` and `replaceEmpty(with:)` the replacement (OpenCombine's tests, run
    // against Apple's Combine too, record each).

    extension Optional.Publisher where Wrapped: Equatable {
        /// Whether the value, if any, equals `output`; nothing if there is no value.
        ///
        /// - Parameter output: The value to look for.
        public func contains(_ output: Output) -> Optional<Bool>.Publisher {
            Optional<Bool>.Publisher(self.output.map { $0 == output })
        }

        /// The same: at most one value has no duplicate.
        public func removeDuplicates() -> Optional<Wrapped>.Publisher {
            self
        }
    }

    extension Optional.Publisher where Wrapped: Comparable {
        /// The same: the smallest of at most one value is itself.
        public func min() -> Optional<Wrapped>.Publisher {
            self
        }

        /// The same: the largest of at most one value is itself.
        public func max() -> Optional<Wrapped>.Publisher {
            self
        }
    }

    extension Optional.Publisher {
        /// Whether the value satisfies `predicate`, called now; nothing if there is no value.
        ///
        /// - Parameter predicate: The test for the value.
        public func allSatisfy(_ predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
            Optional<Bool>.Publisher(output.map(predicate))
        }

        /// The value in a one-element array, or an empty array if there is none.
        public func collect() -> Optional<[Output]>.Publisher {
            Optional<[Output]>.Publisher(output.map { [$0] } ?? [])
        }

        /// The value transformed now, or nothing if there is none or `transform` returns `nil`.
        ///
        /// - Parameter transform: The transformation, returning `nil` to send nothing.
        public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
            Optional<T>.Publisher(output.flatMap(transform))
        }

        /// The same; `areInIncreasingOrder` is not called, as one value needs no comparing.
        ///
        /// - Parameter areInIncreasingOrder: The ordering, unused.
        public func min(by areInIncreasingOrder: (Output, Output) -> Bool)
            -> Optional<Wrapped>.Publisher
        {
            self
        }

        /// The same; `areInIncreasingOrder` is not called, as one value needs no comparing.
        ///
        /// - Parameter areInIncreasingOrder: The ordering, unused.
        public func max(by areInIncreasingOrder: (Output, Output) -> Bool)
            -> Optional<Wrapped>.Publisher
        {
            self
        }

        /// Whether the value satisfies `predicate`, called now; nothing if there is no value.
        ///
        /// - Parameter predicate: The test for the value.
        public func contains(where predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
            Optional<Bool>.Publisher(output.map(predicate))
        }

        /// One if there is a value; nothing, not zero, if there is none, as in Combine.
        public func count() -> Optional<Int>.Publisher {
            Optional<Int>.Publisher(output.map { _ in 1 })
        }

        /// Nothing, unless `count` is zero.
        ///
        /// - Parameter count: How many values to drop; zero or more.
        public func dropFirst(_ count: Int = 1) -> Optional<Wrapped>.Publisher {
            precondition(count >= 0, "dropFirst(_:) needs a count of zero or more, not \(count)")
            return Optional<Wrapped>.Publisher(count == 0 ? output : nil)
        }

        /// The value, unless `predicate`, called now, drops it.
        ///
        /// - Parameter predicate: Whether to drop the value.
        public func drop(while predicate: (Output) -> Bool) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? nil : $0 })
        }

        /// The same: the value, if any, is the first.
        public func first() -> Optional<Wrapped>.Publisher {
            self
        }

        /// The value if it satisfies `predicate`, called now.
        ///
        /// - Parameter predicate: The test for the value.
        public func first(where predicate: (Output) -> Bool) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
        }

        /// The same: the value, if any, is the last.
        public func last() -> Optional<Wrapped>.Publisher {
            self
        }

        /// The value if it satisfies `predicate`, called now.
        ///
        /// - Parameter predicate: The test for the value.
        public func last(where predicate: (Output) -> Bool) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
        }

        /// The value if `isIncluded`, called now, keeps it.
        ///
        /// - Parameter isIncluded: Whether to send the value.
        public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
        }

        /// No value, only the finish.
        public func ignoreOutput() -> Empty<Output, Failure> {
            Empty()
        }

        /// The value, if any, transformed now.
        ///
        /// - Parameter transform: The transformation.
        public func map<T>(_ transform: (Output) -> T) -> Optional<T>.Publisher {
            Optional<T>.Publisher(output.map(transform))
        }

        /// The value if `index` is zero, else nothing.
        ///
        /// - Parameter index: The index of the value to send; zero or more.
        public func output(at index: Int) -> Optional<Wrapped>.Publisher {
            precondition(index >= 0, "output(at:) needs an index of zero or more, not \(index)")
            return Optional<Wrapped>.Publisher(index == 0 ? output : nil)
        }

        /// The value if `range` holds index zero, else nothing.
        ///
        /// As in Combine, the range must not start below zero, and must end below `Int.max - 1`
        /// (so an unbounded range such as `0...` is a programming error here).
        ///
        /// - Parameter range: The indices of the values to send.
        public func output<R>(in range: R) -> Optional<Wrapped>.Publisher
        where R: RangeExpression, R.Bound == Int {
            let indices = range.relative(to: 0..<Int.max)
            precondition(
                indices.lowerBound >= 0,
                "output(in:) needs a range starting at zero or more, not \(indices.lowerBound)")
            precondition(
                indices.upperBound < Int.max - 1,
                "output(in:) needs a range ending below Int.max - 1")
            let holdsZero = indices.lowerBound == 0 && indices.upperBound != 0
            return Optional<Wrapped>.Publisher(holdsZero ? output : nil)
        }

        /// The value unless `maxLength` is zero.
        ///
        /// - Parameter maxLength: How many values to send at most; zero or more.
        public func prefix(_ maxLength: Int) -> Optional<Wrapped>.Publisher {
            precondition(
                maxLength >= 0,
                "prefix(_:) needs a maximum length of zero or more, not \(maxLength)")
            return Optional<Wrapped>.Publisher(maxLength > 0 ? output : nil)
        }

        /// The value if it satisfies `predicate`, called now.
        ///
        /// - Parameter predicate: Whether to send the value.
        public func prefix(while predicate: (Output) -> Bool) -> Optional<Wrapped>.Publisher {
            Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
        }

        /// `nextPartialResult` of `initialResult` and the value, computed now; nothing if there
        /// is no value.
        ///
        /// - Parameters:
        ///   - initialResult: The starting accumulation.
        ///   - nextPartialResult: Combines the accumulation with the value.
        public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T)
            -> Optional<T>.Publisher
        {
            Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
        }

        /// The same; `predicate` is not called, as one value has no duplicate.
        ///
        /// - Parameter predicate: Whether two values are duplicates, unused.
        public func removeDuplicates(by predicate: (Output, Output) -> Bool)
            -> Optional<Wrapped>.Publisher
        {
            self
        }

        /// The same: an optional's publisher has no error to replace.
        ///
        /// - Parameter output: The replacement, unused.
        public func replaceError(with output: Output) -> Optional<Output>.Publisher {
            self
        }

        /// The value, or `output` if there is none.
        ///
        /// - Parameter output: The value to send if there is none.
        public func replaceEmpty(with output: Output) -> Just<Wrapped> {
            Just(self.output ?? output)
        }

        /// The same: an optional's publisher never fails, so there is nothing to retry.
        ///
        /// - Parameter times: How many times to retry, unused.
        public func retry(_ times: Int) -> Optional<Wrapped>.Publisher {
            self
        }

        /// `nextPartialResult` of `initialResult` and the value, computed now; nothing if there
        /// is no value.
        ///
        /// - Parameters:
        ///   - initialResult: The starting accumulation.
        ///   - nextPartialResult: Combines the accumulation with the value.
        public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T)
            -> Optional<T>.Publisher
        {
            Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
        }
    }
#endif
