// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A publisher that makes its real publisher anew for each subscriber, when it subscribes.
    ///
    /// ```swift
    /// Deferred { Future { promise in service.load(promise) } }   // loads per subscriber
    /// ```
    public struct Deferred<DeferredPublisher: Publisher>: ClosurePublisher {
        /// The made publisher's output type.
        public typealias Output = DeferredPublisher.Output
        /// The made publisher's failure type.
        public typealias Failure = DeferredPublisher.Failure

        /// Makes the publisher, once per subscriber.
        public let createPublisher: () -> DeferredPublisher

        /// Defers making the publisher to each subscription.
        ///
        /// - Parameter createPublisher: Makes the publisher.
        public init(createPublisher: @escaping () -> DeferredPublisher) {
            self.createPublisher = createPublisher
        }

        /// Makes the publisher and subscribes to it.
        @usableFromInline
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            createPublisher().sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        /// Makes the publisher and subscribes `subscriber` to it, as Combine's does: the made
        /// publisher's own demand rules apply.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<Downstream: Subscriber>(subscriber: Downstream)
        where Downstream.Input == Output, Downstream.Failure == Failure {
            guard !attachIfSink(subscriber) else { return }
            createPublisher().subscribe(subscriber)
        }
    }
#endif
