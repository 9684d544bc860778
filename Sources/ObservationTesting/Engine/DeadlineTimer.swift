import Foundation
import Publishing

/// Runs an action once a duration has passed, unless cancelled first.
///
/// Every timer of the process shares one ``DeadlineScheduler``, so arming and cancelling one
/// (which every wait does) costs a lock and a heap insert, with no system call in the common
/// case of a wait that ends long before its timeout.
struct DeadlineTimer {
    private let entry: DeadlineScheduler.Entry

    init(after delay: Duration, action: @escaping @Sendable () -> Void) {
        entry = DeadlineScheduler.shared.schedule(after: delay, action)
    }

    func cancel() {
        DeadlineScheduler.shared.cancel(entry)
    }
}
