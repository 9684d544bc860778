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
#endif
