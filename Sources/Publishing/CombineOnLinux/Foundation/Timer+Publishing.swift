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
        public final class TimerPublisher: ConnectablePublisher, ClosurePublisher {
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

            /// A date the timer fires at while the subscriber has asked for none is dropped, as
            /// Combine's is.
            @usableFromInline
            package var valuesWithoutDemand: ValuesWithoutDemand { .dropped }

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

            /// Subscribes to the dates, which flow once connected.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
                receiveValue: @escaping (Date) -> Void
            ) -> AnyCancellable {
                subject.sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
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
#endif
