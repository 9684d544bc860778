// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that stops the program if its upstream fails.
        public struct AssertNoFailure<Upstream: Publisher>: PassThroughOperator {
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

            /// Passes each value on; stops the program on a failure. A mirror shows the
            /// message's parts, as Combine's does.
            @usableFromInline
            package func makePassing()
                -> Passing<Upstream.Output, Upstream.Failure, Output, Failure>
            {
                let (prefix, file, line) = (prefix, file, line)
                return Passing(
                    value: { $0 },
                    completion: { completion in
                        if case .failure(let error) = completion {
                            let lead = prefix.isEmpty ? "" : "\(prefix) "
                            fatalError(
                                "\(lead)Unexpected failure: \(error)", file: file, line: line)
                        }
                        return .finished
                    },
                    children: { _ in [("file", file), ("line", line), ("prefix", prefix)] })
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
