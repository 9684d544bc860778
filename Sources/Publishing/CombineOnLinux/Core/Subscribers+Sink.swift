// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// What a sink is subscribed through. Not nested in the generic `Sink`, so that a sink's
    /// deinit and cancel, which run unspecialised, look up no type metadata for it.
    @usableFromInline
    enum SinkUpstream {
        case awaiting
        case subscription(any Subscription)
        /// The package's own publishers attach a sink without a subscription object.
        case cancellable(AnyCancellable)
        case ended
    }

    extension Subscribers {
        /// A subscriber that asks for every value and hands each, then the completion, to a
        /// closure.
        ///
        /// What `sink(receiveCompletion:receiveValue:)` attaches. It lets go of its closures once
        /// it completes or is cancelled, so whatever they capture is released then.
        public final class Sink<Input, Failure: Error>: Subscriber, Cancellable,
            CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
        {
            // Guarded by `lock`. The closures are two fields, not a struct of them, for the same
            // reason `SinkUpstream` is not nested: their layout needs no generic metadata.
            @usableFromInline var upstream = SinkUpstream.awaiting
            @usableFromInline var valueHandler: ((Input) -> Void)?
            @usableFromInline var completionHandler: ((Subscribers.Completion<Failure>) -> Void)?
            /// One of the locks shared by tokens: a sink is made for every subscription, and
            /// one of its own would cost an allocation.
            @usableFromInline var lock: Lock { TokenLocks.lock(for: self) }

            /// The closure each value is handed to; does nothing once the sink has ended.
            public var receiveValue: (Input) -> Void {
                lock.withLock { valueHandler } ?? { _ in }
            }

            /// The closure the completion is handed to; does nothing once the sink has ended.
            public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
                lock.withLock { completionHandler } ?? { _ in }
            }

            /// "Sink".
            public var description: String { "Sink" }

            /// No children, as Combine's: the closures say nothing a debugger could show.
            public var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

            /// "Sink".
            public var playgroundDescription: Any { description }

            /// Creates a sink that hands values and the completion to the two closures.
            ///
            /// - Parameters:
            ///   - receiveCompletion: Called once, when the publisher finishes or fails.
            ///   - receiveValue: Called with each value, in order.
            @inlinable
            public init(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Input) -> Void
            ) {
                valueHandler = receiveValue
                completionHandler = receiveCompletion
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
                lock.lock()
                let receiveValue = valueHandler
                lock.unlock()
                receiveValue?(input)
                return .none
            }

            /// Hands the completion to its closure, then lets go of both closures.
            public func receive(completion: Subscribers.Completion<Failure>) {
                lock.lock()
                let upstream = self.upstream
                self.upstream = .ended
                let receiveCompletion = completionHandler.take()
                let receiveValue = valueHandler.take()
                lock.unlock()
                // Released outside the lock: a release may run code that cancels.
                withExtendedLifetime((upstream, receiveValue)) {}
                receiveCompletion?(completion)
            }

            /// Cancels the subscription and lets go of both closures (kept, as Combine keeps them,
            /// by a sink cancelled before it was subscribed).
            @inlinable
            public func cancel() {
                lock.lock()
                let upstream = self.upstream
                self.upstream = .ended
                let isSubscribed = if case .awaiting = upstream { false } else { true }
                let handlers =
                    isSubscribed ? (valueHandler.take(), completionHandler.take()) : (nil, nil)
                lock.unlock()
                // Released outside the lock: a closure's captures may run code that cancels.
                withExtendedLifetime(handlers) {}
                switch upstream {
                case .subscription(let subscription): subscription.cancel()
                case .cancellable(let cancellable): cancellable.cancel()
                case .awaiting, .ended: break
                }
            }

            /// The value closure a package-owned publisher calls directly (a sink asks for every
            /// value, so nothing needs counting); `nil` once the sink is subscribed or has ended,
            /// as a sink takes one subscription.
            @inlinable
            var directValueHandler: ((Input) -> Void)? {
                lock.lock()
                defer { lock.unlock() }
                guard case .awaiting = upstream else { return nil }
                return valueHandler
            }

            /// Keeps what ends a direct attachment; cancels it at once if the sink ended while
            /// the publisher was attaching.
            @inlinable
            func attach(_ cancellable: AnyCancellable) {
                lock.lock()
                guard case .awaiting = upstream else {
                    lock.unlock()
                    cancellable.cancel()
                    return
                }
                upstream = .cancellable(cancellable)
                lock.unlock()
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
        @inlinable
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            // The package's own publishers take the closures directly, as a sink (which asks for
            // every value) would receive them: no sink to make, lock or release per subscription.
            if let closurePublisher = self as? any ClosurePublisher {
                return attachDirectly(closurePublisher, receiveCompletion, receiveValue)
            }
            let sink = Subscribers.Sink<Output, Failure>(
                receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            subscribe(sink)
            return AnyCancellable(sink)
        }
    }

    /// Attaches `sink`'s two closures to `publisher`, which is the publisher they were written
    /// for: its `Output` and `Failure` are `Value` and `Failure` under other names, so the casts
    /// always succeed.
    ///
    /// Inlinable, so that it is specialised with `sink` where the publisher's type is known: the
    /// publisher's `subscribeClosures` (for a subject, the relay's subscribe and cancel) then
    /// runs specialised too. Compiled only in this module, every generic `sink`, such as the
    /// one a wait's `until(subject, …)` makes, would look up its closures' type metadata for
    /// the casts and run the relay unspecialised.
    @inlinable
    func attachDirectly<P: ClosurePublisher, Value, Failure: Error>(
        _ publisher: P,
        _ receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        _ receiveValue: @escaping (Value) -> Void
    ) -> AnyCancellable {
        publisher.subscribeClosures(
            receiveCompletion: receiveCompletion as! (Subscribers.Completion<P.Failure>) -> Void,
            receiveValue: receiveValue as! (P.Output) -> Void)
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
