// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Scheduled work and upstream sends can run on different threads at once, so this delivers
    // through a ``Gate``: one event at a time, nothing after the completion or a cancel.

    extension Publishers {
        /// A publisher that delivers its upstream's events on a scheduler.
        public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose events are moved.
            public let upstream: Upstream
            /// Where they are delivered.
            public let scheduler: Context
            /// How they are scheduled.
            public let options: Context.SchedulerOptions?

            /// Subscribes to the upstream and schedules each event on the scheduler, in order on a
            /// serial one; after a cancel, nothing scheduled is delivered.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                let (scheduler, options) = (scheduler, options)
                let gate = Gate(
                    (), receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                gate.hold(
                    upstream.sink(
                        receiveCompletion: { completion in
                            scheduler.schedule(options: options) {
                                gate.update { _, outbox in outbox.finish(completion) }
                            }
                        },
                        receiveValue: { value in
                            scheduler.schedule(options: options) {
                                gate.update { _, outbox in outbox.send(value) }
                            }
                        }
                    ))
                return AnyCancellable { gate.cancel() }
            }
        }
    }

    extension Publisher {
        /// Delivers every value and the completion on `scheduler`.
        ///
        /// ```swift
        /// service.fetchItems().receive(on: DispatchQueue.main).assign(to: &$items)
        /// ```
        ///
        /// - Parameters:
        ///   - scheduler: Where to deliver.
        ///   - options: How to schedule each delivery.
        /// - Returns: A publisher that delivers on `scheduler`.
        public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
            -> Publishers.ReceiveOn<Self, S>
        {
            Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
        }
    }
#endif
