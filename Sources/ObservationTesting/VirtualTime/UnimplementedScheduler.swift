public import Dispatch
public import Foundation
public import Publishing

/// A scheduler that fails the test, at the line that made it, whenever work is scheduled on it.
///
/// Give it to a view model where the path a test takes must not schedule work (no `debounce`,
/// `delay` or `receive(on:)` fires):
///
/// ```swift
/// let viewModel = SearchViewModel(scheduler: DispatchQueue.unimplemented().eraseToAnyScheduler())
/// viewModel.clear()   // must not schedule: scheduling fails the test
/// ```
///
/// The scheduled action is not run. Reading ``now`` is not a failure.
public struct UnimplementedScheduler<SchedulerTimeType: Strideable, SchedulerOptions>: Scheduler
where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible {
    private let name: String
    private let site: CallSite

    /// The scheduler's time, which never moves.
    public let now: SchedulerTimeType

    /// Zero.
    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    init(name: String, now: SchedulerTimeType, at site: CallSite) {
        self.name = name
        self.now = now
        self.site = site
    }

    /// Records a failure where the scheduler was made; `action` does not run.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        fail("to run an action")
    }

    /// Records a failure where the scheduler was made; `action` does not run.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        fail("to run an action later")
    }

    /// Records a failure where the scheduler was made; `action` does not run.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        fail("to run an action repeatedly")
        return AnyCancellable {}
    }

    private func fail(_ what: String) {
        FailureReporter.record(
            """
            \(name) (made at \(site.fileName):\(site.line)) was asked \(what): the code under \
            test must not schedule work on this path.

            If it should, give it a test scheduler (.test) and advance it, or .immediate; if not, \
            check what scheduled the work (a debounce, delay, throttle or receive(on:)).
            """,
            at: site)
    }
}

/// An unimplemented scheduler with the time and options of `S`:
/// `UnimplementedSchedulerOf<DispatchQueue>`.
public typealias UnimplementedSchedulerOf<S: Scheduler> = UnimplementedScheduler<
    S.SchedulerTimeType, S.SchedulerOptions
>

extension UnimplementedScheduler: Sendable where SchedulerTimeType: Sendable {}

extension DispatchQueue {
    /// A scheduler with a dispatch queue's time that fails the test, at this line, whenever
    /// work is scheduled on it.
    ///
    /// - Parameters:
    ///   - name: How failures name the scheduler.
    ///   - fileID: Inferred, with the next three: where a failure is recorded.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    /// - Returns: The scheduler.
    public static func unimplemented(
        _ name: String = "DispatchQueue.unimplemented()",
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> UnimplementedSchedulerOf<DispatchQueue> {
        UnimplementedScheduler(
            name: name,
            now: SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1)),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension RunLoop {
    /// A scheduler with a run loop's time that fails the test, at this line, whenever work is
    /// scheduled on it.
    ///
    /// - Parameters:
    ///   - name: How failures name the scheduler.
    ///   - fileID: Inferred, with the next three: where a failure is recorded.
    ///   - filePath: Inferred; see `fileID`.
    ///   - line: Inferred; see `fileID`.
    ///   - column: Inferred; see `fileID`.
    /// - Returns: The scheduler.
    public static func unimplemented(
        _ name: String = "RunLoop.unimplemented()",
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> UnimplementedSchedulerOf<RunLoop> {
        UnimplementedScheduler(
            name: name,
            now: SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 0)),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
