// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publisher {
        /// Sends the value at `keyPath` of each value.
        ///
        /// - Parameter keyPath: The property to read.
        /// - Returns: A publisher of the property's values.
        public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.Map<Self, T> {
            map { $0[keyPath: keyPath] }
        }

        /// Sends the values at two key paths of each value, as a pair.
        ///
        /// - Parameters:
        ///   - keyPath0: The first property to read.
        ///   - keyPath1: The second property to read.
        /// - Returns: A publisher of pairs.
        public func map<T0, T1>(_ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>)
            -> Publishers.Map<Self, (T0, T1)>
        {
            map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }
        }

        /// Sends the values at three key paths of each value, as a triple.
        ///
        /// - Parameters:
        ///   - keyPath0: The first property to read.
        ///   - keyPath1: The second property to read.
        ///   - keyPath2: The third property to read.
        /// - Returns: A publisher of triples.
        public func map<T0, T1, T2>(
            _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>,
            _ keyPath2: KeyPath<Output, T2>
        ) -> Publishers.Map<Self, (T0, T1, T2)> {
            map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }
        }
    }
#endif
