import Foundation
import Publishing
import Testing

@testable import ObservationTesting

/// A publisher wrapper that counts its live subscriptions, to prove each `until` releases its own.
final class SubscriptionCounter<Upstream: Publisher>: ClosurePublisher, @unchecked Sendable {
    // @unchecked: `live` and `total` are only touched while holding `lock`.
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    private let upstream: Upstream
    private let lock = NSLock()
    private var storedLive = 0
    private var storedTotal = 0

    init(_ upstream: Upstream) {
        self.upstream = upstream
    }

    var live: Int { lock.withLock { storedLive } }
    var total: Int { lock.withLock { storedTotal } }

    @usableFromInline
    package func subscribeClosures(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        lock.withLock {
            storedLive += 1
            storedTotal += 1
        }
        let inner = upstream.sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        return AnyCancellable {
            inner.cancel()
            self.lock.withLock { self.storedLive -= 1 }
        }
    }
}

struct TestError: Error, Equatable {
    var code = 0
}

/// An action that never returns until its task is cancelled.
func suspendUntilCancelled() async {
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    for await _ in stream {}
    // Referenced after the loop so the stream cannot finish early by losing its continuation.
    continuation.finish()
}

/// Elapsed real time of `body`, to check that an outcome came promptly, never how fast.
func elapsedTime(
    isolation: isolated (any Actor)? = #isolation,
    of body: () async -> Void
) async -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    await body()
    return clock.now - start
}

/// A publisher that sends the same values, synchronously, to each new subscriber, and never
/// finishes: values are in the timeline before the wait even starts, however loaded the machine.
struct Replay<Output>: ClosurePublisher {
    typealias Failure = Never
    var values: [Output]

    init(_ values: [Output]) {
        self.values = values
    }

    @usableFromInline
    package func subscribeClosures(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        values.forEach(receiveValue)
        return AnyCancellable {}
    }
}

/// A serial executor on a dispatch queue of its own, which code can ask whether it runs on.
final class QueueExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked: both properties are constants, and a queue and its key work from any thread.
    private let queue = DispatchQueue(label: "QueueExecutor")
    private let key = DispatchSpecificKey<Bool>()

    init() {
        queue.setSpecific(key: key, value: true)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// Holds this executor's queue, and every job of it, until `gate` is signalled.
    func block(until gate: DispatchSemaphore) {
        queue.async { gate.wait() }
    }

    /// Whether the caller is running one of this executor's jobs.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    /// Suspends the caller, a task on this executor, until the jobs already queued here have
    /// run. Unlike `Task.yield()`, which goes through the shared concurrency pool (on a loaded
    /// machine, busy with other tests for seconds at a time), it never leaves this queue.
    func nextTurn(isolation: isolated (any Actor)? = #isolation) async {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }
}

/// A global actor whose code runs on a ``QueueExecutor``, so a closure made on it can tell
/// whether it is called on it: `Thread.isMainThread` cannot tell for the main actor, as it is
/// `false` there under `swift test` on Linux.
@globalActor
actor QueueActor {
    static let shared = QueueActor()

    let executor = QueueExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }
}

/// A global actor on a serial queue of its own that no test holds (``QueueActor`` is held on
/// purpose by the tests of a starved wait), for tests whose verdict needs their actor to take
/// turns promptly: the main actor takes every `@MainActor` test's work in turn, and on a loaded
/// machine one turn there can wait for seconds.
@globalActor
actor OwnQueueActor {
    static let shared = OwnQueueActor()

    let executor = QueueExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }
}

/// Whether this process runs under ThreadSanitizer, whose runtime defines `__tsan_init`: heavy
/// stress tests run fewer rounds there, since it slows every access.
let isRunningUnderThreadSanitizer: Bool = dlsym(nil, "__tsan_init") != nil

/// Returns after `delay` of real time, from a Dispatch timer: for an action that must outlive a
/// short window in tests of windows themselves, never to wait for something to happen.
func afterRealDelay(_ delay: Duration) async {
    let milliseconds = Int(delay / .milliseconds(1))
    await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
            continuation.resume()
        }
    }
}

// Tests only: these tests send into subjects from several tasks at once. The subjects lock
// internally and may be sent to from any thread, but neither Apple's Combine nor Linux's
// Publishing marks them `Sendable`; a view model's own code would wrap them instead. Linux's
// are declared in this package, where `@retroactive` does not apply.
#if canImport(Combine)
    // swift-format-ignore: AvoidRetroactiveConformances
    extension PassthroughSubject: @retroactive @unchecked Sendable {}
    // swift-format-ignore: AvoidRetroactiveConformances
    extension CurrentValueSubject: @retroactive @unchecked Sendable {}
#else
    // @unchecked: as above, the subjects lock internally.
    extension PassthroughSubject: @unchecked Sendable {}
    // @unchecked: as above, the subjects lock internally.
    extension CurrentValueSubject: @unchecked Sendable {}
#endif

/// A failure the package recorded while failures were captured, shaped as the `Issue` a
/// `withKnownIssue` matcher reads.
struct CapturedIssue {
    var comments: [Comment]
    var sourceLocation: SourceLocation?
}

/// Runs `body` with the package's failures captured instead of recorded; returns each message
/// and the line it was recorded at.
func capturedFailures(
    isolation: isolated (any Actor)? = #isolation,
    of body: () async -> Void
) async -> [(message: String, line: UInt)] {
    let capture = FailureCapture()
    await FailureReporter.$capture.withValue(capture) { await body() }
    return capture.failures.withLock { $0.map { ($0.message, $0.callSite.line) } }
}

/// `withKnownIssue` for the package's own failures, without printing each: runs `body` with
/// them captured instead of recorded, then records an issue if none was captured or one does
/// not match. (The tests of failure routing itself use `withKnownIssue`, through the
/// framework.)
func withCapturedFailures(
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void,
    matching: (CapturedIssue) -> Bool = { _ in true }
) async {
    let capture = FailureCapture()
    do {
        try await FailureReporter.$capture.withValue(capture) { try await body() }
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
    }
    judge(capture, matching: matching, at: sourceLocation)
}

/// `withCapturedFailures` for a body that does not suspend.
func withCapturedFailures(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void,
    matching: (CapturedIssue) -> Bool = { _ in true }
) {
    let capture = FailureCapture()
    do {
        try FailureReporter.$capture.withValue(capture) { try body() }
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
    }
    judge(capture, matching: matching, at: sourceLocation)
}

private func judge(
    _ capture: FailureCapture, matching: (CapturedIssue) -> Bool, at sourceLocation: SourceLocation
) {
    let issues = capture.failures.withLock { $0 }.map { failure in
        let site = failure.callSite
        return CapturedIssue(
            comments: [Comment(rawValue: failure.message)],
            sourceLocation: SourceLocation(
                fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line),
                column: Int(site.column)))
    }
    if issues.isEmpty {
        Issue.record(
            "A failure was expected here, and none was recorded.", sourceLocation: sourceLocation)
    }
    for issue in issues where !matching(issue) {
        let message = issue.comments.map(\.rawValue).joined()
        Issue.record(
            Comment(rawValue: "A failure was recorded that the test did not expect:\n\(message)"),
            sourceLocation: issue.sourceLocation ?? sourceLocation)
    }
}

/// Runs `body` counting the key paths named in it.
@MainActor
func countingNamings(_ body: () async -> Void) async -> Int {
    let lookups = Locked(0)
    await KeyPathNames.$lookups.withValue(lookups) { await body() }
    return lookups.withLock { $0 }
}
