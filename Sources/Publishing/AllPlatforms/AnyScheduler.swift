public import Dispatch
public import Foundation

/// A scheduler of a given time type, with its concrete type erased.
///
/// A view model that takes `AnySchedulerOf<DispatchQueue>` runs on `DispatchQueue.main` in the
/// app and on a test scheduler in tests:
///
/// ```swift
/// init(scheduler: AnySchedulerOf<DispatchQueue> = DispatchQueue.main.eraseToAnyScheduler())
/// ```
public struct AnyScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
    private let nowProvider: () -> SchedulerTimeType
    private let minimumToleranceProvider: () -> SchedulerTimeType.Stride
    private let scheduleNow: (SchedulerOptions?, @escaping () -> Void) -> Void
    private let scheduleAfter:
        (SchedulerTimeType, SchedulerTimeType.Stride, SchedulerOptions?, @escaping () -> Void) ->
            Void
    private let scheduleRepeating:
        (
            SchedulerTimeType, SchedulerTimeType.Stride, SchedulerTimeType.Stride,
            SchedulerOptions?,
            @escaping () -> Void
        ) -> any Cancellable

    /// Erases `scheduler`'s type.
    ///
    /// - Parameter scheduler: The scheduler that does the work.
    public init<S: Scheduler>(_ scheduler: S)
    where S.SchedulerTimeType == SchedulerTimeType, S.SchedulerOptions == SchedulerOptions {
        nowProvider = { scheduler.now }
        minimumToleranceProvider = { scheduler.minimumTolerance }
        scheduleNow = { scheduler.schedule(options: $0, $1) }
        scheduleAfter = { scheduler.schedule(after: $0, tolerance: $1, options: $2, $3) }
        scheduleRepeating = {
            scheduler.schedule(after: $0, interval: $1, tolerance: $2, options: $3, $4)
        }
    }

    /// The wrapped scheduler's time.
    public var now: SchedulerTimeType { nowProvider() }
    /// The wrapped scheduler's minimum tolerance.
    public var minimumTolerance: SchedulerTimeType.Stride { minimumToleranceProvider() }

    /// Schedules `action` on the wrapped scheduler.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        scheduleNow(options, action)
    }

    /// Schedules `action` at `date` on the wrapped scheduler.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        scheduleAfter(date, tolerance, options, action)
    }

    /// Schedules repeating `action` on the wrapped scheduler.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        scheduleRepeating(date, interval, tolerance, options, action)
    }
}

/// A type-erased scheduler with the time and options of `S`: `AnySchedulerOf<DispatchQueue>`.
public typealias AnySchedulerOf<S: Scheduler> = AnyScheduler<
    S.SchedulerTimeType, S.SchedulerOptions
>

extension Scheduler {
    /// This scheduler with its type erased.
    public func eraseToAnyScheduler() -> AnyScheduler<SchedulerTimeType, SchedulerOptions> {
        AnyScheduler(self)
    }
}

extension Scheduler where Self == DispatchQueue {
    /// A scheduler that runs every action at once, with a dispatch queue's time type: for
    /// view models that take `AnySchedulerOf<DispatchQueue>`.
    public static var immediate: AnySchedulerOf<DispatchQueue> {
        ImmediateTimeScheduler(now: DispatchQueue.main.now).eraseToAnyScheduler()
    }
}

extension Scheduler where Self == RunLoop {
    /// A scheduler that runs every action at once, with a run loop's time type.
    public static var immediate: AnySchedulerOf<RunLoop> {
        ImmediateTimeScheduler(now: RunLoop.main.now).eraseToAnyScheduler()
    }
}

/// Runs every action at once, with a given time type: `DispatchQueue.immediate`.
struct ImmediateTimeScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
    let now: SchedulerTimeType
    var minimumTolerance: SchedulerTimeType.Stride { .zero }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        action()
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        action()
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        action()
        return AnyCancellable {}
    }
}
