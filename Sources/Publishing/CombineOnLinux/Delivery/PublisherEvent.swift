// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// One event a subscription receives.
    @usableFromInline
    package enum PublisherEvent<Output, Failure: Error> {
        case value(Output)
        case completion(Subscribers.Completion<Failure>)
    }
#endif
