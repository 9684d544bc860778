// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
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

            /// As Combine's: asking for no values stops the program.
            @usableFromInline
            package var trapsOnZeroDemand: Bool { true }

            /// Publishes `output`, then `.finished`.
            public init(_ output: Success) {
                result = .success(output)
            }

            /// Publishes the failure `failure`.
            public init(_ failure: Failure) {
                result = .failure(failure)
            }

            /// Attaches `subscriber`, as Combine's: a value is sent, with `.finished`, at its
            /// first request; a failure at once, after the empty subscription.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Success, Downstream.Failure == Failure {
                switch result {
                case .success(let value):
                    attachOnce(subscriber, value: value, completion: .finished)
                case .failure(let error):
                    attachOnce(subscriber, value: nil, completion: .failure(error))
                }
            }

            /// Sends the value then `.finished`, or the failure.
            @usableFromInline
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

    extension Result.Publisher: Equatable where Output: Equatable, Failure: Equatable {}

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

            /// As Combine's: asking for no values stops the program.
            @usableFromInline
            package var trapsOnZeroDemand: Bool { true }

            /// Attaches `subscriber`, as Combine's: a value is sent, with `.finished`, at its
            /// first request; with no value, `.finished` at once, after the empty subscription.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Wrapped, Downstream.Failure == Never {
                attachOnce(subscriber, value: output, completion: .finished)
            }

            /// Sends the value if there is one, then `.finished`.
            @usableFromInline
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

    extension Optional.Publisher: Equatable where Wrapped: Equatable {}
#endif
