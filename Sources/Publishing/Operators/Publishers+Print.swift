// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publisher {
        /// Prints each event (value, completion, cancel) as it passes, forwarding it unchanged.
        ///
        /// - Parameters:
        ///   - prefix: Starts each line.
        ///   - stream: Where to print; standard output if `nil`.
        /// - Returns: A publisher with the same events.
        public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil)
            -> Publishers.HandleEvents<Self>
        {
            let lead = prefix.isEmpty ? "" : "\(prefix): "
            let output = PrintTarget(stream)
            return handleEvents(
                receiveOutput: { output.write("\(lead)receive value: (\($0))") },
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: output.write("\(lead)receive finished")
                    case .failure(let error): output.write("\(lead)receive error: (\(error))")
                    }
                },
                receiveCancel: { output.write("\(lead)receive cancel") }
            )
        }
    }

    /// Where `print(_:to:)` writes its lines.
    private final class PrintTarget {
        private var stream: (any TextOutputStream)?

        init(_ stream: (any TextOutputStream)?) {
            self.stream = stream
        }

        func write(_ line: String) {
            if stream != nil {
                stream!.write(line + "\n")
            } else {
                Swift.print(line)
            }
        }
    }
#endif
