// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Combine's own overloads on a sequence publisher: the elements are all known when the
    // operator is applied, so the operator runs on them there and then, and the result is again
    // a publisher of values (a sequence, a `Result`, an `Optional`, `Just` or `Empty`) rather
    // than an operator around the sequence. Closures are called once, at the call, not once per
    // subscriber; each subscriber receives the same values. The signatures are Combine's, so
    // code written for one platform picks the same overload, and gets the same type, on the
    // other.

    extension Publishers.Sequence where Failure == Never {
        /// The smallest element, found now, by `areInIncreasingOrder`; `nil` for no elements.
        ///
        /// - Parameter areInIncreasingOrder: Whether its first argument comes before its second.
        /// - Returns: A publisher of the smallest element, or of nothing but `.finished`.
        @inlinable
        public func min(by areInIncreasingOrder: (Output, Output) -> Bool)
            -> Optional<Output>.Publisher
        {
            Optional<Output>.Publisher(sequence.min(by: areInIncreasingOrder))
        }

        /// The largest element, found now, by `areInIncreasingOrder`; `nil` for no elements.
        ///
        /// - Parameter areInIncreasingOrder: Whether its first argument comes before its second.
        /// - Returns: A publisher of the largest element, or of nothing but `.finished`.
        @inlinable
        public func max(by areInIncreasingOrder: (Output, Output) -> Bool)
            -> Optional<Output>.Publisher
        {
            Optional<Output>.Publisher(sequence.max(by: areInIncreasingOrder))
        }

        /// The first element that satisfies `predicate`, found now; the rest are never read.
        ///
        /// - Parameter predicate: Whether an element is the one sought.
        /// - Returns: A publisher of that element, or of nothing but `.finished`.
        @inlinable
        public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(sequence.first(where: predicate))
        }
    }

    extension Publishers.Sequence {
        /// Whether every element satisfies `predicate`, decided now.
        ///
        /// - Parameter predicate: The test each element must pass.
        /// - Returns: A publisher of the answer, then `.finished`.
        @inlinable
        public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(.success(sequence.allSatisfy(predicate)))
        }

        /// Whether every element satisfies a predicate that may throw, decided now; a throw is
        /// the publisher's failure.
        ///
        /// - Parameter predicate: The test each element must pass, or throws.
        /// - Returns: A publisher of the answer, or of the error thrown.
        @inlinable
        public func tryAllSatisfy(_ predicate: (Output) throws -> Bool)
            -> Result<Bool, any Error>.Publisher
        {
            Result<Bool, any Error>.Publisher(Result { try sequence.allSatisfy(predicate) })
        }

        /// All the elements as one array, read now.
        ///
        /// - Returns: A publisher of the array, then `.finished`.
        @inlinable
        public func collect() -> Result<[Output], Failure>.Publisher {
            Result<[Output], Failure>.Publisher(.success(Array(sequence)))
        }

        /// The non-`nil` results of `transform`, computed now.
        ///
        /// - Parameter transform: Turns an element into a value, or into `nil` to leave it out.
        /// - Returns: A publisher of the non-`nil` results.
        @inlinable
        public func compactMap<T>(_ transform: (Output) -> T?) -> Publishers.Sequence<[T], Failure>
        {
            Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
        }

        /// Whether an element satisfies `predicate`, decided now; the rest are never read.
        ///
        /// - Parameter predicate: The test an element must pass.
        /// - Returns: A publisher of the answer, then `.finished`.
        @inlinable
        public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(.success(sequence.contains(where: predicate)))
        }

        /// Whether an element satisfies a predicate that may throw, decided now; a throw is the
        /// publisher's failure.
        ///
        /// - Parameter predicate: The test an element must pass, or throws.
        /// - Returns: A publisher of the answer, or of the error thrown.
        @inlinable
        public func tryContains(where predicate: (Output) throws -> Bool)
            -> Result<Bool, any Error>.Publisher
        {
            Result<Bool, any Error>.Publisher(Result { try sequence.contains(where: predicate) })
        }

        /// The elements after those that satisfy `predicate`: the leading ones are tested now.
        ///
        /// - Parameter predicate: Whether a leading element is dropped.
        /// - Returns: A publisher of the elements from the first that fails `predicate` on.
        @inlinable
        public func drop(while predicate: (Elements.Element) -> Bool)
            -> Publishers.Sequence<DropWhileSequence<Elements>, Failure>
        {
            Publishers.Sequence<DropWhileSequence<Elements>, Failure>(
                sequence: sequence.drop(while: predicate))
        }

        /// The elements after the first `count`, still read one by one as they are sent, so an
        /// endless sequence stays endless.
        ///
        /// - Parameter count: How many elements to leave out; 1 unless given.
        /// - Returns: A publisher of the remaining elements.
        @inlinable
        public func dropFirst(_ count: Int = 1)
            -> Publishers.Sequence<DropFirstSequence<Elements>, Failure>
        {
            Publishers.Sequence<DropFirstSequence<Elements>, Failure>(
                sequence: sequence.dropFirst(count))
        }

        /// The elements that satisfy `isIncluded`, tested now.
        ///
        /// - Parameter isIncluded: Whether an element is kept.
        /// - Returns: A publisher of the kept elements.
        @inlinable
        public func filter(_ isIncluded: (Output) -> Bool)
            -> Publishers.Sequence<[Output], Failure>
        {
            Publishers.Sequence<[Output], Failure>(sequence: sequence.filter(isIncluded))
        }

        /// Nothing but `.finished`: a sequence publisher cannot fail, so no element needs reading.
        ///
        /// - Returns: A publisher that finishes at once.
        @inlinable
        public func ignoreOutput() -> Empty<Output, Failure> {
            Empty<Output, Failure>()
        }

        /// Each element transformed by `transform`, computed now.
        ///
        /// - Parameter transform: The closure applied to each element.
        /// - Returns: A publisher of the transformed elements.
        @inlinable
        public func map<T>(_ transform: (Elements.Element) -> T)
            -> Publishers.Sequence<[T], Failure>
        {
            Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
        }

        /// The first `maxLength` elements, still read one by one as they are sent, so a prefix of
        /// an endless sequence ends.
        ///
        /// - Parameter maxLength: How many elements at most.
        /// - Returns: A publisher of at most `maxLength` elements.
        @inlinable
        public func prefix(_ maxLength: Int)
            -> Publishers.Sequence<PrefixSequence<Elements>, Failure>
        {
            Publishers.Sequence<PrefixSequence<Elements>, Failure>(
                sequence: sequence.prefix(maxLength))
        }

        /// The leading elements that satisfy `predicate`, read now up to the first that does not.
        ///
        /// - Parameter predicate: Whether a leading element is kept.
        /// - Returns: A publisher of the leading elements kept.
        @inlinable
        public func prefix(while predicate: (Elements.Element) -> Bool)
            -> Publishers.Sequence<[Elements.Element], Failure>
        {
            Publishers.Sequence<[Elements.Element], Failure>(
                sequence: sequence.prefix(while: predicate))
        }

        /// The elements combined into one value by `nextPartialResult`, computed now.
        ///
        /// - Parameters:
        ///   - initialResult: The value to start from, published alone for no elements.
        ///   - nextPartialResult: Combines the value so far with the next element.
        /// - Returns: A publisher of the final value, then `.finished`.
        @inlinable
        public func reduce<T>(
            _ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T
        ) -> Result<T, Failure>.Publisher {
            Result<T, Failure>.Publisher(
                .success(sequence.reduce(initialResult, nextPartialResult)))
        }

        /// The elements combined into one value by a closure that may throw, computed now; a throw
        /// is the publisher's failure.
        ///
        /// - Parameters:
        ///   - initialResult: The value to start from, published alone for no elements.
        ///   - nextPartialResult: Combines the value so far with the next element, or throws.
        /// - Returns: A publisher of the final value, or of the error thrown.
        @inlinable
        public func tryReduce<T>(
            _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
        ) -> Result<T, any Error>.Publisher {
            Result<T, any Error>.Publisher(
                Result { try sequence.reduce(initialResult, nextPartialResult) })
        }

        /// Each `nil` element replaced by `output`, computed now. The elements stay optionals, as
        /// in Combine's declaration, so they are never `nil`, but still have to be unwrapped.
        ///
        /// - Parameter output: The value that stands in for `nil`.
        /// - Returns: A publisher of the elements, none of them `nil`.
        @inlinable
        public func replaceNil<T>(with output: T) -> Publishers.Sequence<[Output], Failure>
        where Elements.Element == T? {
            Publishers.Sequence<[Output], Failure>(
                sequence: sequence.map { element in .some(element ?? output) })
        }

        /// Each value `nextPartialResult` accumulates, one per element, computed now.
        ///
        /// - Parameters:
        ///   - initialResult: The value the first element is combined with (not itself published).
        ///   - nextPartialResult: Combines the value so far with the next element.
        /// - Returns: A publisher of the accumulated values.
        @inlinable
        public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T)
            -> Publishers.Sequence<[T], Failure>
        {
            var accumulated = initialResult
            var results: [T] = []
            results.reserveCapacity(sequence.underestimatedCount)
            for element in sequence {
                accumulated = nextPartialResult(accumulated, element)
                results.append(accumulated)
            }
            return Publishers.Sequence<[T], Failure>(sequence: results)
        }

        /// The same elements, typed as failing with `error`: a sequence publisher never fails, so
        /// any failure type can be given, not only in place of `Never`.
        ///
        /// - Parameter error: The failure type to take on.
        /// - Returns: A publisher of the same sequence with the new failure type.
        @inlinable
        public func setFailureType<E: Error>(to error: E.Type) -> Publishers.Sequence<Elements, E> {
            Publishers.Sequence<Elements, E>(sequence: sequence)
        }
    }
#endif
