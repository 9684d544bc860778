import Observation
import Publishing

/// Whether `body` read any `@Observable` property: a read that reads none can never be woken
/// by a change.
func readsObservableState(_ body: () -> Void) -> Bool {
    var didRead = false
    // Observation evaluates `onChange` only when the body read something it can track.
    withObservationTracking(
        body,
        onChange: {
            didRead = true
            return {}
        }())
    return didRead
}

extension ModelState {
    /// Whether `object` is an `ObservableObject`, whose every change can be watched.
    static func isWatchable(_ object: AnyObject) -> Bool {
        object is any ObservableObject
    }
}
