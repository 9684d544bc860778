// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // The rest of Combine's `Just` overloads (see Just+Operators.swift): reducing, duplicates,
    // and the error operators, which a publisher that cannot fail answers at once.

    extension Just {
        /// `nextPartialResult` of `initialResult` and the value, computed now.
        ///
        /// - Parameters:
        ///   - initialResult: The starting accumulation.
        ///   - nextPartialResult: Combines the accumulation with the value.
        public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T)
            -> Result<T, Just<Output>.Failure>.Publisher
        {
            Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
        }

        /// `nextPartialResult` of `initialResult` and the value, computed now; an error it
        /// throws is the publisher's failure.
        ///
        /// - Parameters:
        ///   - initialResult: The starting accumulation.
        ///   - nextPartialResult: Combines the accumulation with the value, or throws.
        public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T)
            -> Result<T, any Error>.Publisher
        {
            Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
        }

        /// The value; `predicate` is not called, as one value has no duplicate.
        ///
        /// - Parameter predicate: Whether two values are duplicates, unused.
        public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> {
            self
        }

        /// The value, once `predicate` has been called now with the value twice: an error it
        /// throws is the publisher's failure, as in Combine (OpenCombine's tests, run against
        /// Apple's Combine too, record the call).
        ///
        /// - Parameter predicate: Whether two values are duplicates, which may throw.
        public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool)
            -> Result<Output, any Error>.Publisher
        {
            Result<Output, any Error>.Publisher(
                Result {
                    _ = try predicate(output, output)
                    return output
                })
        }

        /// The value: a `Just` has no error to replace.
        ///
        /// - Parameter output: The replacement, unused.
        public func replaceError(with output: Output) -> Just<Output> {
            self
        }

        /// The value: a `Just` is never empty.
        ///
        /// - Parameter output: The replacement, unused.
        public func replaceEmpty(with output: Output) -> Just<Output> {
            self
        }

        /// The value: a `Just` never fails, so there is nothing to retry.
        ///
        /// - Parameter times: How many times to retry, unused.
        public func retry(_ times: Int) -> Just<Output> {
            self
        }

        /// `nextPartialResult` of `initialResult` and the value, computed now.
        ///
        /// - Parameters:
        ///   - initialResult: The starting accumulation.
        ///   - nextPartialResult: Combines the accumulation with the value.
        public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T)
            -> Result<T, Just<Output>.Failure>.Publisher
        {
            Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
        }

        /// `nextPartialResult` of `initialResult` and the value, computed now; an error it
        /// throws is the publisher's failure.
        ///
        /// - Parameters:
        ///   - initialResult: The starting accumulation.
        ///   - nextPartialResult: Combines the accumulation with the value, or throws.
        public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T)
            -> Result<T, any Error>.Publisher
        {
            Result<T, any Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
        }

        /// The value, with the failure type `E`, so it can join publishers that can fail.
        ///
        /// - Parameter failureType: The failure type to declare.
        public func setFailureType<E>(to failureType: E.Type) -> Result<Output, E>.Publisher
        where E: Error {
            Result<Output, E>.Publisher(output)
        }
    }
#endif
