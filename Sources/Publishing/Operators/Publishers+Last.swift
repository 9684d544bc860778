// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publisher {
        /// Sends the last value once the upstream finishes; nothing if it sent none.
        ///
        /// - Returns: A publisher of at most one value.
        public func last() -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output> {
            reduce(nil) { $1 }.compactMap { $0 }
        }

        /// Sends the last value that meets `predicate` once the upstream finishes.
        ///
        /// - Parameter predicate: The test each value must pass.
        /// - Returns: A publisher of at most one value.
        public func last(where predicate: @escaping (Output) -> Bool)
            -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output>
        {
            reduce(nil) { last, value in predicate(value) ? value : last }.compactMap { $0 }
        }
    }
#endif
