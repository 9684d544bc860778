// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publisher {
        /// Sends `false` at the first value that fails `predicate` (then finishes and cancels the
        /// upstream), or `true` if the upstream finishes first.
        ///
        /// - Parameter predicate: The test every value must pass.
        /// - Returns: A publisher of one Boolean.
        public func allSatisfy(_ predicate: @escaping (Output) -> Bool)
            -> Publishers.FirstWhere<Self, Bool>
        {
            Publishers.FirstWhere(
                upstream: self, decide: { predicate($0) ? nil : false }, otherwise: true)
        }
    }
#endif
