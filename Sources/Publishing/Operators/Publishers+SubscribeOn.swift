// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Scheduled work and upstream sends can run on different threads at once, so this delivers
    // through a ``Gate``: one event at a time, nothing after the completion or a cancel.

    extension Publishers {
        /// A publisher that subscribes to its upstream on a scheduler.
        public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher subscribed to.
            public let upstream: Upstream
            /// Where the subscription is made.
            public let scheduler: Context
            /// How it is scheduled.
            public let options: Context.SchedulerOptions?

            /// Schedules the subscription to the upstream; a cancel before it runs prevents it.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let upstream = upstream
                let link = UpstreamLink()
                scheduler.schedule(options: options) {
                    link.attach(
                        upstream.sink(
                            receiveCompletion: receiveCompletion, receiveValue: receiveValue))
                }
                return AnyCancellable { link.cancel() }
            }
        }
    }

    extension Publisher {
        /// Subscribes to this publisher on `scheduler`.
        ///
        /// - Parameters:
        ///   - scheduler: Where to subscribe.
        ///   - options: How to schedule the subscription.
        /// - Returns: A publisher that subscribes on `scheduler`.
        public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
            -> Publishers.SubscribeOn<Self, S>
        {
            Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
        }
    }
#endif
