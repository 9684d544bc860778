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

        /// As Combine's: asking for no values stops the program.
        @usableFromInline
        package var trapsOnZeroDemand: Bool { true }

        /// Subscribes to the result: sent at once if it is there, else when it comes.
        @usableFromInline
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            state.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }

    extension Future {
        /// The future's value, once the promise is called; throws the error it fails with.
        ///
        /// ```swift
        /// let profile = try await loadProfile().value
        /// ```
        ///
        /// As in Combine, the wait goes on when the awaiting task is cancelled: only the promise
        /// ends it.
        public var value: Output {
            get async throws {
                try await withCheckedThrowingContinuation { continuation in
                    state.whenFulfilled { result in
                        // Safe as Combine's is: each waiter gets the promised value once, and
                        // shares it only as every subscriber of the future does.
                        nonisolated(unsafe) let result = result
                        continuation.resume(with: result)
                    }
                }
            }
        }
    }

    extension Future where Failure == Never {
        /// The future's value, once the promise is called.
        ///
        /// ```swift
        /// let number = await randomNumber().value
        /// ```
        ///
        /// As in Combine, the wait goes on when the awaiting task is cancelled: only the promise
        /// ends it.
        public var value: Output {
            get async {
                await withCheckedContinuation { continuation in
                    state.whenFulfilled { result in
                        // Safe as Combine's is: each waiter gets the promised value once, and
                        // shares it only as every subscriber of the future does.
                        nonisolated(unsafe) let result = result
                        continuation.resume(with: result)
                    }
                }
            }
        }
    }

    // @unchecked: `result` and `waiters` are only touched while holding `lock`; the relay is
    // thread-safe.
    private final class FutureState<Output, Failure: Error>: @unchecked Sendable {
        private let lock = Lock()
        private var result: Result<Output, Failure>?
        private var waiters: [(Result<Output, Failure>) -> Void] = []
        private let relay = Relay<Output, Failure>()

        func fulfill(_ result: Result<Output, Failure>) {
            let waiters = lock.withLock { () -> [(Result<Output, Failure>) -> Void]? in
                guard self.result == nil else { return nil }
                self.result = result
                defer { self.waiters = [] }
                return self.waiters
            }
            guard let waiters else { return }
            for waiter in waiters { waiter(result) }
            switch result {
            case .success(let value):
                relay.send(value)
                relay.send(completion: .finished)
            case .failure(let error):
                relay.send(completion: .failure(error))
            }
        }

        /// Calls `body` with the result: at once if it is there, else when it comes. Unlike a
        /// subscription, nothing need hold a token for it meanwhile.
        func whenFulfilled(_ body: @escaping (Result<Output, Failure>) -> Void) {
            lock.lock()
            guard let result else {
                waiters.append(body)
                lock.unlock()
                return
            }
            lock.unlock()
            body(result)
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
