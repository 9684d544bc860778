// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A property wrapper that publishes every change of a class property.
    ///
    /// `$property` is a ``Published/Publisher``: subscribing delivers the current value at once,
    /// then every later assignment. In an ``ObservableObject``, each assignment first fires the
    /// object's `objectWillChange`.
    ///
    /// ```swift
    /// final class ViewModel: ObservableObject {
    ///     @Published var isLoading = false
    /// }
    /// let token = viewModel.$isLoading.sink { print($0) }
    /// ```
    ///
    /// As in Combine, `$property` publishes *before* the new value is stored (in `willSet`): a
    /// sink that reads the property sees the old value, and should use the value it is given.
    /// `objectWillChange` fires before both.
    ///
    /// Reading, assigning and subscribing are safe from any thread.
    @propertyWrapper
    public struct Published<Value> {
        @usableFromInline let relay: Relay<Value, Never>

        /// Creates the wrapper with the property's initial value.
        ///
        /// - Parameter wrappedValue: The initial value.
        @inlinable
        public init(wrappedValue: Value) {
            relay = Relay(property: wrappedValue)
        }

        /// Creates the wrapper with the property's initial value, as Combine's older spelling.
        ///
        /// - Parameter initialValue: The initial value.
        @inlinable
        public init(initialValue: Value) {
            self.init(wrappedValue: initialValue)
        }

        /// Unavailable: `@Published` is only available on properties of classes.
        @available(*, unavailable, message: "@Published is only available on properties of classes")
        public var wrappedValue: Value {
            get { fatalError("@Published is only available on properties of classes") }
            set { fatalError("@Published is only available on properties of classes") }
        }

        /// The publisher of the property's values: `$property`.
        ///
        /// It is settable only so that `assign(to: &$property)` can take it in-out, as in
        /// Combine; setting it changes nothing, as a property keeps its one publisher.
        @inlinable
        public var projectedValue: Publisher {
            mutating get { Publisher(relay: relay) }
            // swift-format-ignore: NoEmptyClosures
            set {}
        }

        /// Reads and writes the property of `object`; writing fires `objectWillChange`, publishes
        /// the value, then stores it, as Combine does.
        @inlinable
        @inline(__always)
        public static subscript<EnclosingSelf: AnyObject>(
            _enclosingInstance object: EnclosingSelf,
            wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
            storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
        ) -> Value {
            get {
                object[keyPath: storageKeyPath].relay.readValue
            }
            set {
                object[keyPath: storageKeyPath].relay.send(newValue, announcingChangeOf: object)
            }
        }
    }

    extension Published {
        /// The publisher behind `$property`: the current value at once, then every assignment.
        ///
        /// Its type can be named in a protocol, so a dependency can expose a property's changes:
        ///
        /// ```swift
        /// protocol SessionService {
        ///     var isSignedIn: Bool { get set }
        ///     var isSignedInPublisher: Published<Bool>.Publisher { get }
        /// }
        /// ```
        public struct Publisher: Publishing.ClosurePublisher {
            /// The property's type.
            public typealias Output = Value
            /// A property's changes cannot fail.
            public typealias Failure = Never

            @usableFromInline let relay: Relay<Value, Never>

            @inlinable
            init(relay: Relay<Value, Never>) {
                self.relay = relay
            }

            /// As in Combine, a subscriber that asks for a value later gets the current one.
            @inlinable
            package var valuesWithoutDemand: ValuesWithoutDemand { .latestKept }

            /// Subscribes closures to the current value and every later assignment.
            ///
            /// The completion closure is never called: a property does not finish.
            @inlinable
            package func subscribeClosures(
                receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
                receiveValue: @escaping (Value) -> Void
            ) -> AnyCancellable {
                relay.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            }
        }
    }

    extension Published: PublishedStorage {
        var willChangeSlot: any WillChangeSlot { relay }
    }
#endif
