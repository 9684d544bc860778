// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that forwards the upstream values whose positions fall in a range, then
        /// finishes.
        public struct Output<Upstream: Publisher>: StepOperator {
            /// The upstream publisher's output type.
            public typealias Output = Upstream.Output
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are picked.
            public let upstream: Upstream
            /// The positions, counted from zero, of the values to forward.
            public let range: CountableRange<Int>

            /// Forwards the values of `upstream` at the positions in `range`.
            public init(upstream: Upstream, range: CountableRange<Int>) {
                precondition(
                    range.lowerBound >= 0, "Positions start at zero, not \(range.lowerBound)")
                self.upstream = upstream
                self.range = range
            }

            /// Subscribes to the upstream; the first value after the range finishes and cancels it.
            ///
            /// As in Combine, the stream ends when a value past the range arrives, not with the
            /// range's last value: a `prefix(1)` of a subject finishes on its second send.
            /// Sends the values at positions in the range; finishes at the value after it.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                let range = range
                var position = 0
                return Steps { value, downstream in
                    // Counted before it is sent: a value sent from inside its delivery comes at
                    // once, and takes the next position.
                    let current = position
                    position += 1
                    if current >= range.upperBound {
                        downstream.finish()
                    } else if current >= range.lowerBound {
                        downstream.send(value)
                    }
                }
            }
        }
    }

    extension Publishers.Output: Equatable where Upstream: Equatable {}

    extension Publisher {
        /// Forwards the first `maxLength` values, then finishes.
        ///
        /// - Parameter maxLength: How many values to forward. Must not be negative.
        /// - Returns: A publisher of at most `maxLength` values.
        public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
            precondition(
                maxLength >= 0, "prefix(_:) needs a length of zero or more, not \(maxLength)")
            return Publishers.Output(upstream: self, range: 0..<maxLength)
        }

        /// Forwards only the value at `index` (counted from zero), then finishes.
        ///
        /// - Parameter index: The position of the value.
        /// - Returns: A publisher of at most one value.
        public func output(at index: Int) -> Publishers.Output<Self> {
            Publishers.Output(upstream: self, range: index..<(index + 1))
        }

        /// Forwards the values at the positions in `range` (counted from zero), then finishes.
        ///
        /// - Parameter range: The positions, such as `2...4` or `3...`.
        /// - Returns: A publisher of the values in the range.
        public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self>
        where R.Bound == Int {
            Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
        }
    }

    /// Cancels an upstream subscription that may end before `sink` has even returned it.
    ///
    /// An upstream with a current value delivers it inside `sink`, so an operator may decide to
    /// cancel before it holds the upstream's cancellable; the cancel is then applied on `attach`.
    final class UpstreamLink {
        private enum State {
            case waiting
            case attached(AnyCancellable)
            case cancelled
        }

        private let state = Locked(State.waiting)

        func attach(_ cancellable: AnyCancellable) {
            let isCancelled = state.withLock { state -> Bool in
                guard case .waiting = state else { return true }
                state = .attached(cancellable)
                return false
            }
            if isCancelled { cancellable.cancel() }
        }

        func cancel() {
            let previous = state.withLock { state -> State in
                defer { state = .cancelled }
                return state
            }
            if case .attached(let cancellable) = previous { cancellable.cancel() }
        }
    }
#endif
