// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // The rest of Combine's `Result.Publisher` overloads (see Result+PublisherOperators.swift):
    // reducing, duplicates, and the error operators, answered when they are called.

    extension Result.Publisher {
        /// `nextPartialResult` of `initialResult` and the value, computed now; the failure, if
        /// the result is one.
        ///
        /// - Parameters:
        ///   - initialResult: The starting accumulation.
        ///   - nextPartialResult: Combines the accumulation with the value.
        public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T)
            -> Result<T, Failure>.Publisher
        {
            Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
        }

        /// `nextPartialResult` of `initialResult` and the value, computed now; the failure, or
        /// an error `nextPartialResult` throws, is the publisher's failure.
        ///
        /// - Parameters:
        ///   - initialResult: The starting accumulation.
        ///   - nextPartialResult: Combines the accumulation with the value, or throws.
        public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T)
            -> Result<T, any Error>.Publisher
        {
            tryMap { try nextPartialResult(initialResult, $0) }
        }

        /// The same; `predicate` is not called, as one value has no duplicate.
        ///
        /// - Parameter predicate: Whether two values are duplicates, unused.
        public func removeDuplicates(by predicate: (Output, Output) -> Bool)
            -> Result<Output, Failure>.Publisher
        {
            self
        }

        /// The value, once `predicate` has been called now with it twice: an error it throws
        /// is the publisher's failure, as in Combine (OpenCombine's tests, run against Apple's
        /// Combine too, record the call); the failure, if the result is one.
        ///
        /// - Parameter predicate: Whether two values are duplicates, which may throw.
        public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool)
            -> Result<Output, any Error>.Publisher
        {
            tryMap { value in
                _ = try predicate(value, value)
                return value
            }
        }

        /// The value, or `output` in place of the failure.
        ///
        /// - Parameter output: The value to send in place of the failure.
        public func replaceError(with output: Output) -> Result<Output, Never>.Publisher {
            switch result {
            case .success(let value): Result<Output, Never>.Publisher(value)
            case .failure: Result<Output, Never>.Publisher(output)
            }
        }

        /// The same: a result is never empty.
        ///
        /// - Parameter output: The replacement, unused.
        public func replaceEmpty(with output: Output) -> Result<Output, Failure>.Publisher {
            self
        }

        /// The same: subscribing again would fail again with the same failure.
        ///
        /// - Parameter times: How many times to retry, unused.
        public func retry(_ times: Int) -> Result<Output, Failure>.Publisher {
            self
        }

        /// `nextPartialResult` of `initialResult` and the value, computed now; the failure, if
        /// the result is one.
        ///
        /// - Parameters:
        ///   - initialResult: The starting accumulation.
        ///   - nextPartialResult: Combines the accumulation with the value.
        public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T)
            -> Result<T, Failure>.Publisher
        {
            Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
        }

        /// `nextPartialResult` of `initialResult` and the value, computed now; the failure, or
        /// an error `nextPartialResult` throws, is the publisher's failure.
        ///
        /// - Parameters:
        ///   - initialResult: The starting accumulation.
        ///   - nextPartialResult: Combines the accumulation with the value, or throws.
        public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T)
            -> Result<T, any Error>.Publisher
        {
            tryMap { try nextPartialResult(initialResult, $0) }
        }
    }

    extension Result.Publisher where Failure == Never {
        /// The value, with the failure type `E`, so it can join publishers that can fail.
        ///
        /// - Parameter failureType: The failure type to declare.
        public func setFailureType<E>(to failureType: E.Type) -> Result<Output, E>.Publisher
        where E: Error {
            switch result {
            case .success(let value): Result<Output, E>.Publisher(value)
            }
        }
    }
#endif
