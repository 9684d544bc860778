// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher that encodes each of its upstream's values; an encoding error fails it.
        public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: StepOperator
        where Upstream.Output: Encodable {
            /// The encoder's output, such as `Data`.
            public typealias Output = Coder.Output
            /// Any error: the upstream's, or the encoder's.
            public typealias Failure = any Error

            /// The publisher whose values are encoded.
            public let upstream: Upstream
            /// Encodes one value.
            private let encode: (Upstream.Output) throws -> Output

            /// Encodes `upstream`'s values with `encoder`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are encoded.
            ///   - encoder: The encoder.
            public init(upstream: Upstream, encoder: Coder) {
                self.upstream = upstream
                encode = { try encoder.encode($0) }
            }

            /// Encodes each value, as `tryMap` would: an error fails the stream and cancels the
            /// upstream; demand is passed on.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                upstream.tryMap(encode).makeSteps().handling(beforeSubscription: .handled)
                    .handling(afterEnd: .ignored).reflecting(codingMirrorChildren)
            }
        }

        /// A publisher that decodes each of its upstream's values; a decoding error fails it.
        public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>:
            StepOperator
        where Upstream.Output == Coder.Input {
            /// Any error: the upstream's, or the decoder's.
            public typealias Failure = any Error

            /// The publisher whose values are decoded.
            public let upstream: Upstream
            /// Decodes one value.
            private let decode: (Upstream.Output) throws -> Output

            /// Decodes `upstream`'s values with `decoder`.
            ///
            /// - Parameters:
            ///   - upstream: The publisher whose values are decoded.
            ///   - decoder: The decoder, whose input is the upstream's output.
            public init(upstream: Upstream, decoder: Coder) {
                self.upstream = upstream
                decode = { try decoder.decode(Output.self, from: $0) }
            }

            /// Decodes each value, as `tryMap` would: an error fails the stream and cancels the
            /// upstream; demand is passed on.
            @usableFromInline
            package func makeSteps() -> Steps<Upstream.Output, Upstream.Failure, Output, Failure> {
                upstream.tryMap(decode).makeSteps().handling(beforeSubscription: .handled)
                    .handling(afterEnd: .ignored).reflecting(codingMirrorChildren)
            }
        }
    }

    extension Publisher {
        /// Decodes each value with `decoder`; a decoding error fails the stream.
        ///
        /// ```swift
        /// session.dataTaskPublisher(for: url).map(\.data).decode(type: [Item].self, decoder: JSONDecoder())
        /// ```
        ///
        /// - Parameters:
        ///   - type: The type to decode.
        ///   - decoder: The decoder, whose input is this publisher's output.
        /// - Returns: A publisher of decoded values, failing with `any Error`.
        public func decode<Item: Decodable, Coder: TopLevelDecoder>(type: Item.Type, decoder: Coder)
            -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input
        {
            Publishers.Decode(upstream: self, decoder: decoder)
        }

        /// Encodes each value with `encoder`; an encoding error fails the stream.
        ///
        /// - Parameter encoder: The encoder.
        /// - Returns: A publisher of encoded values, failing with `any Error`.
        public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder>
        where Output: Encodable {
            Publishers.Encode(upstream: self, encoder: encoder)
        }
    }

    /// What Combine's `encode` and `decode` subscriptions show in a mirror.
    private func codingMirrorChildren(_ parts: StepMirrorParts) -> [Mirror.Child] {
        [
            ("downstream", parts.downstream), ("finished", parts.isFinished),
            ("upstreamSubscription", parts.upstream as Any),
        ]
    }
#endif
