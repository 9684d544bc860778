// One module name for Combine's API on every platform.
//
// Where Combine exists (Apple platforms), `Publishing` is Combine: re-exported, so a view model's
// `ObservableObject`, `@Published` and publishers are the types SwiftUI takes, and the names the
// Apple SDK declares (`DispatchQueue.SchedulerTimeType`, `Timer.TimerPublisher`, …) are the only
// ones in scope. It adds only what Combine lacks (`AnyScheduler`, `publisher(for:on:)` for
// `@Observable` models). Elsewhere (Linux), `Publishing` is this package's own implementation of
// the same API, which behaves as Combine does wherever user code can tell.
#if canImport(Combine)
    @_exported public import Combine
#endif
