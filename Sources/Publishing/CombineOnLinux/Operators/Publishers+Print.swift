// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that prints a line for each event (subscription, demand, value,
        /// completion, cancel), forwarding every event unchanged.
        public struct Print<Upstream: Publisher>: Publisher {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// Starts each line.
            public let prefix: String
            /// The publisher whose events are printed.
            public let upstream: Upstream
            /// Where to print; standard output if `nil`.
            public let stream: (any TextOutputStream)?

            /// Creates a publisher that prints a line for each event.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose events are printed.
            ///   - prefix: Starts each line.
            ///   - stream: Where to print; standard output if `nil`.
            public init(
                upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil
            ) {
                self.upstream = upstream
                self.prefix = prefix
                self.stream = stream
            }

            /// Attaches `subscriber`, printing each event on the way; its demand goes to the
            /// upstream.
            ///
            /// - Parameter subscriber: The subscriber to attach.
            public func receive<Downstream: Subscriber>(subscriber: Downstream)
            where Downstream.Input == Output, Downstream.Failure == Failure {
                let lead = prefix.isEmpty ? "" : "\(prefix): "
                let output = PrintTarget(stream)
                let hooks = EventHooks<Output, Failure>(
                    subscription: { output.write("\(lead)receive subscription: (\($0))") },
                    output: { output.write("\(lead)receive value: (\($0))") },
                    // As Apple's: a value's demand is printed only when it asks for more (its
                    // documented example prints no line after each value a sink receives).
                    demandAfterOutput: {
                        output.write("\(lead)request \(describe($0)) (synchronous)")
                    },
                    completion: { completion in
                        switch completion {
                        case .finished: output.write("\(lead)receive finished")
                        case .failure(let error): output.write("\(lead)receive error: (\(error))")
                        }
                    },
                    cancel: { output.write("\(lead)receive cancel") },
                    request: { output.write("\(lead)request \(describe($0))") })
                // Every event is printed, even one after the end, as Combine's `print` does.
                upstream.subscribe(
                    ObservedSubscription(subscriber, of: Self.self, hooks: hooks, for: .always))
            }
        }
    }

    extension Publisher {
        /// Prints a line for each event (subscription, demand, value, completion, cancel),
        /// forwarding every event unchanged.
        ///
        /// ```swift
        /// [1, 2].publisher.print("n").sink { _ in }
        /// // n: receive subscription: ([1, 2])
        /// // n: request unlimited
        /// // n: receive value: (1)
        /// // n: receive value: (2)
        /// // n: receive finished
        /// ```
        ///
        /// - Parameters:
        ///   - prefix: Starts each line.
        ///   - stream: Where to print; standard output if `nil`.
        /// - Returns: A publisher with the same events.
        public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil)
            -> Publishers.Print<Self>
        {
            Publishers.Print(upstream: self, prefix: prefix, to: stream)
        }
    }

    /// How `print` writes a demand: "unlimited" or "max: (n)", as Combine's does.
    private func describe(_ demand: Subscribers.Demand) -> String {
        demand.max.map { "max: (\($0))" } ?? "unlimited"
    }

    /// Where `print(_:to:)` writes its lines.
    private final class PrintTarget {
        private var stream: (any TextOutputStream)?

        init(_ stream: (any TextOutputStream)?) {
            self.stream = stream
        }

        func write(_ line: String) {
            guard stream != nil else { return Swift.print(line) }
            // Through `print(_:to:)`, as Combine's: the stream sees its writes (the line, then
            // its end, apart), not one string of this package's making.
            var lines = Lines(target: self)
            Swift.print(line, to: &lines)
        }

        /// `print(_:to:)`'s stream: each write goes on to the user's stream, which keeps what
        /// it does with it from one line to the next.
        private struct Lines: TextOutputStream {
            let target: PrintTarget

            mutating func write(_ string: String) {
                target.stream?.write(string)
            }
        }
    }
#endif
