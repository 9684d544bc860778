// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Publishers of values known up front: Record and a sequence (a Result's and an Optional's
    // are in ValuePublishers+OptionalResult.swift).

    /// A publisher that replays a recorded list of values and a completion to each subscriber.
    public struct Record<Output, Failure: Error>: Publisher {
        /// The values and completion a ``Record`` replays.
        public struct Recording {
            /// What it records: the values the record sends.
            public typealias Input = Output

            /// The recorded values, in order.
            public private(set) var output: [Output] = []
            /// The recorded completion; `.finished` until another is recorded.
            public var completion: Subscribers.Completion<Failure> { recorded ?? .finished }
            /// The completion, once recorded: the recording is then over.
            private var recorded: Subscribers.Completion<Failure>?

            /// An empty recording.
            public init() {}

            /// A recording of `output`, then `completion`.
            public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
                self.output = output
                recorded = completion
            }

            /// Records a value; recording after the completion is a programming error.
            public mutating func receive(_ input: Output) {
                precondition(
                    recorded == nil, "A Record cannot receive a value after its completion")
                output.append(input)
            }

            /// Records the completion; recording it twice is a programming error.
            public mutating func receive(completion: Subscribers.Completion<Failure>) {
                precondition(recorded == nil, "A Record cannot receive a second completion")
                recorded = completion
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

        /// Sends the recorded values as they are requested, then the completion.
        ///
        /// - Parameter subscriber: The subscriber to attach.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            SequenceSubscription.start(
                recording.output, then: recording.completion, subscriber: subscriber,
                as: .record)
        }
    }

    // Encoded as Combine encodes them, so a recording saved on one platform decodes on the other:
    // `{"recording":{"output":[…],"completion":{"success":true}}}`.
    extension Record: Codable where Output: Codable, Failure: Codable {}

    extension Record.Recording: Codable where Output: Codable, Failure: Codable {
        private enum CodingKeys: String, CodingKey {
            case output
            case completion
        }

        /// Decodes a complete recording: nothing more can be recorded in it.
        ///
        /// - Parameter decoder: The decoder to read from.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let output = try container.decode([Output].self, forKey: .output)
            let completion = try container.decode(
                Subscribers.Completion<Failure>.self, forKey: .completion)
            self.init(output: output, completion: completion)
        }

        /// Encodes the values and the completion.
        ///
        /// - Parameter encoder: The encoder to write to.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(output, forKey: .output)
            try container.encode(completion, forKey: .completion)
        }

        /// Encodes the values and the completion, as ``encode(to:)`` does.
        ///
        /// - Parameter encoder: The encoder to write to.
        public func encode(into encoder: any Encoder) throws {
            try encode(to: encoder)
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

            /// Sends the elements as they are requested, then finishes; a cancel from inside a
            /// value stops it, so an endless sequence can be cut short by `prefix(_:)`.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<S: Subscriber>(subscriber: S)
            where S.Input == Output, S.Failure == Failure {
                SequenceSubscription.start(sequence, then: .finished, subscriber: subscriber)
            }
        }
    }

    extension Publishers.Sequence: Equatable where Elements: Equatable {}

    /// Sends a sequence's elements within the demand requested, then a given completion.
    ///
    /// The completion follows the last element at once, without waiting for more demand, as in
    /// Combine: the next element is looked at before the current one is sent.
    // @unchecked: every mutable field but `iterator` is in `state`, behind its lock; only the
    // request whose turn it is (`State.turn`, taken under the lock) advances `iterator` and calls
    // the subscriber.
    final class SequenceSubscription<Downstream: Subscriber, Elements: Swift.Sequence>:
        // @unchecked: see above.
        Subscription, CombineReflecting, @unchecked Sendable
    where Downstream.Input == Elements.Element {
        /// Where the subscription stands, holding the subscriber until the completion or a
        /// cancel.
        private enum Stage {
            case live(Downstream)
            case ended

            var downstream: Downstream? {
                if case .live(let downstream) = self { downstream } else { nil }
            }
        }

        /// One delivery of a turn.
        private enum Delivery {
            /// An element, sent once the iterator has looked at the one after it.
            case value(Elements.Element)
            case completion(Downstream)
        }

        private struct State {
            var stage: Stage
            var next: Elements.Element?
            var demand = Subscribers.Demand.none
            /// Whose turn it is to send. Every request, from inside a delivery or from another
            /// thread, is served by the sending loop under way, as Combine's sequence serves it.
            var turn = DeliveryTurn()
        }

        private let state: Locked<State>
        private let completion: Subscribers.Completion<Downstream.Failure>
        private let elements: Elements
        /// Advanced outside the lock: a lazy sequence's closure may request or cancel.
        private var iterator: Elements.Iterator

        /// Which publisher's subscription this is: the two describe and reflect differently.
        private let source: Source

        private init(
            elements: Elements, iterator: Elements.Iterator, first: Elements.Element,
            downstream: Downstream, completion: Subscribers.Completion<Downstream.Failure>,
            source: Source
        ) {
            self.source = source
            state = Locked(State(stage: .live(downstream), next: first))
            self.elements = elements
            self.iterator = iterator
            self.completion = completion
        }

        /// Subscribes `subscriber` to `elements`; an empty sequence completes at once.
        static func start(
            _ elements: Elements, then completion: Subscribers.Completion<Downstream.Failure>,
            subscriber: Downstream, as source: Source = .sequence
        ) {
            var iterator = elements.makeIterator()
            guard let first = iterator.next() else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: completion)
                return
            }
            subscriber.receive(
                subscription: SequenceSubscription(
                    elements: elements, iterator: iterator, first: first, downstream: subscriber,
                    completion: completion, source: source))
        }

        func request(_ demand: Subscribers.Demand) {
            // A request from inside `receive(_:)` adds to the demand the sending loop uses.
            guard
                state.withLock({ state in
                    state.demand += demand
                    return state.turn.claim(.byLoop)
                })
            else { return }
            /// What the value delivered last returned, added to the demand under the lock.
            var returned = Subscribers.Demand.none
            DeliveryTurn.loop(
                nil,
                next: {
                    state.withLock { state in
                        state.demand += returned
                        returned = .none
                        return state.turn.proceed(to: Self.next(&state))
                    }
                },
                deliver: { delivery in
                    switch delivery {
                    case .value(let element):
                        let following = iterator.next()
                        // Read after the iterator: its closure (or another thread) may have
                        // cancelled.
                        let downstream = state.withLock { state in
                            state.next = following
                            return state.stage.downstream
                        }
                        guard let downstream else { return }
                        returned = downstream.receive(element)
                    case .completion(let downstream):
                        downstream.receive(completion: completion)
                    }
                })
        }

        /// What the turn sends next, under the lock: an element the demand allows, or, once none
        /// is left, the completion, at once.
        private static func next(_ state: inout State) -> Delivery? {
            guard case .live(let downstream) = state.stage else { return nil }
            guard let element = state.next else {
                state.stage = .ended
                return .completion(downstream)
            }
            guard state.demand > 0 else { return nil }
            state.demand -= 1
            return .value(element)
        }

        func cancel() {
            let stage = state.withLock { state in
                defer { state.stage = .ended }
                return state.stage
            }
            _ = consume stage
        }
    }

    extension SequenceSubscription {
        /// The publisher a ``SequenceSubscription`` serves.
        enum Source {
            /// `Publishers.Sequence`, or `Record`, whose completion is part of what it replays.
            case sequence, record
        }

        private var isLive: Bool { state.withLock { $0.stage.downstream != nil } }

        /// While it sends, the sequence, as Combine's sequence subscription describes itself
        /// (`print` shows it); once finished or cancelled, Combine's name for a spent one.
        var description: String {
            if isLive { return String(describing: elements) }
            return source == .record ? "Cancelled Events" : "Sequence"
        }

        /// The sequence, under Combine's label, empty once spent; a record's completion too.
        var customMirror: Mirror {
            let sequence: Any = isLive ? elements : [Elements.Element]()
            return switch source {
            case .sequence:
                Mirror(self, children: CollectionOfOne<Mirror.Child>(("sequence", sequence)))
            case .record: Mirror(self, children: ["sequence": sequence, "completion": completion])
            }
        }
    }

    extension Sequence {
        /// A publisher of the sequence's elements, then `.finished`.
        public var publisher: Publishers.Sequence<Self, Never> {
            Publishers.Sequence(sequence: self)
        }
    }
#endif
