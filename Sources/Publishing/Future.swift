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
/// comes after the result receives it at once.
public final class Future<Output, Failure: Error>: Publisher, Sendable {
    /// The closure the work calls with its result.
    public typealias Promise = @Sendable (Result<Output, Failure>) -> Void

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
    public func sink(
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
            return relay.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
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

/// A publisher that makes its real publisher anew for each subscriber, when it subscribes.
///
/// ```swift
/// Deferred { Future { promise in service.load(promise) } }   // loads per subscriber
/// ```
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    /// The made publisher's output type.
    public typealias Output = DeferredPublisher.Output
    /// The made publisher's failure type.
    public typealias Failure = DeferredPublisher.Failure

    /// Makes the publisher, once per subscriber.
    public let createPublisher: () -> DeferredPublisher

    /// Defers making the publisher to each subscription.
    ///
    /// - Parameter createPublisher: Makes the publisher.
    public init(createPublisher: @escaping () -> DeferredPublisher) {
        self.createPublisher = createPublisher
    }

    /// Makes the publisher and subscribes to it.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        createPublisher().sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

/// A publisher that replays a recorded list of values and a completion to each subscriber.
public struct Record<Output, Failure: Error>: Publisher {
    /// The values and completion a ``Record`` replays.
    public struct Recording {
        /// The recorded values, in order.
        public private(set) var output: [Output] = []
        /// The recorded completion; `.finished` until another is recorded.
        public private(set) var completion: Subscribers.Completion<Failure> = .finished
        private var isComplete = false

        /// An empty recording.
        public init() {}

        /// A recording of `output`, then `completion`.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            isComplete = true
        }

        /// Records a value; recording after the completion is a programming error.
        public mutating func receive(_ input: Output) {
            precondition(!isComplete, "A Record cannot receive a value after its completion")
            output.append(input)
        }

        /// Records the completion; recording it twice is a programming error.
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            precondition(!isComplete, "A Record cannot receive a second completion")
            self.completion = completion
            isComplete = true
        }
    }

    /// What is replayed.
    public let recording: Recording

    /// A record of `output`, then `completion`.
    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        recording = Recording(output: output, completion: completion)
    }

    /// A record filled in by `record`.
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    /// A record of `recording`.
    public init(recording: Recording) {
        self.recording = recording
    }

    /// Sends the recorded values, then the completion.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        Publishers.Sequence(sequence: recording.output).setCompletion(recording.completion)
            .sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }
}

extension Publishers {
    /// A publisher of a sequence's elements, then `.finished`.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        /// The sequence's element type.
        public typealias Output = Elements.Element

        /// The elements sent.
        public let sequence: Elements

        /// Publishes the elements of `sequence`.
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        /// Sends every element, then finishes; a cancel from inside a value stops it.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            setCompletion(.finished)
                .sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        /// The same elements, then `completion`.
        func setCompletion(_ completion: Subscribers.Completion<Failure>) -> SequenceThen<
            Elements, Failure
        > {
            SequenceThen(sequence: sequence, completion: completion)
        }
    }
}

/// Sends a sequence's elements, then a given completion; stops if cancelled in between.
struct SequenceThen<Elements: Sequence, Failure: Error> {
    let sequence: Elements
    let completion: Subscribers.Completion<Failure>

    func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Elements.Element) -> Void
    ) -> AnyCancellable {
        let isCancelled = Locked(false)
        let cancellable = AnyCancellable { isCancelled.withLock { $0 = true } }
        for element in sequence {
            guard !isCancelled.withLock({ $0 }) else { return cancellable }
            receiveValue(element)
        }
        if !isCancelled.withLock({ $0 }) { receiveCompletion(completion) }
        return cancellable
    }
}

extension Sequence {
    /// A publisher of the sequence's elements, then `.finished`.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

extension Result {
    /// A publisher of the result: its value then `.finished`, or its failure.
    public var publisher: Publisher {
        Publisher(self)
    }

    /// A publisher of one result.
    public struct Publisher: Publishing.Publisher {
        /// The success type.
        public typealias Output = Success

