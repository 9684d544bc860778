// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // autoconnect: a connectable publisher that connects itself while it has subscribers. As
    // Combine's, it keeps no subscription of its own: each subscriber gets the upstream's, and
    // every event is passed on as it comes, in the upstream's turn.

    extension ConnectablePublisher {
        /// Connects when the first subscriber subscribes, and disconnects when the last cancels.
        ///
        /// - Returns: A publisher that manages the connection itself.
        public func autoconnect() -> Publishers.Autoconnect<Self> {
            Publishers.Autoconnect(upstream: self)
        }
    }

    extension Publishers {
        /// A connectable publisher that connects itself: on the first subscriber, until the last
        /// cancels.
        public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// The upstream's failure type.
            public typealias Failure = Upstream.Failure

            /// Whether the upstream is connected, and for how many subscribers.
            private enum Connection {
                case disconnected
                case connected(subscribers: Int, connection: any Cancellable)
            }

            /// The publisher connected while it has subscribers.
            public let upstream: Upstream
            private let connection = Locked(Connection.disconnected)

            /// Connects `upstream` while it has subscribers.
            public init(upstream: Upstream) {
                self.upstream = upstream
            }

            /// Subscribes `subscriber` to the upstream, then connects the upstream if it is not
            /// connected. As Combine's: `subscriber` gets the upstream's own subscription; a
            /// subscriber counts until it cancels (a completion does not end the count); one
            /// that subscribes while the first connects (from inside its subscription) connects
            /// the upstream again, and the count starts from one.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let isConnected = connection.withLock { connection in
                    guard case .connected(let subscribers, let made) = connection else {
                        return false
                    }
                    connection = .connected(subscribers: subscribers + 1, connection: made)
                    return true
                }
                upstream.subscribe(AutoconnectSubscriber(parent: self, downstream: subscriber))
                guard !isConnected else { return }
                let made = upstream.connect()
                connection.withLock { $0 = .connected(subscribers: 1, connection: made) }
            }

            /// A subscriber cancels: the last disconnects the upstream.
            fileprivate func subscriberCancels() {
                let ended = connection.withLock { connection -> (any Cancellable)? in
                    guard case .connected(let subscribers, let made) = connection else {
                        return nil
                    }
                    guard subscribers <= 1 else {
                        connection = .connected(subscribers: subscribers - 1, connection: made)
                        return nil
                    }
                    connection = .disconnected
                    return made
                }
                ended?.cancel()
            }
        }
    }

    /// The subscriber `autoconnect` attaches to its upstream, as Combine's: it hands its
    /// subscriber the upstream's subscription, wrapped only to count its cancel, and passes
    /// every event on as it comes.
    private struct AutoconnectSubscriber<Upstream: ConnectablePublisher, Downstream: Subscriber>:
        Subscriber, CombineReflecting
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let combineIdentifier = CombineIdentifier()
        let parent: Publishers.Autoconnect<Upstream>
        let downstream: Downstream

        /// "Autoconnect", as Combine's.
        var description: String { "Autoconnect" }

        /// The publisher and the subscriber, as Combine's shows them.
        var customMirror: Mirror {
            Mirror(self, children: [("parent", parent as Any), ("downstream", downstream)])
        }

        func receive(subscription: any Subscription) {
            downstream.receive(
                subscription: AutoconnectSubscription(upstream: subscription, parent: parent))
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }

    /// The upstream's subscription as an `autoconnect` subscriber gets it: the same identifier,
    /// name and requests; a cancel also tells the publisher, so the last disconnects.
    private struct AutoconnectSubscription<Upstream: ConnectablePublisher>: Subscription,
        CustomStringConvertible, CustomPlaygroundDisplayConvertible
    {
        let upstream: any Subscription
        let parent: Publishers.Autoconnect<Upstream>

        var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }
        var description: String { String(describing: upstream) }
        var playgroundDescription: Any { description }

        func request(_ demand: Subscribers.Demand) {
            upstream.request(demand)
        }

        func cancel() {
            parent.subscriberCancels()
            upstream.cancel()
        }
    }
#endif
