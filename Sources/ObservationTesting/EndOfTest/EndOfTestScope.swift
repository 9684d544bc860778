import Publishing
import Testing

/// Something a test left unfinished, found when it ended.
struct PendingWork: Sendable {
    /// One line for a list: `TestClock (made at ClockTests.swift:12): 1 sleeper still asleep`.
    var summary: String
    /// The whole failure message.
    var message: String
    /// Where it was made, if known; otherwise the failure goes where the checks were asked for.
    var site: CallSite?
}

/// The end-of-test checks of one test (or one `withEndOfTestChecks` scope): what the test makes or
/// uses enrolls here, and each is checked when the test ends.
///
/// A fixture (a clock, a scheduler's clock, a recorder) enrolls when it is made. One made before
/// the checks were turned on is enrolled by them: an `XCTestCase`'s stored properties, made when
/// XCTest builds the case, when `addEndOfTestChecks()` runs (see ``EndOfTestFixture``); one made
/// outside any test (a `static`), by each test that uses it, when it is used.
///
/// A Swift Testing test finds its scope in a task-local, set by the trait around the test. XCTest
/// has no task-local reaching from `setUp` into the test, but runs one test at a time in a
/// process, so its scope is the one `addEndOfTestChecks()` opened, for as long as no Swift Testing
/// test is running on the task.
final class EndOfTestScope: Sendable {
    /// One registered check: what is pending, or `nil` if nothing is. Checks run on the main
    /// actor.
    typealias Check = @Sendable (_ isStrict: Bool) -> PendingWork?

    @TaskLocal private static var current: EndOfTestScope?

    /// What is open in the process: when nothing is, making a clock or a recorder costs one
    /// lock, and neither task-local is read.
    private struct OpenScopes {
        /// Scopes set as `current` by the trait or `withEndOfTestChecks`, in any task.
        var taskLocalCount = 0
        /// The scope `addEndOfTestChecks()` opened for the running XCTest test.
        var xctest: EndOfTestScope?
    }

    private static let open = Locked(OpenScopes())

    /// Whether a `Recorder`'s values never read count as pending work.
    let isStrict: Bool
    /// Where the checks were asked for: failures of work with no site of its own go here.
    let site: CallSite
    private let enrolled = Locked(Enrolled())
    private let deallocations = Locked<[ExpectedDeallocation]>([])
    /// Speaks while the test hangs: see ``HangWatch``.
    private let hangWatch = Locked<Task<Void, Never>?>(nil)
    /// The scope this one runs inside (`withEndOfTestChecks` in a test with the trait), which
    /// counts its waits too.
    private let enclosing: EndOfTestScope?
    /// Waits of this scope, or of scopes inside it, now running.
    private let runningWaits = Locked(0)

    /// What enrolled, once each.
    private struct Enrolled {
        var keys: Set<ObjectIdentifier> = []
        var checks: [Check] = []
        var stalls: [HangWatch.Stall] = []
    }

    init(isStrict: Bool, site: CallSite) {
        self.isStrict = isStrict
        self.site = site
        enclosing = Self.active
    }

    /// Counts a wait in this scope and the scopes around it: `1` as it begins, `-1` as it ends.
    func countWait(_ step: Int) {
        var scope: EndOfTestScope? = self
        while let current = scope {
            current.runningWaits.withLock { $0 += step }
            scope = current.enclosing
        }
    }

    /// The scope of the running test, if it asked for end-of-test checks.
    static var active: EndOfTestScope? {
        let (taskLocalCount, xctest) = open.withLock { ($0.taskLocalCount, $0.xctest) }
        if taskLocalCount > 0, let current { return current }
        // `Test.current` is read only when an XCTest scope is open: reading it copies the whole
        // `Test`, a cost every clock and recorder made with the checks off would pay.
        guard let xctest, Test.current == nil else { return nil }
        return xctest
    }

