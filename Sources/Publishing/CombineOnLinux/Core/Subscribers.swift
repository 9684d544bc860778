// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A namespace for subscribers and for the types that describe what a subscriber receives.
    public enum Subscribers {
        /// How a publisher ended: normally, or with an error.
        public enum Completion<Failure: Error> {
            /// The publisher finished normally and will send no more values.
            case finished
            /// The publisher stopped because of an error and will send no more values.
            case failure(Failure)
        }
    }

    extension Subscribers.Completion: Sendable where Failure: Sendable {}
    extension Subscribers.Completion: Equatable where Failure: Equatable {}
    extension Subscribers.Completion: Hashable where Failure: Hashable {}

    // Combine's format, so a completion encoded on one platform decodes on the other:
    // `{"success":true}`, or `{"success":false,"error":…}`.
    extension Subscribers.Completion {
        private enum CodingKeys: String, CodingKey {
            case success
            case error
        }
    }

    extension Subscribers.Completion: Encodable where Failure: Encodable {
        /// Encodes whether the publisher finished and, if it failed, the error.
        ///
        /// - Parameter encoder: The encoder to write to.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .finished:
                try container.encode(true, forKey: .success)
            case .failure(let error):
                try container.encode(false, forKey: .success)
                try container.encode(error, forKey: .error)
            }
        }
    }

    extension Subscribers.Completion: Decodable where Failure: Decodable {
        /// Decodes a completion; the error is read only when `success` is `false`.
        ///
        /// - Parameter decoder: The decoder to read from.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if try container.decode(Bool.self, forKey: .success) {
                self = .finished
            } else {
                self = .failure(try container.decode(Failure.self, forKey: .error))
            }
        }
    }
#endif
