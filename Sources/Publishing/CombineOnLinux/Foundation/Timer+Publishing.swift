// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    public import Foundation

    extension Timer {
        /// A publisher of the current date every `interval`, once connected.
        ///
        /// ```swift
        /// Timer.publish(every: 1, on: .main, in: .common).autoconnect()
        ///     .sink { [weak self] _ in self?.tick() }
        /// ```
        ///
        /// - Parameters:
        ///   - interval: Seconds between dates.
        ///   - tolerance: Ignored, as Combine ignores it: the publisher's `tolerance` is `nil`
        ///     (OpenCombine's tests, run against Apple's Combine, record it); pass a tolerance
        ///     to `TimerPublisher`'s initializer instead.
        ///   - runLoop: Where the timer runs; `.main` goes through the main queue, so it fires
        ///     under XCTest and Swift Testing alike.
        ///   - mode: The run loop mode (unused for `.main`).
        ///   - options: Kept in the publisher's `options`; as in Combine, none change how it
        ///     fires.
        /// - Returns: A connectable publisher of dates.
        public static func publish(
            every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
            in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil
        ) -> TimerPublisher {
            TimerPublisher(interval: interval, runLoop: runLoop, mode: mode, options: options)
        }

        /// A publisher of dates at a fixed interval, from `connect()` until the connection is
        /// cancelled.
        public final class TimerPublisher: ConnectablePublisher {
            /// Each date the timer fires at.
            public typealias Output = Date
            /// A timer cannot fail.
            public typealias Failure = Never

            /// Seconds between dates.
            public let interval: TimeInterval
            /// How late a date may be.
            public let tolerance: TimeInterval?
            /// Where the timer runs.
            public let runLoop: RunLoop
            /// The run loop mode.
            public let mode: RunLoop.Mode
            /// The scheduler options it was made with, kept as Combine keeps them; a run loop
            /// takes none that change how it fires.
            public let options: RunLoop.SchedulerOptions?

            private let subject = PassthroughSubject<Date, Never>()

            /// A timer publisher; nothing fires until ``connect()``.
            public init(
                interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop,
                mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil
            ) {
                self.interval = interval
                self.tolerance = tolerance
                self.runLoop = runLoop
                self.mode = mode
                self.options = options
            }

            /// Attaches `subscriber` to the dates, which flow once connected; a date the timer
            /// fires at while the subscriber has asked for none is dropped, as Combine's is.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Date, Downstream.Failure == Never {
                subject.subscribe(TimerSubscription(subscriber))
            }

            /// Starts the timer.
            ///
            /// - Returns: A cancellable that stops it.
            public func connect() -> any Cancellable {
                let subject = subject
                let stride = RunLoop.SchedulerTimeType.Stride(interval)
                let timer = runLoop.schedule(
                    after: runLoop.now.advanced(by: stride), interval: stride,
                    tolerance: RunLoop.SchedulerTimeType.Stride(tolerance ?? 0), options: nil
                ) {
                    subject.send(Date())
                }
                return AnyCancellable { timer.cancel() }
            }
        }
    }

    /// One subscriber of a timer publisher, subscribed to its dates, as Combine's inner object
    /// is: the subscriber's subscription, passing its demand on to the dates' subject (which
    /// drops a date nobody asked for). As Combine's, it names and reflects as an ordinary
    /// object, not as an operator (OpenCombine's `TimerPublisherTests.testConnectionReflection`,
    /// run against Combine).
    // @unchecked: `stage` is behind its lock; the subscriber and the subject are called
    // outside it.
    private final class TimerSubscription<Downstream: Subscriber>: Subscriber, Subscription,
        // @unchecked: see above.
        @unchecked Sendable
    where Downstream.Input == Date, Downstream.Failure == Never {
        typealias Input = Date
        typealias Failure = Never

        private enum Stage {
            case awaitingSubscription(Downstream)
            case subscribed(Downstream, any Subscription)
            /// Cancelled: nothing more goes either way.
            case ended
        }

        private let stage: Locked<Stage>

        init(_ downstream: Downstream) {
            stage = Locked(.awaitingSubscription(downstream))
        }

        func receive(subscription: any Subscription) {
            let downstream = stage.withLock { stage -> Downstream? in
                guard case .awaitingSubscription(let downstream) = stage else { return nil }
                stage = .subscribed(downstream, subscription)
                return downstream
            }
            guard let downstream else { return subscription.cancel() }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Date) -> Subscribers.Demand {
            let downstream = stage.withLock { stage -> Downstream? in
                guard case .subscribed(let downstream, _) = stage else { return nil }
                return downstream
            }
            // The subject counts the demand a date returns.
            return downstream?.receive(input) ?? .none
        }

        /// A timer's dates never complete, but a subject may be sent a completion.
        func receive(completion: Subscribers.Completion<Never>) {
            let downstream = stage.withLock { stage -> Downstream? in
                guard case .subscribed(let downstream, _) = stage else { return nil }
                stage = .ended
                return downstream
            }
            downstream?.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            let subscription = stage.withLock { stage -> (any Subscription)? in
                guard case .subscribed(_, let subscription) = stage else { return nil }
                return subscription
            }
            subscription?.request(demand)
        }

        func cancel() {
            let ended = stage.withLock { stage -> Stage in
                defer { stage = .ended }
                return stage
            }
            if case .subscribed(_, let subscription) = ended { subscription.cancel() }
        }
    }
#endif
