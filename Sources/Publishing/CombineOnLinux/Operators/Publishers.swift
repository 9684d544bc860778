// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A namespace for the publishers that operators such as `map` and `filter` return.
    public enum Publishers {}
#endif
