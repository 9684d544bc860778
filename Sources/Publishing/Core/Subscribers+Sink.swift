// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Subscribers {
        /// A subscriber that asks for every value and hands each, then the completion, to a
        /// closure.
        ///
        /// What `sink(receiveCompletion:receiveValue:)` attaches. It lets go of its closures once
        /// it completes or is cancelled, so whatever they capture is released then.
        public final class Sink<Input, Failure: Error>: Subscriber, Cancellable,
            CustomStringConvertible
        {
            private enum Upstream {
                case awaiting
                case subscription(any Subscription)
                /// The package's own publishers attach a sink without a subscription object.
                case cancellable(AnyCancellable)
                case ended
            }

            // Guarded by `lock`.
            private var upstream = Upstream.awaiting
            private var handlers: Handlers?
            private let lock = Lock()

            @usableFromInline
            struct Handlers {
                @usableFromInline let receiveValue: (Input) -> Void
                @usableFromInline let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
            }

            /// The closure each value is handed to; does nothing once the sink has ended.
            public var receiveValue: (Input) -> Void {
                lock.withLock { handlers?.receiveValue } ?? { _ in }
            }

            /// The closure the completion is handed to; does nothing once the sink has ended.
            public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
                lock.withLock { handlers?.receiveCompletion } ?? { _ in }
            }

            /// "Sink".
            public var description: String { "Sink" }

            /// Creates a sink that hands values and the completion to the two closures.
            ///
            /// - Parameters:
            ///   - receiveCompletion: Called once, when the publisher finishes or fails.
            ///   - receiveValue: Called with each value, in order.
            public init(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Input) -> Void
            ) {
                handlers = Handlers(
                    receiveValue: receiveValue, receiveCompletion: receiveCompletion)
            }

            /// Keeps the subscription and asks it for every value; a second one is cancelled.
            public func receive(subscription: any Subscription) {
                lock.lock()
                guard case .awaiting = upstream else {
                    lock.unlock()
                    subscription.cancel()
                    return
                }
                upstream = .subscription(subscription)
                lock.unlock()
                subscription.request(.unlimited)
            }

            /// Hands the value to the value closure.
            public func receive(_ input: Input) -> Subscribers.Demand {
                let handlers = lock.withLock { self.handlers }
                handlers?.receiveValue(input)
                return .none
            }

            /// Hands the completion to its closure, then lets go of both closures.
            public func receive(completion: Subscribers.Completion<Failure>) {
                let handlers = end()
                handlers?.receiveCompletion(completion)
            }

            /// Cancels the subscription and lets go of both closures.
            public func cancel() {
                let upstream = lock.withLock { self.upstream }
                // Released outside the lock: a closure's captures may run code that cancels.
                let handlers = end()
                _ = consume handlers
                switch upstream {
                case .subscription(let subscription): subscription.cancel()
                case .cancellable(let cancellable): cancellable.cancel()
                case .awaiting, .ended: break
                }
            }

            /// The closures, taken out once the sink ends, so the caller can release them
            /// outside the lock.
            private func end() -> Handlers? {
                lock.withLock {
                    upstream = .ended
                    return handlers.take()
                }
            }

            /// The closures a package-owned publisher calls directly: a sink asks for every
            /// value, so nothing needs counting between them. `nil` once it has ended.
            var directHandlers: Handlers? {
                lock.withLock { handlers }
            }

            /// Keeps what ends a direct attachment; cancels it at once if the sink ended while
            /// the publisher was attaching (or it completed synchronously).
            func attach(_ cancellable: AnyCancellable) {
                let isOver = lock.withLock {
                    guard case .awaiting = upstream else { return true }
                    upstream = .cancellable(cancellable)
                    return false
                }
                if isOver { cancellable.cancel() }
            }
        }
    }

    extension Publisher {
        /// Subscribes closures that receive each value and then the completion.
        ///
        /// The sink asks for every value.
        ///
        /// - Parameters:
        ///   - receiveCompletion: Called once when the publisher finishes or fails.
        ///   - receiveValue: Called with each value, in order.
        /// - Returns: A cancellable that ends the subscription when cancelled or deinitialised.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let sink = Subscribers.Sink<Output, Failure>(
                receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            subscribe(sink)
            return AnyCancellable(sink)
        }
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
        public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
        }
    }
#endif
