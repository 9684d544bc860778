// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Foundation's publishers, as Combine adds them: notifications, URL loading, coding.
    public import Foundation

    #if canImport(FoundationNetworking)
        public import FoundationNetworking
    #endif

    extension NotificationCenter {
        /// A publisher of the notifications named `name` (from `object`, if given).
        ///
        /// ```swift
        /// NotificationCenter.default.publisher(for: .userDidSignOut)
        ///     .sink { [weak self] _ in self?.reset() }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The notifications to receive.
        ///   - object: Only notifications from this object; any sender if `nil`.
        /// - Returns: A publisher that never finishes; cancelling removes the observer.
        public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> Publisher {
            Publisher(center: self, name: name, object: object)
        }

        /// A publisher of a notification center's notifications of one name.
        public struct Publisher: Publishing.ClosurePublisher {
            /// Each notification posted.
            public typealias Output = Notification
            /// It cannot fail.
            public typealias Failure = Never

            /// A notification posted while the subscriber has asked for none is dropped, as
            /// Combine's is.
            @usableFromInline
            package var valuesWithoutDemand: ValuesWithoutDemand { .dropped }

            /// The center observed.
            public let center: NotificationCenter
            /// The notifications received.
            public let name: Notification.Name
            /// Only notifications from this object; any sender if `nil`.
            public let object: AnyObject?

            /// Observes `name` (from `object`) on `center`.
            public init(
                center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil
            ) {
                self.center = center
                self.name = name
                self.object = object
            }

            /// Adds an observer; each notification is delivered on the thread that posts it, one
            /// at a time.
            @usableFromInline
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
                receiveValue: @escaping (Notification) -> Void
            ) -> AnyCancellable {
                let gate = Gate(
                    (), receiveValue: receiveValue, receiveCompletion: receiveCompletion)
                let observer = center.addObserver(forName: name, object: object, queue: nil) {
                    notification in
                    gate.update { _, outbox in outbox.send(notification) }
                }
                let center = center
                return AnyCancellable {
                    center.removeObserver(observer)
                    gate.cancel()
                }
            }
        }
    }

    extension NotificationCenter.Publisher: Equatable {
        /// Whether two publishers observe the same center, for the same name, from the same
        /// object (each compared by identity), as Combine's are equal.
        public static func == (
            lhs: NotificationCenter.Publisher, rhs: NotificationCenter.Publisher
        ) -> Bool {
            lhs.center === rhs.center && lhs.name == rhs.name && lhs.object === rhs.object
        }
    }

    extension URLSession {
        /// A publisher that loads `url`'s data once per subscriber.
        ///
        /// - Parameter url: What to load.
        /// - Returns: A publisher of the data and response, or a `URLError`.
        public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
            DataTaskPublisher(request: URLRequest(url: url), session: self)
        }

        /// A publisher that performs `request` once per subscriber.
        ///
        /// - Parameter request: What to load.
        /// - Returns: A publisher of the data and response, or a `URLError`.
        public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
            DataTaskPublisher(request: request, session: self)
        }

        /// A publisher of one data task's result.
        public struct DataTaskPublisher: Publishing.Publisher {
            /// The loaded data and the response.
            public typealias Output = (data: Data, response: URLResponse)
            /// Why loading failed.
            public typealias Failure = URLError

            /// The request performed.
            public let request: URLRequest
            /// The session that performs it.
            public let session: URLSession

            /// Performs `request` on `session` for each subscriber.
            public init(request: URLRequest, session: URLSession) {
                self.request = request
                self.session = session
            }

            /// Attaches `subscriber`; its first request makes the data task, and each request
            /// resumes it, as Combine's does. Cancelling before the result cancels the task.
            /// The result arrives on the session's delegate queue.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                subscriber.receive(subscription: DataTaskSubscription(subscriber, parent: self))
            }
        }
    }

    /// A decoder that `decode(type:decoder:)` can use, such as `JSONDecoder`.
    public protocol TopLevelDecoder {
        /// What it decodes from, such as `Data`.
        associatedtype Input
        /// Decodes a value of `type` from `from`.
        func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
    }

    /// An encoder that `encode(encoder:)` can use, such as `JSONEncoder`.
    public protocol TopLevelEncoder {
        /// What it encodes to, such as `Data`.
        associatedtype Output
        /// Encodes `value`.
        func encode<T: Encodable>(_ value: T) throws -> Output
    }

    extension JSONDecoder: TopLevelDecoder {}
    extension JSONEncoder: TopLevelEncoder {}
    extension PropertyListDecoder: TopLevelDecoder {}
    extension PropertyListEncoder: TopLevelEncoder {}
#endif