        /// The result sent.
        public let result: Result<Success, Failure>

        /// Publishes `result`.
        public init(_ result: Result<Success, Failure>) {
            self.result = result
        }

        /// Publishes `output`, then `.finished`.
        public init(_ output: Success) {
            result = .success(output)
        }

        /// Publishes the failure `failure`.
        public init(_ failure: Failure) {
            result = .failure(failure)
        }

        /// Sends the value then `.finished`, or the failure.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Success) -> Void
        ) -> AnyCancellable {
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
}

extension Optional {
    /// A publisher of the wrapped value then `.finished`, or of nothing but `.finished`.
    public var publisher: Publisher {
        Publisher(self)
    }

    /// A publisher of an optional's value, if it has one.
    public struct Publisher: Publishing.Publisher {
        /// The wrapped type.
        public typealias Output = Wrapped
        /// It cannot fail.
        public typealias Failure = Never

        /// The value sent, if any.
        public let output: Wrapped?

        /// Publishes `output`, if it is not `nil`.
        public init(_ output: Wrapped?) {
            self.output = output
        }

        /// Sends the value if there is one, then `.finished`.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
            receiveValue: @escaping (Wrapped) -> Void
        ) -> AnyCancellable {
            if let output { receiveValue(output) }
            receiveCompletion(.finished)
            return AnyCancellable {}
        }
    }
}

// MARK: - prepend and append

extension Publishers {
    /// A publisher of all of one publisher's values, then, once it finishes, another's.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        /// The shared output type.
        public typealias Output = Suffix.Output
        /// The shared failure type.
        public typealias Failure = Suffix.Failure

        /// The publisher sent first.
        public let prefix: Prefix
        /// The publisher subscribed to once the first finishes.
        public let suffix: Suffix

        /// Sends `prefix`'s values, then `suffix`'s.
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        /// Subscribes to the prefix, then to the suffix once the prefix finishes; a failure of
        /// the prefix ends the stream.
        public func sink(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            let suffix = suffix
            let link = SwitchableLink()
            link.replace(
                with: prefix.sink(
                    receiveCompletion: { completion in
                        guard case .finished = completion else {
                            return receiveCompletion(completion)
                        }
                        link.replace(
                            with: suffix.sink(
                                receiveCompletion: receiveCompletion, receiveValue: receiveValue),
                            stage: 1)
                    },
                    receiveValue: receiveValue
                ),
                stage: 0)
            return AnyCancellable { link.cancel() }
        }
    }
}

extension Publisher {
    /// Sends `elements` before this publisher's values.
    ///
    /// - Parameter elements: The values sent first.
    /// - Returns: A publisher of `elements`, then this publisher's values.
    public func prepend(_ elements: Output...)
        -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self>
    {
        prepend(elements)
    }

    /// Sends a sequence's elements before this publisher's values.
    ///
    /// - Parameter elements: The values sent first.
    /// - Returns: A publisher of `elements`, then this publisher's values.
    public func prepend<S: Sequence>(_ elements: S)
        -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self> where S.Element == Output
    {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Sends another publisher's values, until it finishes, before this publisher's.
    ///
    /// - Parameter publisher: The publisher sent first.
    /// - Returns: A publisher of `publisher`'s values, then this publisher's.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Sends `elements` once this publisher finishes.
    ///
    /// - Parameter elements: The values sent last.
    /// - Returns: A publisher of this publisher's values, then `elements`.
    public func append(_ elements: Output...)
        -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>>
    {
        append(elements)
    }

    /// Sends a sequence's elements once this publisher finishes.
    ///
    /// - Parameter elements: The values sent last.
    /// - Returns: A publisher of this publisher's values, then `elements`.
    public func append<S: Sequence>(_ elements: S)
        -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>> where S.Element == Output
    {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Sends another publisher's values once this publisher finishes.
    ///
    /// - Parameter publisher: The publisher sent last.
    /// - Returns: A publisher of this publisher's values, then `publisher`'s.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}
