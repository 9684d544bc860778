/// Decides whether a timeout that came due is a verdict on the code under test, or on a process
/// too busy to run it.
///
/// A timeout is a margin for slow machines. When hundreds of tests start at once on a loaded
/// two-core runner, a wait and the work it waits for can both sit in the queue for longer than
/// the whole timeout; failing then blames code that never had a chance to run. So a timeout is
/// given its length once more, from when it is handled, if the process was seen to be starved
/// as it came due:
///
/// - its wake was handled late, by more than a tenth of the timeout (at least 0.1 s), or
/// - the work the timeout bounds (a wait's action, `TestClock.run`'s operation) had not even
///   started.
///
/// Only once per timer: a second timeout fails whatever the load, so no wait outlives twice
/// its timeout by more than the time it could not run.
struct StarvationGrace {
    private var isUsed = false

    /// How late a wake may be handled before the process counts as starved.
    static func tolerance(for budget: Duration) -> Duration {
        max(.milliseconds(100), budget / 10)
    }

    /// The time to wait again for a timeout of `budget` due at `due` and handled at `now`, or
    /// `nil` if the timeout is a verdict and the wait should fail.
    mutating func extraTime(
        of budget: Duration,
        due: ContinuousClock.Instant,
        handledAt now: ContinuousClock.Instant,
        workHasStarted: Bool = true
    ) -> Duration? {
        guard !isUsed else { return nil }
        guard now - due > Self.tolerance(for: budget) || !workHasStarted else { return nil }
        isUsed = true
        return budget
    }
}
