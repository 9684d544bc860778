// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // Combine's overloads on a sequence publisher that need more of its elements than a
    // sequence (comparable elements, indices, a count, a collection to add to), computed when
    // the operator is applied (see Sequence+Operators.swift). Where two apply, Swift picks the
    // more constrained, as with Combine: `[1, 2].publisher.count()` is a `Just<Int>`.

    extension Publishers.Sequence where Elements.Element: Equatable {
        /// The elements without those equal to the one before, computed now.
        ///
        /// - Returns: A publisher of the elements, no two equal ones in a row.
        @inlinable
        public func removeDuplicates() -> Publishers.Sequence<[Output], Failure> {
            var kept: [Output] = []
            for element in sequence where kept.last != element {
                kept.append(element)
            }
            return Publishers.Sequence<[Output], Failure>(sequence: kept)
        }

        /// Whether `output` is one of the elements, decided now; the rest are never read.
        ///
        /// - Parameter output: The element sought.
        /// - Returns: A publisher of the answer, then `.finished`.
        @inlinable
        public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
            Result<Bool, Failure>.Publisher(.success(sequence.contains(output)))
        }
    }

    extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
        /// The smallest element, found now; `nil` for no elements.
        ///
        /// - Returns: A publisher of the smallest element, or of nothing but `.finished`.
        @inlinable
        public func min() -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(sequence.min())
        }

        /// The largest element, found now; `nil` for no elements.
        ///
        /// - Returns: A publisher of the largest element, or of nothing but `.finished`.
        @inlinable
        public func max() -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(sequence.max())
        }
    }

    extension Publishers.Sequence where Elements: Collection, Failure == Never {
        /// The first element, read now; `nil` for an empty collection.
        ///
        /// - Returns: A publisher of the first element, or of nothing but `.finished`.
        @inlinable
        public func first() -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(sequence.first)
        }

        /// The element at `index`, read now; `nil` for an index that is not the collection's.
        ///
        /// - Parameter index: The position of the element.
        /// - Returns: A publisher of the element, or of nothing but `.finished`.
        @inlinable
        public func output(at index: Elements.Index) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
        }
    }

    extension Publishers.Sequence where Elements: Collection {
        /// The number of elements, counted now.
        ///
        /// - Returns: A publisher of the count, then `.finished`.
        @inlinable
        public func count() -> Result<Int, Failure>.Publisher {
            Result<Int, Failure>.Publisher(.success(sequence.count))
        }

        /// The elements in `range`, copied now; a range outside the collection is a programming
        /// error, as slicing the collection with it is.
        ///
        /// - Parameter range: The positions of the elements.
        /// - Returns: A publisher of those elements.
        @inlinable
        public func output(in range: Range<Elements.Index>)
            -> Publishers.Sequence<[Output], Failure>
        {
            Publishers.Sequence<[Output], Failure>(sequence: Array(sequence[range]))
        }
    }

    extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
        /// The last element, read now from the end; `nil` for an empty collection.
        ///
        /// - Returns: A publisher of the last element, or of nothing but `.finished`.
        @inlinable
        public func last() -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(sequence.last)
        }

        /// The last element that satisfies `predicate`, searched now from the end.
        ///
        /// - Parameter predicate: Whether an element is the one sought.
        /// - Returns: A publisher of that element, or of nothing but `.finished`.
        @inlinable
        public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(sequence.last(where: predicate))
        }
    }

    extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
        /// The element at `index`, read now; `nil` for an index that is not the collection's.
        ///
        /// - Parameter index: The position of the element.
        /// - Returns: A publisher of the element, or of nothing but `.finished`.
        @inlinable
        public func output(at index: Elements.Index) -> Optional<Output>.Publisher {
            Optional<Output>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
        }
    }

    extension Publishers.Sequence where Elements: RandomAccessCollection {
        /// The elements in `range`, copied now; a range outside the collection is a programming
        /// error, as slicing the collection with it is.
        ///
        /// - Parameter range: The positions of the elements.
        /// - Returns: A publisher of those elements.
        @inlinable
        public func output(in range: Range<Elements.Index>)
            -> Publishers.Sequence<[Output], Failure>
        {
            Publishers.Sequence<[Output], Failure>(sequence: Array(sequence[range]))
        }
    }

    extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
        /// The number of elements, known without reading them: a publisher that cannot fail has
        /// nothing to add, so the count is a `Just`.
        ///
        /// - Returns: A publisher of the count, then `.finished`.
        @inlinable
        public func count() -> Just<Int> {
            Just(sequence.count)
        }
    }

    extension Publishers.Sequence where Elements: RandomAccessCollection {
        /// The number of elements, known without reading them.
        ///
        /// - Returns: A publisher of the count, then `.finished`.
        @inlinable
        public func count() -> Result<Int, Failure>.Publisher {
            Result<Int, Failure>.Publisher(.success(sequence.count))
        }
    }

    extension Publishers.Sequence where Elements: RangeReplaceableCollection {
        /// `elements`, then this publisher's, in one collection of its type built now.
        ///
        /// - Parameter elements: The elements to send first.
        /// - Returns: A publisher of both, `elements` first.
        @inlinable
        public func prepend(_ elements: Output...) -> Publishers.Sequence<Elements, Failure> {
            prepend(elements)
        }

        /// `elements`, then this publisher's, in one collection of its type built now.
        ///
        /// - Parameter elements: The elements to send first.
        /// - Returns: A publisher of both, `elements` first.
        @inlinable
        public func prepend<S: Swift.Sequence>(_ elements: S)
            -> Publishers.Sequence<Elements, Failure>
        where Elements.Element == S.Element {
            var joined = Elements()
            joined.reserveCapacity(sequence.count + elements.underestimatedCount)
            joined.append(contentsOf: elements)
            joined.append(contentsOf: sequence)
            return Publishers.Sequence<Elements, Failure>(sequence: joined)
        }

        /// `publisher`'s elements, then this publisher's, in one collection built now.
        ///
        /// - Parameter publisher: The sequence publisher whose elements are sent first.
        /// - Returns: A publisher of both, `publisher`'s first.
        @inlinable
        public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>)
            -> Publishers.Sequence<Elements, Failure>
        {
            var joined = publisher.sequence
            joined.append(contentsOf: sequence)
            return Publishers.Sequence<Elements, Failure>(sequence: joined)
        }

        /// This publisher's elements, then `elements`, in one collection of its type built now.
        ///
        /// - Parameter elements: The elements to send last.
        /// - Returns: A publisher of both, `elements` last.
        @inlinable
        public func append(_ elements: Output...) -> Publishers.Sequence<Elements, Failure> {
            append(elements)
        }

        /// This publisher's elements, then `elements`, in one collection of its type built now.
        ///
        /// - Parameter elements: The elements to send last.
        /// - Returns: A publisher of both, `elements` last.
        @inlinable
        public func append<S: Swift.Sequence>(_ elements: S)
            -> Publishers.Sequence<Elements, Failure>
        where Elements.Element == S.Element {
            var joined = sequence
            joined.append(contentsOf: elements)
            return Publishers.Sequence<Elements, Failure>(sequence: joined)
        }

        /// This publisher's elements, then `publisher`'s, in one collection built now.
        ///
        /// - Parameter publisher: The sequence publisher whose elements are sent last.
        /// - Returns: A publisher of both, `publisher`'s last.
        @inlinable
        public func append(_ publisher: Publishers.Sequence<Elements, Failure>)
            -> Publishers.Sequence<Elements, Failure>
        {
            append(publisher.sequence)
        }
    }
#endif
