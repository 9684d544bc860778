// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Combine's overloads of `Just`'s operators: with one value known up front, each answer is
    // known when the operator is called, so it is computed then (any closure runs at once, on
    // the caller's thread) and handed back as another value publisher, as Combine does. They
    // are more specific than the `Publisher` extension's, so they are chosen wherever the
    // result's type allows, as on Apple platforms.

    extension Just where Output: Comparable {
        /// The value: the smallest of one value is itself.
        public func min() -> Just<Output> {
            self
        }

        /// The value: the largest of one value is itself.
        public func max() -> Just<Output> {
            self
        }
    }

    extension Just where Output: Equatable {
        /// Whether the value equals `output`, decided now.
        ///
        /// - Parameter output: The value to look for.
        public func contains(_ output: Output) -> Just<Bool> {
            Just<Bool>(self.output == output)
        }

        /// The value: one value has no duplicate.
        public func removeDuplicates() -> Just<Output> {
            self
        }
    }

    extension Just {
        /// Whether the value satisfies `predicate`, called now.
        ///
        /// - Parameter predicate: The test for the value.
        public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
            Just<Bool>(predicate(output))
        }

        /// Whether the value satisfies `predicate`, called now; an error it throws is the
        /// publisher's failure.
        ///
        /// - Parameter predicate: The test for the value, which may throw.
        public func tryAllSatisfy(_ predicate: (Output) throws -> Bool)
            -> Result<Bool, any Error>.Publisher
        {
            Result<Bool, any Error>.Publisher(Result { try predicate(output) })
        }

        /// The value in a one-element array.
        public func collect() -> Just<[Output]> {
            Just<[Output]>([output])
        }

        /// The value transformed now, or nothing if `transform` returns `nil`.
        ///
        /// - Parameter transform: The transformation, returning `nil` to send nothing.
        public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
            Optional<T>.Publisher(transform(output))
        }

        /// The value; `areInIncreasingOrder` is not called, as one value needs no comparing.
        ///
        /// - Parameter areInIncreasingOrder: The ordering, unused.
        public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
            self
        }

        /// The value; `areInIncreasingOrder` is not called, as one value needs no comparing.
        ///
        /// - Parameter areInIncreasingOrder: The ordering, unused.
        public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
            self
        }

        /// `elements`, then the value, as a sequence publisher.
        ///
        /// - Parameter elements: The values sent first.
        public func prepend(_ elements: Output...)
            -> Publishers.Sequence<[Output], Just<Output>.Failure>
        {
            prepend(elements)
        }

        /// The elements of `elements`, then the value, as a sequence publisher.
        ///
        /// - Parameter elements: The values sent first.
        public func prepend<S>(_ elements: S)
            -> Publishers.Sequence<[Output], Just<Output>.Failure>
        where Output == S.Element, S: Sequence {
            // Read as Combine reads it: its `underestimatedCount`, then its elements, never
            // its `count`, which a lazy collection computes by walking it.
            Publishers.Sequence(sequence: elements + [output])
        }

        /// The value, then `elements`, as a sequence publisher.
        ///
        /// - Parameter elements: The values sent after the value.
        public func append(_ elements: Output...)
            -> Publishers.Sequence<[Output], Just<Output>.Failure>
        {
            append(elements)
        }

        /// The value, then the elements of `elements`, as a sequence publisher.
        ///
        /// - Parameter elements: The values sent after the value.
        public func append<S>(_ elements: S)
            -> Publishers.Sequence<[Output], Just<Output>.Failure>
        where Output == S.Element, S: Sequence {
            // As above.
            Publishers.Sequence(sequence: [output] + elements)
        }

        /// Whether the value satisfies `predicate`, called now.
        ///
        /// - Parameter predicate: The test for the value.
        public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
            Just<Bool>(predicate(output))
        }

        /// Whether the value satisfies `predicate`, called now; an error it throws is the
        /// publisher's failure.
        ///
        /// - Parameter predicate: The test for the value, which may throw.
        public func tryContains(where predicate: (Output) throws -> Bool)
            -> Result<Bool, any Error>.Publisher
        {
            Result<Bool, any Error>.Publisher(Result { try predicate(output) })
        }

        /// One: the number of values a `Just` sends.
        public func count() -> Just<Int> {
            Just<Int>(1)
        }

        /// Nothing, unless `count` is zero.
        ///
        /// - Parameter count: How many values to drop; zero or more.
        public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
            precondition(count >= 0, "dropFirst(_:) needs a count of zero or more, not \(count)")
            return Optional<Output>.Publisher(count > 0 ? nil : output)
        }

        /// The value, unless `predicate`, called now, drops it.
        ///
        /// - Parameter predicate: Whether to drop the value.
        public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(predicate(output) ? nil : output)
        }

        /// The value: it is the first.
        public func first() -> Just<Output> {
            self
        }

        /// The value if it satisfies `predicate`, called now.
        ///
        /// - Parameter predicate: The test for the value.
        public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(predicate(output) ? output : nil)
        }

        /// The value: it is the last.
        public func last() -> Just<Output> {
            self
        }

        /// The value if it satisfies `predicate`, called now.
        ///
        /// - Parameter predicate: The test for the value.
        public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(predicate(output) ? output : nil)
        }

        /// The value if `isIncluded`, called now, keeps it.
        ///
        /// - Parameter isIncluded: Whether to send the value.
        public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(isIncluded(output) ? output : nil)
        }

        /// No value, only the finish.
        public func ignoreOutput() -> Empty<Output, Just<Output>.Failure> {
            Empty()
        }

        /// The value transformed now.
        ///
        /// - Parameter transform: The transformation.
        public func map<T>(_ transform: (Output) -> T) -> Just<T> {
            Just<T>(transform(output))
        }

        /// The value transformed now; an error `transform` throws is the publisher's failure.
        ///
        /// - Parameter transform: The transformation, which may throw.
        public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
            Result<T, any Error>.Publisher(Result { try transform(output) })
        }

        /// The value, with the failure type `E`; `transform` is never called, as `Just` cannot
        /// fail.
        ///
        /// - Parameter transform: The error transformation, unused.
        public func mapError<E>(_ transform: (Just<Output>.Failure) -> E)
            -> Result<Output, E>.Publisher where E: Error
        {
            Result<Output, E>.Publisher(output)
        }

        /// The value if `index` is zero, else nothing.
        ///
        /// - Parameter index: The index of the value to send; zero or more.
        public func output(at index: Int) -> Optional<Output>.Publisher {
            precondition(index >= 0, "output(at:) needs an index of zero or more, not \(index)")
            return Optional<Output>.Publisher(index == 0 ? output : nil)
        }

        /// The value if `range` starts at zero, else nothing.
        ///
        /// Combine decides on the range's lower bound alone, so an empty range starting at zero
        /// (`0..<0`) still sends the value (OpenCombine's tests, run against Apple's Combine too,
        /// record it).
        ///
        /// - Parameter range: The indices of the values to send.
        public func output<R>(in range: R) -> Optional<Output>.Publisher
        where R: RangeExpression, R.Bound == Int {
            let indices = range.relative(to: 0..<Int.max)
            return Optional<Output>.Publisher(indices.lowerBound == 0 ? output : nil)
        }

        /// The value unless `maxLength` is zero.
        ///
        /// - Parameter maxLength: How many values to send at most; zero or more.
        public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
            precondition(
                maxLength >= 0,
                "prefix(_:) needs a maximum length of zero or more, not \(maxLength)")
            return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
        }

        /// The value if it satisfies `predicate`, called now.
        ///
        /// - Parameter predicate: Whether to send the value.
        public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(predicate(output) ? output : nil)
        }
    }
#endif
