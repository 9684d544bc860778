// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    extension Publishers {
        /// A publisher of the value at a key path of each of its upstream's values.
        public struct MapKeyPath<Upstream: Publisher, Output>: PassThroughOperator {
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are read.
            public let upstream: Upstream
            /// The property read.
            public let keyPath: KeyPath<Upstream.Output, Output>

            /// Combine's name for the subscriber.
            @usableFromInline
            package static var subscriberName: String { "ValueForKey" }

            /// Passes on each value's property; a mirror shows the key path, as Combine's does.
            @usableFromInline
            package func makePassing() -> Passing<Upstream.Output, Failure, Output, Failure> {
                let keyPath = keyPath
                return Passing(
                    value: { $0[keyPath: keyPath] }, children: { _ in [("keyPath", keyPath)] })
            }
        }

        /// A publisher of the values at two key paths of each of its upstream's values, as a pair.
        public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: PassThroughOperator {
            /// The two properties of a value.
            public typealias Output = (Output0, Output1)
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are read.
            public let upstream: Upstream
            /// The first property read.
            public let keyPath0: KeyPath<Upstream.Output, Output0>
            /// The second property read.
            public let keyPath1: KeyPath<Upstream.Output, Output1>

            /// Combine's name for the subscriber.
            @usableFromInline
            package static var subscriberName: String { "ValueForKeys" }

            /// Passes on each value's two properties; a mirror shows the key paths.
            @usableFromInline
            package func makePassing() -> Passing<Upstream.Output, Failure, Output, Failure> {
                let (keyPath0, keyPath1) = (keyPath0, keyPath1)
                return Passing(
                    value: { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) },
                    children: { _ in [("keyPath0", keyPath0), ("keyPath1", keyPath1)] })
            }
        }

        /// A publisher of the values at three key paths of each of its upstream's values, as a
        /// triple.
        public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>:
            PassThroughOperator
        {
            /// The three properties of a value.
            public typealias Output = (Output0, Output1, Output2)
            /// The upstream publisher's failure type.
            public typealias Failure = Upstream.Failure

            /// The publisher whose values are read.
            public let upstream: Upstream
            /// The first property read.
            public let keyPath0: KeyPath<Upstream.Output, Output0>
            /// The second property read.
            public let keyPath1: KeyPath<Upstream.Output, Output1>
            /// The third property read.
            public let keyPath2: KeyPath<Upstream.Output, Output2>

            /// Combine's name for the subscriber.
            @usableFromInline
            package static var subscriberName: String { "ValueForKeys" }

            /// Passes on each value's three properties; a mirror shows the key paths.
            @usableFromInline
            package func makePassing() -> Passing<Upstream.Output, Failure, Output, Failure> {
                let (keyPath0, keyPath1, keyPath2) = (keyPath0, keyPath1, keyPath2)
                return Passing(
                    value: {
                        ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2])
                    },
                    children: { _ in
                        [("keyPath0", keyPath0), ("keyPath1", keyPath1), ("keyPath2", keyPath2)]
                    })
            }
        }
    }

    extension Publisher {
        /// Sends the value at `keyPath` of each value.
        ///
        /// - Parameter keyPath: The property to read.
        /// - Returns: A publisher of the property's values.
        public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
            Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
        }

        /// Sends the values at two key paths of each value, as a pair.
        ///
        /// - Parameters:
        ///   - keyPath0: The first property to read.
        ///   - keyPath1: The second property to read.
        /// - Returns: A publisher of pairs.
        public func map<T0, T1>(_ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>)
            -> Publishers.MapKeyPath2<Self, T0, T1>
        {
            Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
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
        ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
            Publishers.MapKeyPath3(
                upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
        }
    }
#endif
