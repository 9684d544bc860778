// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A publisher that fails at once with the given error, sending no value.
    ///
    /// ```swift
    /// let failing = Fail<Int, URLError>(error: URLError(.notConnectedToInternet))
    /// ```
    public struct Fail<Output, Failure: Error>: ClosurePublisher {
        /// The error each subscriber receives.
        public let error: Failure

        /// Creates a publisher that fails with `error`.
        ///
        /// - Parameter error: The error to fail with.
        public init(error: Failure) {
            self.error = error
        }

        /// Creates a publisher that fails with `failure`, naming the output type for inference.
        ///
        /// - Parameters:
        ///   - outputType: The output type, to help type inference.
        ///   - failure: The error to fail with.
        public init(outputType: Output.Type, failure: Failure) {
            self.error = failure
        }

        /// Delivers `.failure(error)` at once.
        @usableFromInline
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            receiveCompletion(.failure(error))
            return AnyCancellable {}
        }
    }

    extension Fail: Equatable where Failure: Equatable {}
#endif
