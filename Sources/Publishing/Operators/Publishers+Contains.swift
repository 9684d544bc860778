// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publisher {
        /// Sends `true` at the first value that meets `predicate` (then finishes and cancels the
        /// upstream), or `false` if the upstream finishes first.
        ///
        /// - Parameter predicate: The test a value must pass.
        /// - Returns: A publisher of one Boolean.
        public func contains(where predicate: @escaping (Output) -> Bool)
            -> Publishers.FirstWhere<Self, Bool>
        {
            Publishers.FirstWhere(
                upstream: self, decide: { predicate($0) ? true : nil }, otherwise: false)
        }
    }

    extension Publisher where Output: Equatable {
        /// Sends `true` when `output` arrives (then finishes and cancels the upstream), or `false`
        /// if the upstream finishes first.
        ///
        /// - Parameter output: The value to look for.
        /// - Returns: A publisher of one Boolean.
        public func contains(_ output: Output) -> Publishers.FirstWhere<Self, Bool> {
            contains { $0 == output }
        }
    }
#endif
