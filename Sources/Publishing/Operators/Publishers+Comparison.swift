// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publisher {
        /// Sends the smallest value, as `areInIncreasingOrder` orders them, once the upstream
        /// finishes.
        ///
        /// - Parameter areInIncreasingOrder: Whether the first value is smaller.
        /// - Returns: A publisher of at most one value.
        public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool)
            -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output>
        {
            reduce(nil) { least, value in
                guard let least else { return value }
                return areInIncreasingOrder(value, least) ? value : least
            }.compactMap { $0 }
        }

        /// Sends the largest value, as `areInIncreasingOrder` orders them, once the upstream
        /// finishes.
        ///
        /// - Parameter areInIncreasingOrder: Whether the first value is smaller.
        /// - Returns: A publisher of at most one value.
        public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool)
            -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output>
        {
            reduce(nil) { greatest, value in
                guard let greatest else { return value }
                return areInIncreasingOrder(greatest, value) ? value : greatest
            }.compactMap { $0 }
        }
    }

    extension Publisher where Output: Comparable {
        /// Sends the smallest value once the upstream finishes.
        ///
        /// - Returns: A publisher of at most one value.
        public func min() -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output> {
            min(by: <)
        }

        /// Sends the largest value once the upstream finishes.
        ///
        /// - Returns: A publisher of at most one value.
        public func max() -> Publishers.CompactMap<Publishers.Reduce<Self, Output?>, Output> {
            max(by: <)
        }
    }
#endif
