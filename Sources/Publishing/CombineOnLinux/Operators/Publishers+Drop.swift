// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that skips a number of upstream values, then forwards the rest.
        public struct Drop<Upstream: Publisher>: StepOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose first values are skipped.
            public let upstream: Upstream
            /// How many values to skip.
            public let count: Int

            /// Skips the first `count` values of `upstream`, then forwards the rest.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose first values are skipped.
            ///   - count: How many values to skip.
            public init(upstream: Upstream, count: Int) {
                self.upstream = upstream
                self.count = count
            }

            /// Subscribes to the upstream publisher, skipping the first ``count`` values.
            /// Drops the first `count` values, then sends the rest.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                // At subscription, as Combine checks it: making the publisher does not stop.
                precondition(
                    count >= 0, "dropFirst(_:) needs a count of zero or more, not \(count)")
                // Per subscription; deliveries to one subscription never overlap.
                var remaining = count
                var steps = Steps<Upstream.Output, Failure, Output, Failure> { value, downstream in
                    if remaining > 0 {
                        remaining -= 1
                    } else {
                        downstream.send(value)
                    }
                }
                // As Combine's: the values to drop are asked for at once, whatever the
                // subscriber asks.
                steps.droppedUpFront = count
                steps.requiresDemand = true
                return steps
            }
        }
    }

    extension Publishers.Drop: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Skips the first `count` values, then forwards the rest.
        ///
        /// - Parameter count: How many values to skip; `1` by default. Must not be negative:
        ///   a negative count stops the program when the publisher is subscribed to.
        /// - Returns: A publisher of the values after the first `count`.
        ///
        /// ```swift
        /// viewModel.$isLoading.dropFirst()   // skips the current value
        /// ```
        public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
            Publishers.Drop(upstream: self, count: count)
        }
    }
#endif