    /// Runs `body` with `self` as the task's scope, then runs the checks.
    func run<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        Self.open.withLock { $0.taskLocalCount += 1 }
        defer { Self.open.withLock { $0.taskLocalCount -= 1 } }
        let result = try await Self.$current.withValue(self) {
            startHangWatch()
            return try await body()
        }
        await finish()
        return result
    }

    /// Opens `scope` for the XCTest test about to run; `closeForXCTest` ends it.
    static func openForXCTest(_ scope: EndOfTestScope) {
        open.withLock { $0.xctest = scope }
        scope.startHangWatch()
    }

    /// Starts watching for a hang, in a task that inherits the test's task-locals, so that what
    /// it reports is recorded for this test.
    private func startHangWatch() {
        let (site, enrolled, runningWaits) = (site, enrolled, runningWaits)
        // Outside any serial-executor scope: the watch's wake-ups are no work of the test's.
        let task = SerialScope.$membership.withValue(.outside) {
            Task {
                await HangWatch.watch(
                    at: site, { enrolled.withLock { $0.stalls } },
                    isWaiting: { runningWaits.withLock { $0 > 0 } })
            }
        }
        hangWatch.withLock { $0 = task }
    }

    static func closeForXCTest(_ scope: EndOfTestScope) {
        open.withLock { if $0.xctest === scope { $0.xctest = nil } }
    }

    /// Enrolls `fixture` with the running test's scope, if there is one and it has not enrolled
    /// there yet: `check` then runs when the test ends, holding what it captures until then, and
    /// `stall` (for a clock) tells the hang watch what is stuck. With no scope, or one the fixture
    /// is in already, neither closure is even made (they would be allocated at every use).
    /// Returns whether a scope was running.
    @discardableResult
    static func enroll(
        _ fixture: AnyObject,
        check: @autoclosure () -> Check,
        stall: @autoclosure () -> HangWatch.Stall? = nil
    ) -> Bool {
        guard let active else { return false }
        let key = ObjectIdentifier(fixture)
        guard !active.enrolled.withLock({ $0.keys.contains(key) }) else { return true }
        let check = check()
        let stall = stall()
        active.enrolled.withLock { enrolled in
            // The check holds the fixture until the test ends, so its identifier is not reused.
            guard enrolled.keys.insert(key).inserted else { return }
            enrolled.checks.append(check)
            if let stall { enrolled.stalls.append(stall) }
        }
        return true
    }

    func expectDeallocation(_ expected: ExpectedDeallocation) {
        deallocations.withLock { $0.append(expected) }
    }

    /// Runs every check, and fails for each thing pending and each object still alive.
    func finish() async {
        hangWatch.withLock { $0 }?.cancel()
        // Reads of the last changes are queued on the view models' actor, the main actor for
        // most: a turn there runs them first, so their states are recorded before they are
        // judged. Work ending just as the test did (a task releasing its view model, a
        // cancelled sleep leaving its clock) is given a few turns too.
        await MainActor.run {}
        for _ in 0..<Self.settlingTurns { await Task.yield() }
        var alive = deallocations.withLock { $0 }.filter(\.isAlive)
        // An object still alive may be held by work that is ending (a cancelled task on a busy
        // machine): only then, look again every millisecond for up to half a second. A leak
        // costs its test that long; a test that releases what it made, nothing.
        let clock = ContinuousClock()
        let deadline = clock.now + Self.gracePeriodForObjects
        while !alive.isEmpty, clock.now < deadline {
            try? await clock.sleep(for: .milliseconds(1))
            alive = alive.filter(\.isAlive)
        }
        let isStrict = isStrict
        let checks = enrolled.withLock { $0.checks }
        // On the main actor, where most view models live: a change recorder made there reads
        // its model's last state before it is judged.
        let pending = await MainActor.run { checks.compactMap { $0(isStrict) } }
        for work in pending {
            FailureReporter.record(work.message, at: work.site ?? site)
        }
        for object in alive {
            FailureReporter.record(object.message(pending: pending), at: object.site)
        }
    }

    private static var settlingTurns: Int { 10 }
    private static var gracePeriodForObjects: Duration { .milliseconds(500) }
}

/// An object that must be gone when the test ends.
struct ExpectedDeallocation: Sendable {
    /// Holds the object weakly, so the check itself never keeps it alive.
    // @unchecked: `object` is written once, in `init`, and weak loads are atomic in the runtime.
    final class WeakReference: @unchecked Sendable {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    let reference: WeakReference
    let typeName: String
    let site: CallSite

    var isAlive: Bool { reference.object != nil }

    func message(pending: [PendingWork]) -> String {
        var message =
            "expectDeallocated(_:) failed: \(typeName) is still alive at the end of the test."
        if !pending.isEmpty {
            message +=
                "\n\nStill pending at the end of the test, which may hold it:\n"
                + pending.map { "  - \($0.summary)" }.joined(separator: "\n")
        }
        message +=
            "\n\nWhat usually keeps a view model alive: a task it started that has not ended (a "
            + "`for await` loop, a sleep on a clock nobody advances), or a closure that captures "
            + "it strongly (`sink { self.… }` stored in its own cancellables, a timer). A shared "
            + "or global object lives as long as the process: check only objects the test makes."
        return message
    }
}
