// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Merging into a merge makes one merge of all the upstreams, as in Combine:
    // `a.merge(with: b).merge(with: c)` is a `Merge3<A, B, C>`.

    extension Publishers.Merge {
        /// Merges one more publisher into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameter z: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher>(with z: Z)
            -> Publishers.Merge3<A, B, Z>
        where B.Output == Z.Output, B.Failure == Z.Failure {
            Publishers.Merge3(a, b, z)
        }

        /// Merges two more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y)
            -> Publishers.Merge4<A, B, Z, Y>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure
        {
            Publishers.Merge4(a, b, z, y)
        }

        /// Merges three more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        ///   - x: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Publishers.Merge5<A, B, Z, Y, X>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure, Y.Output == X.Output, Y.Failure == X.Failure
        {
            Publishers.Merge5(a, b, z, y, x)
        }

        /// Merges four more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        ///   - x: Another publisher.
        ///   - w: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W
        )
            -> Publishers.Merge6<A, B, Z, Y, X, W>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure, Y.Output == X.Output, Y.Failure == X.Failure,
            X.Output == W.Output, X.Failure == W.Failure
        {
            Publishers.Merge6(a, b, z, y, x, w)
        }

        /// Merges five more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        ///   - x: Another publisher.
        ///   - w: Another publisher.
        ///   - v: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
        )
            -> Publishers.Merge7<A, B, Z, Y, X, W, V>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure, Y.Output == X.Output, Y.Failure == X.Failure,
            X.Output == W.Output, X.Failure == W.Failure, W.Output == V.Output,
            W.Failure == V.Failure
        {
            Publishers.Merge7(a, b, z, y, x, w, v)
        }

        /// Merges six more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        ///   - x: Another publisher.
        ///   - w: Another publisher.
        ///   - v: Another publisher.
        ///   - u: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<
            Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher, U: Publisher
        >(with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V, _ u: U)
            -> Publishers.Merge8<A, B, Z, Y, X, W, V, U>
        where
            B.Output == Z.Output, B.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure, Y.Output == X.Output, Y.Failure == X.Failure,
            X.Output == W.Output, X.Failure == W.Failure, W.Output == V.Output,
            W.Failure == V.Failure, V.Output == U.Output, V.Failure == U.Failure
        {
            Publishers.Merge8(a, b, z, y, x, w, v, u)
        }
    }

    extension Publishers.Merge3 {
        /// Merges one more publisher into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameter z: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher>(with z: Z)
            -> Publishers.Merge4<A, B, C, Z>
        where C.Output == Z.Output, C.Failure == Z.Failure {
            Publishers.Merge4(a, b, c, z)
        }

        /// Merges two more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y)
            -> Publishers.Merge5<A, B, C, Z, Y>
        where
            C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure
        {
            Publishers.Merge5(a, b, c, z, y)
        }

        /// Merges three more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        ///   - x: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Publishers.Merge6<A, B, C, Z, Y, X>
        where
            C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure, Y.Output == X.Output, Y.Failure == X.Failure
        {
            Publishers.Merge6(a, b, c, z, y, x)
        }

        /// Merges four more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        ///   - x: Another publisher.
        ///   - w: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W
        )
            -> Publishers.Merge7<A, B, C, Z, Y, X, W>
        where
            C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure, Y.Output == X.Output, Y.Failure == X.Failure,
            X.Output == W.Output, X.Failure == W.Failure
        {
            Publishers.Merge7(a, b, c, z, y, x, w)
        }

        /// Merges five more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        ///   - x: Another publisher.
        ///   - w: Another publisher.
        ///   - v: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher, V: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W, _ v: V
        )
            -> Publishers.Merge8<A, B, C, Z, Y, X, W, V>
        where
            C.Output == Z.Output, C.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure, Y.Output == X.Output, Y.Failure == X.Failure,
            X.Output == W.Output, X.Failure == W.Failure, W.Output == V.Output,
            W.Failure == V.Failure
        {
            Publishers.Merge8(a, b, c, z, y, x, w, v)
        }
    }

    extension Publishers.Merge4 {
        /// Merges one more publisher into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameter z: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher>(with z: Z)
            -> Publishers.Merge5<A, B, C, D, Z>
        where D.Output == Z.Output, D.Failure == Z.Failure {
            Publishers.Merge5(a, b, c, d, z)
        }

        /// Merges two more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y)
            -> Publishers.Merge6<A, B, C, D, Z, Y>
        where
            D.Output == Z.Output, D.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure
        {
            Publishers.Merge6(a, b, c, d, z, y)
        }

        /// Merges three more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        ///   - x: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Publishers.Merge7<A, B, C, D, Z, Y, X>
        where
            D.Output == Z.Output, D.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure, Y.Output == X.Output, Y.Failure == X.Failure
        {
            Publishers.Merge7(a, b, c, d, z, y, x)
        }

        /// Merges four more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        ///   - x: Another publisher.
        ///   - w: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher, W: Publisher>(
            with z: Z, _ y: Y, _ x: X, _ w: W
        )
            -> Publishers.Merge8<A, B, C, D, Z, Y, X, W>
        where
            D.Output == Z.Output, D.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure, Y.Output == X.Output, Y.Failure == X.Failure,
            X.Output == W.Output, X.Failure == W.Failure
        {
            Publishers.Merge8(a, b, c, d, z, y, x, w)
        }
    }

    extension Publishers.Merge5 {
        /// Merges one more publisher into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameter z: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher>(with z: Z)
            -> Publishers.Merge6<A, B, C, D, E, Z>
        where E.Output == Z.Output, E.Failure == Z.Failure {
            Publishers.Merge6(a, b, c, d, e, z)
        }

        /// Merges two more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y)
            -> Publishers.Merge7<A, B, C, D, E, Z, Y>
        where
            E.Output == Z.Output, E.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure
        {
            Publishers.Merge7(a, b, c, d, e, z, y)
        }

        /// Merges three more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        ///   - x: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher, X: Publisher>(with z: Z, _ y: Y, _ x: X)
            -> Publishers.Merge8<A, B, C, D, E, Z, Y, X>
        where
            E.Output == Z.Output, E.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure, Y.Output == X.Output, Y.Failure == X.Failure
        {
            Publishers.Merge8(a, b, c, d, e, z, y, x)
        }
    }

    extension Publishers.Merge6 {
        /// Merges one more publisher into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameter z: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher>(with z: Z)
            -> Publishers.Merge7<A, B, C, D, E, F, Z>
        where F.Output == Z.Output, F.Failure == Z.Failure {
            Publishers.Merge7(a, b, c, d, e, f, z)
        }

        /// Merges two more publishers into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameters:
        ///   - z: Another publisher.
        ///   - y: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher, Y: Publisher>(with z: Z, _ y: Y)
            -> Publishers.Merge8<A, B, C, D, E, F, Z, Y>
        where
            F.Output == Z.Output, F.Failure == Z.Failure, Z.Output == Y.Output,
            Z.Failure == Y.Failure
        {
            Publishers.Merge8(a, b, c, d, e, f, z, y)
        }
    }

    extension Publishers.Merge7 {
        /// Merges one more publisher into this merge, as Combine's `merge(with:)` does.
        ///
        /// - Parameter z: Another publisher.
        /// - Returns: One merge of all of them.
        public func merge<Z: Publisher>(with z: Z)
            -> Publishers.Merge8<A, B, C, D, E, F, G, Z>
        where G.Output == Z.Output, G.Failure == Z.Failure {
            Publishers.Merge8(a, b, c, d, e, f, g, z)
        }
    }

    extension Publishers.MergeMany {
        /// Merges one more upstream into this merge.
        ///
        /// - Parameter other: Another upstream.
        /// - Returns: One merge of all of them.
        public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
            Publishers.MergeMany(publishers + [other])
        }
    }

    extension Publisher {
        /// Merges this publisher's values with another's of the same type, as they come.
        ///
        /// - Parameter other: Another publisher of this type.
        /// - Returns: A publisher that fails with the first failure and finishes once both have.
        public func merge(with other: Self) -> Publishers.MergeMany<Self> {
            Publishers.MergeMany(self, other)
        }
    }
#endif
