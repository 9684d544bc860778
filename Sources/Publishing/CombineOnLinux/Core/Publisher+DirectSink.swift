// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // `sink` on the publishers view models subscribe to most: the closures are attached to the
    // publisher directly, as a `Subscribers.Sink` (which asks for every value) would receive
    // them, without making one. A generic call (`P: Publisher`) attaches them too, after a cast
    // (`Publisher.sink`); these members spare that cast, and the metadata lookups it needs, on
    // the common concrete calls.

    extension PassthroughSubject {
        /// Subscribes closures that receive each value and then the completion.
        ///
        /// - Parameters:
        ///   - receiveCompletion: Called once when the publisher finishes or fails.
        ///   - receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        @inlinable
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            subscribeClosures(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }

    extension PassthroughSubject where Failure == Never {
        /// Subscribes a closure that receives each value.
        ///
        /// - Parameter receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        @inlinable
        public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            subscribeClosures(receiveCompletion: { _ in }, receiveValue: receiveValue)
        }
    }

    extension CurrentValueSubject {
        /// Subscribes closures that receive each value and then the completion.
        ///
        /// - Parameters:
        ///   - receiveCompletion: Called once when the publisher finishes or fails.
        ///   - receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        @inlinable
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            subscribeClosures(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }

    extension CurrentValueSubject where Failure == Never {
        /// Subscribes a closure that receives each value.
        ///
        /// - Parameter receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        @inlinable
        public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            subscribeClosures(receiveCompletion: { _ in }, receiveValue: receiveValue)
        }
    }

    extension Published.Publisher {
        /// Subscribes closures that receive each value and then the completion.
        ///
        /// - Parameters:
        ///   - receiveCompletion: Called once when the publisher finishes or fails.
        ///   - receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        @inlinable
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            subscribeClosures(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        /// Subscribes a closure that receives each value.
        ///
        /// - Parameter receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        @inlinable
        public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            subscribeClosures(receiveCompletion: { _ in }, receiveValue: receiveValue)
        }
    }

    extension ObservableObjectPublisher {
        /// Subscribes closures that receive each value and then the completion.
        ///
        /// - Parameters:
        ///   - receiveCompletion: Called once when the publisher finishes or fails.
        ///   - receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        @inlinable
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            subscribeClosures(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        /// Subscribes a closure that receives each value.
        ///
        /// - Parameter receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        @inlinable
        public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            subscribeClosures(receiveCompletion: { _ in }, receiveValue: receiveValue)
        }
    }
#endif
