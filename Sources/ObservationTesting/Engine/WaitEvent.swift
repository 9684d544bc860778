public import Publishing

/// What can wake a waiting helper.
@usableFromInline
enum WaitEvent<Output, Failure: Error> {
    case value(Output, arrived: ContinuousClock.Instant)
    case completion(Subscribers.Completion<Failure>, arrived: ContinuousClock.Instant)
    case timedOut
    /// The window of a `never` or `stays` has passed.
    case windowPassed
    /// No value arrived for the idle timeout; `generation` tells a stale timer from the live one.
    case idle(generation: Int)
    /// The action passed to `perform:` returned, or threw, at `at`: timed where it ran, as the
    /// wait may take the event later on a busy machine.
    case actionFinished(thrown: (any Error)?, at: ContinuousClock.Instant)
    /// Work the source needs done on the wait's isolation, such as reading observed state after
    /// a change: the wait runs it when it wakes, and takes what it posts next.
    case job(WaitJob)
    /// Every read of observed state the source had scheduled when the wait asked has been sent.
    case settled
}

/// Work a source hands to its wait, run on the wait's isolation.
///
/// A struct, not a bare closure in the event: a closure stored in a generic enum's payload is
/// re-wrapped in a new closure on the way in and out (an allocation per change).
@usableFromInline
struct WaitJob: Sendable {
    @usableFromInline let run: @Sendable () -> Void

    @inlinable
    init(run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}

/// An event as the engine sees it: the value's type erased.
///
/// The engine is generic in form but runs at this one instantiation: generic code is not
/// specialised across modules, and at a single type it asks the runtime for no generic metadata
/// on a wait's path (see Sources/Benchmarks/README.md).
@usableFromInline
typealias ErasedEvent = WaitEvent<Any, any Error>

/// Starts posting a source's events to a wait's mailbox, and stops when the returned handle is
/// cancelled.
///
/// Handed the mailbox itself, not a closure that posts to it: the source's handlers then reach
/// it with one call, and a wait makes one closure fewer.
///
/// Every source (publishers, `@Observable` properties, async sequences, recorders) is reduced to
/// this, so they all share one engine. A publisher's is built in the caller's module (the
/// forwarders are inlinable), where its `sink` and cancel are specialised for the publisher's
/// type instead of looking generic metadata up at run time on every wait.
@usableFromInline
typealias EventSubscription = (Mailbox<ErasedEvent>) -> any Cancellable

extension WaitEvent {
    /// The same event with its value's type erased, for the engine.
    var erased: ErasedEvent {
        switch self {
        case .value(let value, let arrived): .value(value, arrived: arrived)
        case .completion(let completion, let arrived):
            .completion(completion.erased, arrived: arrived)
        case .timedOut: .timedOut
        case .windowPassed: .windowPassed
        case .idle(let generation): .idle(generation: generation)
        case .actionFinished(let thrown, let at): .actionFinished(thrown: thrown, at: at)
        case .job(let job): .job(job)
        case .settled: .settled
        }
    }
}

extension Subscribers.Completion {
    @usableFromInline
    var erased: Subscribers.Completion<any Error> {
        switch self {
        case .finished: .finished
        case .failure(let error): .failure(error)
        }
    }
}
