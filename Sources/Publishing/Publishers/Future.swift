// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A publisher that eventually sends one value and finishes, or fails: the result of work
    /// started once, when the future is made.
    ///
    /// ```swift
    /// func loadProfile() -> Future<Profile, Error> {
    ///     Future { promise in
    ///         api.fetchProfile { result in promise(result) }
    ///     }
    /// }
    /// ```
    ///
    /// As in Combine, the closure runs at once, in `init`, and only once however many subscribe.
    /// The promise may be called from any thread; only its first call counts. A subscriber that
    /// comes after the result receives it at once. As in Combine, ``Promise`` is not `@Sendable`:
    /// to call it from a `@Sendable` closure, wrap it as Combine code must.
    public final class Future<Output, Failure: Error>: ClosurePublisher {
        /// The closure the work calls with its result.
        public typealias Promise = (Result<Output, Failure>) -> Void

        private let state: FutureState<Output, Failure>

        /// Runs `attemptToFulfill` at once, handing it the promise.
        ///
        /// - Parameter attemptToFulfill: Starts the work, and calls the promise with its result.
        public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
            let state = FutureState<Output, Failure>()
            self.state = state
            attemptToFulfill { result in state.fulfill(result) }
        }

        /// Subscribes to the result: sent at once if it is there, else when it comes.
        @usableFromInline
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            state.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }

    // @unchecked: `result` is only touched while holding `lock`; the relay is thread-safe.
    private final class FutureState<Output, Failure: Error>: @unchecked Sendable {
        private let lock = Lock()
        private var result: Result<Output, Failure>?
        private let relay = Relay<Output, Failure>()

        func fulfill(_ result: Result<Output, Failure>) {
            let isFirst = lock.withLock {
                guard self.result == nil else { return false }
                self.result = result
                return true
            }
            guard isFirst else { return }
            switch result {
            case .success(let value):
                relay.send(value)
                relay.send(completion: .finished)
            case .failure(let error):
                relay.send(completion: .failure(error))
            }
        }

        func subscribe(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            // Subscribing to the relay sends nothing before the result, so it is safe under the
            // lock; a subscriber that comes after the result was stored gets it here instead.
            lock.lock()
            guard let result else {
                defer { lock.unlock() }
                return relay.subscribe(
                    receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            }
            lock.unlock()
            switch result {
            case .success(let value):
                receiveValue(value)
                receiveCompletion(.finished)
            case .failure(let error):
                receiveCompletion(.failure(error))
            }
            return AnyCancellable {}
        }
    }
#endif
