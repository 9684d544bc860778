// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Combine's overloads of `Result.Publisher`'s operators: with the value or the failure known
    // up front, each answer is computed when the operator is called (a closure runs at once, and
    // only on a success) and handed back as another value publisher, as Combine does. A failure
    // passes through unchanged, where the operator keeps the failure type.

    extension Result.Publisher where Success: Equatable {
        /// Whether the value equals `output`; the failure, if the result is one.
        ///
        /// - Parameter output: The value to look for.
        public func contains(_ output: Output) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(result.map { $0 == output })
        }

        /// The same: one value has no duplicate.
        public func removeDuplicates() -> Result<Output, Failure>.Publisher {
            self
        }
    }

    extension Result.Publisher where Success: Comparable {
        /// The same: the smallest of one value is itself.
        public func min() -> Result<Output, Failure>.Publisher {
            self
        }

        /// The same: the largest of one value is itself.
        public func max() -> Result<Output, Failure>.Publisher {
            self
        }
    }

    extension Result.Publisher {
        /// Whether the value satisfies `predicate`, called now; the failure, if the result is
        /// one.
        ///
        /// - Parameter predicate: The test for the value.
        public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(result.map(predicate))
        }

        /// Whether the value satisfies `predicate`, called now; the failure, or an error
        /// `predicate` throws, is the publisher's failure.
        ///
        /// - Parameter predicate: The test for the value, which may throw.
        public func tryAllSatisfy(_ predicate: (Output) throws -> Bool)
            -> Result<Bool, any Error>.Publisher
        {
            Result<Bool, any Error>.Publisher(tryMapResult(predicate))
        }

        /// The value in a one-element array; the failure, if the result is one.
        public func collect() -> Result<[Output], Failure>.Publisher {
            Result<[Output], Failure>.Publisher(result.map { [$0] })
        }

        /// The same; `areInIncreasingOrder` is not called, as one value needs no comparing.
        ///
        /// - Parameter areInIncreasingOrder: The ordering, unused.
        public func min(by areInIncreasingOrder: (Output, Output) -> Bool)
            -> Result<Output, Failure>.Publisher
        {
            self
        }

        /// The value, once `areInIncreasingOrder` has been called now with it twice: an error
        /// it throws is the publisher's failure, as in Combine (OpenCombine's tests, run
        /// against Apple's Combine too, record the call).
        ///
        /// - Parameter areInIncreasingOrder: The ordering, which may throw.
        public func tryMin(by areInIncreasingOrder: (Output, Output) throws -> Bool)
            -> Result<Output, any Error>.Publisher
        {
            Result<Output, any Error>.Publisher(checkedAgainstItself(areInIncreasingOrder))
        }

        /// The same; `areInIncreasingOrder` is not called, as one value needs no comparing.
        ///
        /// - Parameter areInIncreasingOrder: The ordering, unused.
        public func max(by areInIncreasingOrder: (Output, Output) -> Bool)
            -> Result<Output, Failure>.Publisher
        {
            self
        }

        /// The value, once `areInIncreasingOrder` has been called now with it twice, as
        /// `tryMin(by:)` does.
        ///
        /// - Parameter areInIncreasingOrder: The ordering, which may throw.
        public func tryMax(by areInIncreasingOrder: (Output, Output) throws -> Bool)
            -> Result<Output, any Error>.Publisher
        {
            Result<Output, any Error>.Publisher(checkedAgainstItself(areInIncreasingOrder))
        }

        /// Whether the value satisfies `predicate`, called now; the failure, if the result is
        /// one.
        ///
        /// - Parameter predicate: The test for the value.
        public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(result.map(predicate))
        }

        /// Whether the value satisfies `predicate`, called now; the failure, or an error
        /// `predicate` throws, is the publisher's failure.
        ///
        /// - Parameter predicate: The test for the value, which may throw.
        public func tryContains(where predicate: (Output) throws -> Bool)
            -> Result<Bool, any Error>.Publisher
        {
            Result<Bool, any Error>.Publisher(tryMapResult(predicate))
        }

        /// One on a success; the failure, if the result is one.
        public func count() -> Result<Int, Failure>.Publisher {
            Result<Int, Failure>.Publisher(result.map { _ in 1 })
        }

        /// The same: the value, if any, is the first.
        public func first() -> Result<Output, Failure>.Publisher {
            self
        }

        /// The same: the value, if any, is the last.
        public func last() -> Result<Output, Failure>.Publisher {
            self
        }

        /// No value and no failure: it finishes, even for a failure, as Combine's does.
        public func ignoreOutput() -> Empty<Output, Failure> {
            Empty()
        }

        /// The value transformed now; the failure, if the result is one.
        ///
        /// - Parameter transform: The transformation.
        public func map<T>(_ transform: (Output) -> T) -> Result<T, Failure>.Publisher {
            Result<T, Failure>.Publisher(result.map(transform))
        }

        /// The value transformed now; the failure, or an error `transform` throws, is the
        /// publisher's failure.
        ///
        /// - Parameter transform: The transformation, which may throw.
        public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, any Error>.Publisher {
            Result<T, any Error>.Publisher(tryMapResult(transform))
        }

        /// The failure transformed now; the value, if the result is one.
        ///
        /// - Parameter transform: The error transformation.
        public func mapError<E>(_ transform: (Failure) -> E) -> Result<Output, E>.Publisher
        where E: Error {
            Result<Output, E>.Publisher(result.mapError(transform))
        }

        /// The value, or the failure, with what `transform` makes of it: a throw's error
        /// replaces a success, and a failure stays as it was.
        private func tryMapResult<T>(_ transform: (Output) throws -> T) -> Result<T, any Error> {
            switch result {
            case .success(let value): Result<T, any Error> { try transform(value) }
            case .failure(let error): .failure(error)
            }
        }

        /// The result once `predicate` has been called with the value as both of its
        /// arguments, which the throwing comparisons do before handing back their one value.
        private func checkedAgainstItself(_ predicate: (Output, Output) throws -> Bool) -> Result<
            Output, any Error
        > {
            tryMapResult { value in
                _ = try predicate(value, value)
                return value
            }
        }
    }
#endif
