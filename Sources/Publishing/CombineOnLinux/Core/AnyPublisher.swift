// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A publisher that hides the type of the publisher it wraps.
    ///
    /// Use it to expose a publisher from an API without committing to its concrete type:
    ///
    /// ```swift
    /// var itemCount: AnyPublisher<Int, Never> { $items.map(\.count).eraseToAnyPublisher() }
    /// ```
    public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible,
        CustomPlaygroundDisplayConvertible
    {
        private let box: PublisherBoxBase<Output, Failure>

        /// "AnyPublisher", as Combine's: the wrapped publisher stays hidden.
        public var description: String { "AnyPublisher" }

        /// The same as ``description``.
        public var playgroundDescription: Any { description }

        /// Wraps `publisher`.
        ///
        /// - Parameter publisher: The publisher whose values and completion this one forwards.
        public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
            if let erased = publisher as? AnyPublisher {
                self = erased
            } else {
                box = PublisherBox(publisher)
            }
        }

        /// Attaches `subscriber` to the wrapped publisher.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            box.receive(subscriber: subscriber)
        }
    }

    /// The wrapped publisher behind an ``AnyPublisher``, its type hidden by subclassing.
    private class PublisherBoxBase<Output, Failure: Error> {
        func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            fatalError("abstract")
        }
    }

    private final class PublisherBox<Base: Publisher>: PublisherBoxBase<Base.Output, Base.Failure> {
        let base: Base

        init(_ base: Base) {
            self.base = base
        }

        override func receive<S: Subscriber>(subscriber: S)
        where S.Input == Base.Output, S.Failure == Base.Failure {
            base.receive(subscriber: subscriber)
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
