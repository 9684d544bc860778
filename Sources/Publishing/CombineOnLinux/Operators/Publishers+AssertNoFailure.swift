// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that stops the program if its upstream fails.
        public struct AssertNoFailure<Upstream: Publisher>: StepOperator {
            /// The upstream's output type.
            public typealias Output = Upstream.Output
            /// It cannot fail: a failure stops the program.
            public typealias Failure = Never

            /// The publisher that must not fail.
            public let upstream: Upstream
            /// Starts the message a failure stops the program with.
            public let prefix: String
            /// The file of the call.
            public let file: StaticString
            /// The line of the call.
            public let line: UInt

            /// Stops the program if `upstream` fails, with a message that starts with `prefix`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher that must not fail.
            ///   - prefix: Starts the message a failure stops the program with.
            ///   - file: The file named in the message.
            ///   - line: The line named in the message.
            public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
                self.upstream = upstream
                self.prefix = prefix
                self.file = file
                self.line = line
            }

            /// Subscribes to the upstream; a failure is a fatal error naming it.
            /// Sends each value; stops the program on a failure.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let (prefix, file, line) = (prefix, file, line)
                return Steps(
                    value: { value, downstream in downstream.send(value) },
                    completion: { completion, downstream in
                        if case .failure(let error) = completion {
                            let lead = prefix.isEmpty ? "" : "\(prefix) "
                            fatalError(
                                "\(lead)Unexpected failure: \(error)", file: file, line: line)
                        }
                        downstream.finish()
                    }
                )
            }
        }
    }

    extension Publisher {
        /// Stops the program if the upstream fails: for publishers that must not.
        ///
        /// - Parameters:
        ///   - prefix: Starts the failure's message.
        ///   - file: The file of the call.
        ///   - line: The line of the call.
        /// - Returns: A publisher that cannot fail.
        public func assertNoFailure(
            _ prefix: String = "", file: StaticString = #file, line: UInt = #line
        ) -> Publishers.AssertNoFailure<Self> {
            Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
        }
    }
#endif
