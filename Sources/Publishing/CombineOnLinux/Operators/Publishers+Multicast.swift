// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // multicast and share: one upstream subscription shared through a subject (autoconnect, which
    // share uses, is in Publishers+Autoconnect.swift).

    /// A publisher that subscribes to its upstream only when told to ``connect()``.
    public protocol ConnectablePublisher<Output, Failure>: Publisher {
        /// Subscribes to the upstream, so values start to flow to subscribers.
        ///
        /// - Returns: A cancellable that disconnects.
        func connect() -> any Cancellable
    }

    extension Publishers {
        /// A publisher that shares one subscription to its upstream through a subject, from the
        /// moment it is connected.
        public final class Multicast<Upstream: Publisher, SubjectType: Subject>:
            ConnectablePublisher, ClosurePublisher
        where SubjectType.Output == Upstream.Output, SubjectType.Failure == Upstream.Failure {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher subscribed to on connect.
            public let upstream: Upstream
            /// Makes the subject, once, on first use.
            public let createSubject: () -> SubjectType
            private let state = Lock()
            // Guarded by `state`.
            private var subject: SubjectType?

            /// Shares `upstream` through the subject `createSubject` makes.
            public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
                self.upstream = upstream
                self.createSubject = createSubject
            }

            /// What the subject does with a value nobody has asked for: a subscriber is the
            /// subject's, as in Combine.
            @usableFromInline
            package var valuesWithoutDemand: ValuesWithoutDemand {
                Publishing.valuesWithoutDemand(of: theSubject)
            }

            private var theSubject: SubjectType {
                state.withLock {
                    if let subject { return subject }
                    let made = createSubject()
                    subject = made
                    return made
                }
            }

            /// Subscribes to the subject: values arrive once connected.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                theSubject.sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            }

            /// Subscribes `subscriber` to the subject: values arrive once connected, within the
            /// demand it passes on to the subject.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                // A sink asks for every value: it is attached to the subject directly.
                if let sink = subscriber as? Subscribers.Sink<Output, Failure> {
                    return theSubject.subscribe(sink)
                }
                theSubject.subscribe(MulticastInner(subscriber))
            }

            /// Subscribes the subject to the upstream.
            ///
            /// - Returns: A cancellable that disconnects.
            public func connect() -> any Cancellable {
                upstream.subscribe(theSubject)
            }
        }
    }

    // Neither Multicast nor Autoconnect is Sendable, as in Combine's interface (where only
    // `Subscribers.Completion` and `Subscribers.Demand` are): sending one to another task does not
    // compile. Their state is still behind a lock, so subscribers on several threads are safe.

    extension Publisher {
        /// Shares one subscription to this publisher among its subscribers, through `subject`,
        /// once connected.
        ///
        /// - Parameter subject: The subject subscribers receive from.
        /// - Returns: A connectable publisher.
        public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
        where S.Output == Output, S.Failure == Failure {
            Publishers.Multicast(upstream: self) { subject }
        }

        /// Shares one subscription to this publisher, through the subject `createSubject` makes,
        /// once connected.
        ///
        /// - Parameter createSubject: Makes the subject, on first use.
        /// - Returns: A connectable publisher.
        public func multicast<S: Subject>(_ createSubject: @escaping () -> S)
            -> Publishers.Multicast<Self, S>
        where S.Output == Output, S.Failure == Failure {
            Publishers.Multicast(upstream: self, createSubject: createSubject)
        }

        /// Shares one subscription to this publisher among all its subscribers, made when the
        /// first subscribes and ended when the last cancels.
        ///
        /// ```swift
        /// let items = service.fetchItems().share()
        /// ```
        ///
        /// Like Combine's, it does not replay: a subscriber receives only what comes after it
        /// subscribed.
        ///
        /// - Returns: A shared publisher; keep the instance to share it.
        public func share() -> Publishers.Share<Self> {
            Publishers.Share(upstream: self)
        }
    }

    extension Publisher where Failure == Never {
        /// Makes this publisher connectable: it subscribes to the upstream only on `connect()`,
        /// so every subscriber attached before then receives every value.
        ///
        /// ```swift
        /// let connectable = items.publisher.makeConnectable()
        /// let first = connectable.sink { print("first", $0) }
        /// let second = connectable.sink { print("second", $0) }
        /// let connection = connectable.connect()
        /// ```
        ///
        /// As in Combine, only a publisher that cannot fail can be made connectable this way;
        /// `multicast(subject:)` takes any.
        ///
        /// - Returns: A connectable publisher; keep what `connect()` returns to stay connected.
        public func makeConnectable() -> Publishers.MakeConnectable<Self> {
            Publishers.MakeConnectable(upstream: self)
        }
    }

    extension Publishers {
        /// A connectable publisher that subscribes to its upstream only when told to
        /// ``ConnectablePublisher/connect()``, and shares that one subscription.
        ///
        /// As Combine's, it multicasts through a `PassthroughSubject`: a subscriber receives only
        /// what comes after it subscribed, and a value it has not asked for is dropped.
        public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher, ClosurePublisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            private let multicast: Multicast<Upstream, PassthroughSubject<Output, Failure>>

            /// Makes `upstream` connectable.
            ///
            /// - Parameter upstream: The publisher subscribed to on connect.
            public init(upstream: Upstream) {
                multicast = upstream.multicast(subject: PassthroughSubject())
            }

            /// What the subject does with a value nobody has asked for: drops it.
            @usableFromInline
            package var valuesWithoutDemand: ValuesWithoutDemand { multicast.valuesWithoutDemand }

            /// Subscribes to the subject: values arrive once connected.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                multicast.subscribeClosures(
                    receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            }

            /// Subscribes the subject to the upstream.
            ///
            /// - Returns: A cancellable that disconnects.
            public func connect() -> any Cancellable {
                multicast.connect()
            }
        }
    }

    extension Publishers {
        /// A publisher that shares one subscription to its upstream among all its subscribers.
        public final class Share<Upstream: Publisher>: ClosurePublisher, Equatable {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher shared.
            public let upstream: Upstream
            private let shared:
                Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

            /// Shares `upstream`.
            public init(upstream: Upstream) {
                self.upstream = upstream
                shared = upstream.multicast(subject: PassthroughSubject()).autoconnect()
            }

            /// A value sent while the subscriber has asked for none is dropped, as the
            /// `PassthroughSubject` Combine's `share()` multicasts through drops it.
            @usableFromInline
            package var valuesWithoutDemand: ValuesWithoutDemand { .dropped }

            /// Subscribes to the shared subscription, starting it if this is the first subscriber.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                receiveValue: @escaping (Output) -> Void
            ) -> AnyCancellable {
                shared.sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            }

            /// Two shares are equal when they are the same instance.
            public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }
        }
    }
#endif
