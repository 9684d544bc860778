import Dispatch
import Foundation
import ObservationTesting
import Publishing

/// A scheduler that records what an operator asks of it, in order, and passes each call on to a
/// test scheduler, which keeps the time and runs the work: what a time operator reads and
/// schedules is what end-of-test checks judge, so its calls are part of its behaviour.
final class CallRecordingScheduler: Scheduler {
    typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    typealias SchedulerOptions = DispatchQueue.SchedulerOptions

    /// One call; times are nanoseconds from the scheduler's start, and `options` says whether
    /// any were passed.
    enum Call: Equatable, CustomStringConvertible {
        case now
        case minimumTolerance
        case schedule(options: Bool)
        case scheduleAfter(Int, options: Bool)
        case scheduleRepeating(after: Int, interval: Int, options: Bool)

        var description: String {
            switch self {
            case .now: "now"
            case .minimumTolerance: "minimumTolerance"
            case .schedule(let options): "schedule(options: \(options))"
            case .scheduleAfter(let time, let options):
                "scheduleAfter(\(time), options: \(options))"
            case .scheduleRepeating(let time, let interval, let options):
                "scheduleRepeating(after: \(time), interval: \(interval), options: \(options))"
            }
        }
    }

    /// The scheduler that keeps the time and runs the work: advance it to run what is due.
    let test = DispatchQueue.test
    private let start: SchedulerTimeType
    private(set) var calls: [Call] = []

    init() {
        start = test.now
    }

    var now: SchedulerTimeType {
        calls.append(.now)
        return test.now
    }

    var minimumTolerance: SchedulerTimeType.Stride {
        calls.append(.minimumTolerance)
        return test.minimumTolerance
    }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        calls.append(.schedule(options: options != nil))
        test.schedule(options: options, action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {
        calls.append(.scheduleAfter(offset(of: date), options: options != nil))
        test.schedule(after: date, tolerance: tolerance, options: options, action)
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        calls.append(
            .scheduleRepeating(
                after: offset(of: date), interval: interval.magnitude, options: options != nil))
        return test.schedule(
            after: date, interval: interval, tolerance: tolerance, options: options, action)
    }

    /// Forgets the calls so far, so a test can look at the next step's alone.
    func clearCalls() {
        calls = []
    }

    private func offset(of date: SchedulerTimeType) -> Int {
        start.distance(to: date).magnitude
    }
}
