// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A type that delivers a sequence of values over time, then possibly a completion.
    ///
    /// The shape follows Combine's `Publisher`, so view-model code written against Combine compiles
    /// against `Publishing` with only the import changed. There is no demand: a subscriber takes
    /// every value, delivered synchronously on the thread that sends it.
    ///
    /// To write your own publisher, implement ``sink(receiveCompletion:receiveValue:)``. A
    /// publisher must deliver to any one subscription serially (never two calls at once) and must
    /// deliver nothing after the completion or after the returned cancellable is cancelled.
    public protocol Publisher<Output, Failure> {
        /// The kind of values the publisher sends.
        associatedtype Output
        /// The kind of error the publisher may fail with; `Never` if it cannot fail.
        associatedtype Failure: Error

        /// Subscribes closures that receive each value and then the completion.
        ///
        /// - Parameters:
        ///   - receiveCompletion: Called once when the publisher finishes or fails.
        ///   - receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable
    }

    extension Publisher where Failure == Never {
        /// Subscribes a closure that receives each value of a publisher that cannot fail.
        ///
        /// - Parameter receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        ///
        /// ```swift
        /// token = viewModel.$isLoading.sink { isLoading in print(isLoading) }
        /// ```
        @inlinable
        public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
        }
    }
#endif
