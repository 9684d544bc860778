// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publisher {
        /// Sends how many values the upstream sent, once it finishes.
        ///
        /// - Returns: A publisher of one count.
        public func count() -> Publishers.Reduce<Self, Int> {
            reduce(0) { count, _ in count + 1 }
        }
    }
#endif
