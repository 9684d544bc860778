// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Publishers of values known up front: Record, a sequence, a Result, an Optional.

    /// A publisher that replays a recorded list of values and a completion to each subscriber.
    public struct Record<Output, Failure: Error>: ClosurePublisher {
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
        package func subscribeClosures(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Output) -> Void
        ) -> AnyCancellable {
            Publishers.Sequence(sequence: recording.output).setCompletion(recording.completion)
                .subscribeClosures(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }
    }

    extension Publishers {
        /// A publisher of a sequence's elements, then `.finished`.
        public struct Sequence<Elements: Swift.Sequence, Failure: Error>: ClosurePublisher {
            /// The sequence's element type.
            public typealias Output = Elements.Element

            /// The elements sent.
            public let sequence: Elements

            /// Publishes the elements of `sequence`.
            public init(sequence: Elements) {
                self.sequence = sequence
            }

            /// Sends every element, then finishes; a cancel from inside a value stops it.
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                setCompletion(.finished)
                    .subscribeClosures(
                        receiveCompletion: receiveCompletion, receiveValue: receiveValue)
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

        package func subscribeClosures(
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
        public struct Publisher: Publishing.ClosurePublisher {
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
            package func subscribeClosures(
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
        public struct Publisher: Publishing.ClosurePublisher {
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
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
                receiveValue: @escaping (Wrapped) -> Void
            ) -> AnyCancellable {
                if let output { receiveValue(output) }
                receiveCompletion(.finished)
                return AnyCancellable {}
            }
        }
    }
#endif
