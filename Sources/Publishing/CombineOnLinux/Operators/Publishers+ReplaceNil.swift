// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publisher {
        /// Replaces each `nil` with a value.
        ///
        /// - Parameter output: The value sent in place of `nil`.
        /// - Returns: A publisher of non-optional values.
        public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
            map { $0 ?? output }
        }
    }
#endif
