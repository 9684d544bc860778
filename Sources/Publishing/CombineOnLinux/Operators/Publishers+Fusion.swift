// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Combine's fused operators: an operator applied to one of its own kind returns one operator
    // of that kind around the same upstream, its closures composed, instead of a second operator
    // around the first. `subject.map(f).map(g)` is one `Publishers.Map<Subject, T>`: one step per
    // value instead of two, and the type Combine gives it, so a declaration written for one
    // platform compiles on the other. The first closure runs first; a composed test stops at
    // the first closure that rejects the value.

    extension Publishers.Map {
        /// Transforms each value with `transform` after this map's own transform, in one map.
        ///
        /// - Parameter transform: The closure applied to each value this map produces.
        /// - Returns: One map of the upstream, both transforms composed.
        @inlinable
        public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
            let first = self.transform
            return Publishers.Map<Upstream, T>(upstream: upstream) { transform(first($0)) }
        }

        /// Transforms each value with a closure that may throw, after this map's own transform,
        /// in one throwing map; a throw fails the stream.
        ///
        /// - Parameter transform: Transforms a value this map produces, or throws.
        /// - Returns: One throwing map of the upstream, both transforms composed.
        @inlinable
        public func tryMap<T>(_ transform: @escaping (Output) throws -> T)
            -> Publishers.TryMap<Upstream, T>
        {
            let first = self.transform
            return Publishers.TryMap<Upstream, T>(upstream: upstream) { try transform(first($0)) }
        }
    }

    extension Publishers.TryMap {
        /// Transforms each value with `transform` after this map's own transform, in one throwing
        /// map: a value the first transform throws on never reaches the second.
        ///
        /// - Parameter transform: The closure applied to each value this map produces.
        /// - Returns: One throwing map of the upstream, both transforms composed.
        @inlinable
        public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
            let first = self.transform
            return Publishers.TryMap<Upstream, T>(upstream: upstream) { transform(try first($0)) }
        }

        /// Transforms each value with a closure that may throw, after this map's own transform,
        /// in one throwing map; either throw fails the stream.
        ///
        /// - Parameter transform: Transforms a value this map produces, or throws.
        /// - Returns: One throwing map of the upstream, both transforms composed.
        @inlinable
        public func tryMap<T>(_ transform: @escaping (Output) throws -> T)
            -> Publishers.TryMap<Upstream, T>
        {
            let first = self.transform
            return Publishers.TryMap<Upstream, T>(upstream: upstream) {
                try transform(try first($0))
            }
        }
    }

    extension Publishers.Filter {
        /// Forwards the values that pass this filter's test and then `isIncluded`, in one filter.
        ///
        /// - Parameter isIncluded: The second test, asked only of the values that pass the first.
        /// - Returns: One filter of the upstream, both tests composed.
        @inlinable
        public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream>
        {
            let first = self.isIncluded
            return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
        }

        /// Forwards the values that pass this filter's test and then a test that may throw, in one
        /// throwing filter; a throw fails the stream.
        ///
        /// - Parameter isIncluded: The second test, asked only of the values that pass the first,
        ///   or throws.
        /// - Returns: One throwing filter of the upstream, both tests composed.
        @inlinable
        public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool)
            -> Publishers.TryFilter<Upstream>
        {
            let first = self.isIncluded
            return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
        }
    }

    extension Publishers.TryFilter {
        /// Forwards the values that pass this filter's test and then `isIncluded`, in one throwing
        /// filter.
        ///
        /// - Parameter isIncluded: The second test, asked only of the values that pass the first.
        /// - Returns: One throwing filter of the upstream, both tests composed.
        @inlinable
        public func filter(_ isIncluded: @escaping (Output) -> Bool)
            -> Publishers.TryFilter<Upstream>
        {
            let first = self.isIncluded
            return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
        }

        /// Forwards the values that pass this filter's test and then a test that may throw, in one
        /// throwing filter; either throw fails the stream.
        ///
        /// - Parameter isIncluded: The second test, asked only of the values that pass the first,
        ///   or throws.
        /// - Returns: One throwing filter of the upstream, both tests composed.
        @inlinable
        public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool)
            -> Publishers.TryFilter<Upstream>
        {
            let first = self.isIncluded
            return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
        }
    }

    extension Publishers.CompactMap {
        /// Transforms each non-`nil` result of this transform with `transform`, in one compact map.
        ///
        /// - Parameter transform: Turns a value this map produces into a value, or into `nil`.
        /// - Returns: One compact map of the upstream, both transforms composed.
        @inlinable
        public func compactMap<T>(_ transform: @escaping (Output) -> T?)
            -> Publishers.CompactMap<Upstream, T>
        {
            let first = self.transform
            return Publishers.CompactMap<Upstream, T>(upstream: upstream) {
                first($0).flatMap(transform)
            }
        }

        /// Transforms each non-`nil` result of this transform with `transform`, in one compact map.
        ///
        /// - Parameter transform: The closure applied to each value this map produces.
        /// - Returns: One compact map of the upstream, both transforms composed.
        @inlinable
        public func map<T>(_ transform: @escaping (Output) -> T)
            -> Publishers.CompactMap<Upstream, T>
        {
            let first = self.transform
            return Publishers.CompactMap<Upstream, T>(upstream: upstream) {
                first($0).map(transform)
            }
        }
    }

    extension Publishers.TryCompactMap {
        /// Transforms each non-`nil` result of this transform with a closure that may throw, in
        /// one throwing compact map; either throw fails the stream.
        ///
        /// - Parameter transform: Turns a value this map produces into a value or `nil`, or
        ///   throws.
        /// - Returns: One throwing compact map of the upstream, both transforms composed.
        @inlinable
        public func compactMap<T>(_ transform: @escaping (Output) throws -> T?)
            -> Publishers.TryCompactMap<Upstream, T>
        {
            let first = self.transform
            return Publishers.TryCompactMap<Upstream, T>(upstream: upstream) {
                try first($0).flatMap(transform)
            }
        }
    }

    extension Publishers.SetFailureType {
        /// The same upstream typed with another failure type: one operator, not one around another.
        ///
        /// - Parameter failure: The failure type to take on instead.
        /// - Returns: The upstream, typed as failing with `E`.
        @inlinable
        public func setFailureType<E: Error>(to failure: E.Type)
            -> Publishers.SetFailureType<Upstream, E>
        {
            Publishers.SetFailureType<Upstream, E>(upstream: upstream)
        }
    }
#endif
