import Foundation
import Publishing

extension SerialScope {
    /// The seed a scope asked for `requested` runs with: `OBSERVATION_TESTING_SEED` wins, a
    /// number for that seed, `random` for a fresh one.
    static func seed(
        requested: UInt64?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> UInt64? {
        guard let forced = environment["OBSERVATION_TESTING_SEED"] else {
            return requested
        }
        if forced == "random" { return UInt64.random(in: 1...UInt64.max) }
        return UInt64(forced) ?? requested
    }

    /// Watches the scope for a hang the clocks' watch cannot see: nothing of the scope can run,
    /// nothing waits for real time, no wait is running, and no job has run for the watch's
    /// patience. It says so on standard error and as a failure; it cannot end such a hang.
    func startHangWatch(at site: CallSite) -> Task<Void, Never> {
        // Outside the scope: the watch's own wake-ups are no work of the test's.
        Self.$membership.withValue(.outside) {
            Task { [self] in
                await HangWatch.watch(
                    at: site, { [self] in [{ [self] in stuck(at: site) }] },
                    isWaiting: { [self] in hasRunningWaits })
            }
        }
    }

    private func stuck(at site: CallSite) -> HangWatch.Stuck? {
        let (jobsRun, canMove) = state.withLock { state in
            (state.jobsRun, state.stage != .live || !state.runnable.isEmpty || state.timed > 0)
        }
        // Tasks asleep on a test clock are the end-of-test checks' to report, and to end.
        guard !canMove, EndOfTestScope.active == nil || TestClock.sleepersInCurrentTest == 0
        else { return nil }
        return HangWatch.Stuck(
            fingerprint: [UInt64(jobsRun)],
            message: { _ in
                "nothing this test started can run, inside its serial-executor scope. Every task "
                    + "it started waits on something outside the scope that is not moving: a "
                    + "continuation never resumed, a stream nothing is sent to, a TestClock "
                    + "nobody advances, or a task awaiting one of these. The package cannot end "
                    + "this wait: resume or cancel what the test waits on."
            },
            end: { _ in },
            site: site)
    }

    /// What a wait that failed inside a scope says when nothing the test started could run: no
    /// longer timeout helps, only moving a clock or resuming what the tasks wait on.
    static func nothingCanRunAdvice(asleepOnClocks asleep: Int) -> String {
        let start =
            "Nothing this test started can run: every task has finished or waits on something "
        guard asleep == 0 else {
            let tasks = asleep == 1 ? "1 task of this test is" : "\(asleep) tasks of this test are"
            return start + "outside the serial executor. \(tasks) asleep on a TestClock: advance "
                + "the clock to wake it; a longer timeout will not."
        }
        return start + "outside the serial executor, and none is asleep on a TestClock. Check "
            + "that the code under test ran, and what its tasks wait on: a continuation never "
            + "resumed, a stream nothing is sent to, or real time and I/O."
    }

    /// What a failure inside a seeded scope adds, so that its order can be replayed.
    var seedNote: String? {
        seed.map { " (Serial executor seed \($0): replay with OBSERVATION_TESTING_SEED=\($0).)" }
    }

    /// Carries a scope's body into the child task that runs it, and its outcome back.
    struct Handoff<Value>: @unchecked Sendable {
        // @unchecked: the task that opens the scope only awaits the child while the child holds
        // it, so the two never touch it at once.
        var value: Value
    }

    /// Opens a scope around `body`, runs it in a child task on the scope's line, and checks at
    /// the end that nothing it started can still run.
    static func run<Value, Failure: Error>(
        seed: UInt64?,
        at site: CallSite,
        isolation: isolated (any Actor)?,
        _ body: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        guard JobRouter.install() else {
            FailureReporter.record(
                """
                withSerialExecutor needs Swift 6.3's runtime (Linux, or macOS 26.4, iOS 26.4, \
                tvOS 26.4, watchOS 26.4, visionOS 26.4): this one cannot hand its jobs to a \
                library. The code ran with the usual executors.
                """,
                at: site)
            return try await body()
        }
        let scope = SerialScope(seed: Self.seed(requested: seed))
        JobRouter.scopeOpened()
        let watch = scope.startHangWatch(at: site)
        defer { watch.cancel() }
        let outcome = await withoutActuallyEscaping(body) { body in
            _ = isolation
            let handoff = Handoff(value: body)
            return await $membership.withValue(.inside(scope)) {
                // A child task made inside the scope runs the body, so that its first job, and
                // every one after, is the scope's: the caller's own task may carry another
                // executor from before, and resume there, off the line.
                async let outcome = scope.runOnLine(handoff, finishingAt: site)
                return await outcome
            }
        }
        return try outcome.value.get()
    }

    /// Runs `body`, then ends the scope at once: what could still run then was left behind, even
    /// if it would run before the opener's own task resumes.
    private func runOnLine<Value, Failure: Error>(
        _ body: Handoff<() async throws(Failure) -> Value>, finishingAt site: CallSite
    ) async -> Handoff<Result<Value, Failure>> {
        await preferringLine {
            let outcome: Result<Value, Failure>
            do throws(Failure) {
                outcome = .success(try await body.value())
            } catch {
                outcome = .failure(error)
            }
            finish(at: site)
            return Handoff(value: outcome)
        }
    }

    /// Runs `body` with the router as the caller's task executor preference, so that the
    /// caller's own jobs, and every continuation it makes, go through the router: without it, a
    /// task that last ran on the runtime's own executor resumes there, off the line.
    private func preferringLine<R>(_ body: () async -> R) async -> R {
        #if compiler(>=6.3)
            if #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) {
                return await withTaskExecutorPreference(
                    RoutingExecutors.defaultRouter, operation: body)
            }
        #endif
        return await body()
    }

    /// Ends the scope, failing the test if work it started could still run.
    func finish(at site: CallSite) {
        let left = end()
        guard left > 0 else { return }
        FailureReporter.record(
            """
            The serial-executor scope ended with \(ValueDescription.count(left, "job", "jobs")) \
            of tasks it started still able to run: the test did not wait for all it started.

            Await those tasks (or call settle() before the scope ends), or cancel them. They run \
            to their next suspension now, outside any order.
            """ + (seedNote ?? ""),
            at: site)
    }

    /// How many turns `settle()` lets others take before it decides their work never ends.
    static var settleLimit: Int { 100_000 }

    /// Returns once no job of the scope but the caller's can run: each yield puts the caller
    /// at the back of the line, behind all that can run now. Work that keeps itself runnable
    /// forever (a loop of yields) fails at `site` after ``settleLimit`` turns, instead of hanging.
    ///
    /// Settlers at once (a test's `settle()` inside `TestClock.run`, whose advances settle too)
    /// do not wait for each other: each waits only for work that is not another's yield.
    func settle(at site: CallSite?) async {
        countSettler(1)
        defer { countSettler(-1) }
        let start = jobsRun
        while runnableCountBesidesSettlers > 0 {
            guard jobsRun - start < Self.settleLimit else {
                if let site {
                    FailureReporter.record(
                        """
                        settle() gave up after \(Self.settleLimit) jobs: the work this test \
                        started keeps running, such as a loop of Task.yield().

                        Cancel that work, or end the loop, before settling.
                        """,
                        at: site)
                }
                return
            }
            await Task.yield()
        }
    }
}
