// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A publisher that sends one value to each subscriber, then finishes.
    ///
    /// ```swift
    /// let token = Just(42).sink { print($0) }
    /// ```
    public struct Just<Output>: ClosurePublisher {
        /// `Just` cannot fail.
        public typealias Failure = Never

        /// The value each subscriber receives.
        public let output: Output

        /// Creates a publisher that sends `output`, then finishes.
        ///
        /// - Parameter output: The value to send.
        public init(_ output: Output) {
            self.output = output
        }

        /// As Combine's: asking for no values stops the program.
        @usableFromInline
        package var trapsOnZeroDemand: Bool { true }

        /// Delivers the value and the completion at once, then returns.
        @usableFromInline
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            receiveValue(output)
            receiveCompletion(.finished)
            return AnyCancellable {}
        }
    }

    extension Just: Equatable where Output: Equatable {}
#endif
