#if canImport(Combine)
    import Foundation
    public import Publishing

    /// Makes a wait on a Combine `@Published` property return only once the property holds the
    /// value that met the condition.
    ///
    /// Combine sends in `willSet`: assigned on another thread, the value reaches the wait before
    /// the property stores it, and the test's next line could read the old value. Before each
    /// new value, the wait runs a job that waits (briefly: the store follows the send at once)
    /// until the property no longer holds the value before it, or a later value has been sent.
    /// Linux's `Publishing` offers the wait a hook after the store instead.
    @usableFromInline
    // @unchecked: `state` is a `Locked`; `publisher` is Combine's, which any thread may subscribe
    // to; `isEqual` is `==`, which touches nothing but its arguments.
    final class PublishedStoreWatch<Value>: @unchecked Sendable {
        private struct State {
            /// The last value the wait's subscription was sent: what the property held before
            /// the next one.
            var last: Value?
            var sent = 0
            /// The value before each value whose store a job waits for, by the value's number.
            var before: [Int: Value] = [:]
        }

        private let publisher: Published<Value>.Publisher
        private let isEqual: (Value, Value) -> Bool
        private let state = Locked(State())

        @usableFromInline
        init?(_ publisher: Published<Value>.Publisher) {
            guard Value.self is any Equatable.Type else { return nil }
            self.publisher = publisher
            isEqual = equality(of: Value.self)
        }

        /// Notes a value the wait's subscription was sent; returns the job that waits for its
        /// store, or `nil` when the property already holds it (the first value, or a repeat).
        @usableFromInline
        func received(_ value: Value) -> WaitJob? {
            let number = state.withLock { state -> Int? in
                defer {
                    state.last = value
                    state.sent += 1
                }
                guard let last = state.last, !isEqual(last, value) else { return nil }
                state.before[state.sent] = last
                return state.sent
            }
            return number.map { number in WaitJob { [self] in awaitStore(of: number) } }
        }

        private func awaitStore(of number: Int) {
            guard let before = state.withLock({ $0.before.removeValue(forKey: number) }) else {
                return
            }
            // A bound only for a subscriber that blocks its setter before the store; normally
            // the first or second look finds the value stored.
            let deadline = ContinuousClock.now + .seconds(1)
            repeat {
                if state.withLock({ $0.sent }) > number + 1 { return }
                var current: Value?
                _ = publisher.sink { current = $0 }
                if let current, !isEqual(current, before) { return }
                sched_yield()
            } while ContinuousClock.now < deadline
        }
    }

#endif
