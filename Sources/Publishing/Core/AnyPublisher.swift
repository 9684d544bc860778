// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A publisher that hides the type of the publisher it wraps.
    ///
    /// Use it to expose a publisher from an API without committing to its concrete type:
    ///
    /// ```swift
    /// var itemCount: AnyPublisher<Int, Never> { $items.map(\.count).eraseToAnyPublisher() }
    /// ```
    public struct AnyPublisher<Output, Failure: Error>: Publisher {
        private let subscribe:
            (
                @escaping (Subscribers.Completion<Failure>) -> Void,
                @escaping (Output) -> Void
            ) -> AnyCancellable

        /// Wraps `publisher`.
        ///
        /// - Parameter publisher: The publisher whose values and completion this one forwards.
        public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
            if let erased = publisher as? AnyPublisher {
                self = erased
            } else {
                subscribe = publisher.sink(receiveCompletion:receiveValue:)
            }
        }

        /// Subscribes to the wrapped publisher.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            subscribe(receiveCompletion, receiveValue)
        }
    }

    extension Publisher {
        /// Wraps this publisher in an ``AnyPublisher``, hiding its type.
        ///
        /// - Returns: A publisher with the same values and completion.
        public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
            AnyPublisher(self)
        }
    }
#endif
