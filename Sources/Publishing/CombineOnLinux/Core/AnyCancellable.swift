// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// A type whose work or subscription can be cancelled.
    public protocol Cancellable {
        /// Stops the work; calling it again does nothing.
        func cancel()
    }

    // The token's own `store(in:)` methods are preferred to these, which would wrap it again.
    extension Cancellable {
        /// Keeps this cancellable, wrapped in an ``AnyCancellable``, in a collection, such as an
        /// array, so it lives as long as the collection holds it.
        ///
        /// - Parameter collection: The collection that keeps the wrapped cancellable.
        public func store<C: RangeReplaceableCollection>(in collection: inout C)
        where C.Element == AnyCancellable {
            AnyCancellable(self).store(in: &collection)
        }

        /// Keeps this cancellable, wrapped in an ``AnyCancellable``, in a set, so it lives as long
        /// as the set holds it.
        ///
        /// - Parameter set: The set that keeps the wrapped cancellable.
        public func store(in set: inout Set<AnyCancellable>) {
            AnyCancellable(self).store(in: &set)
        }
    }

    /// A cancellation token that runs its cancel action once: on ``cancel()`` or on deinit.
    ///
    /// Keep it for as long as the subscription should live:
    ///
    /// ```swift
    /// var cancellables = Set<AnyCancellable>()
    /// viewModel.$items.sink { print($0) }.store(in: &cancellables)
    /// ```
    public final class AnyCancellable: Cancellable, Hashable {
        // Guarded by `TokenLocks.lock(for: self)`; taken out exactly once, so the action runs at
        // most once.
        private var action: (() -> Void)?

        /// Creates a token that runs `cancel` the first time it is cancelled or deinitialised.
        ///
        /// - Parameter cancel: The action, run at most once, on whichever thread cancels first.
        public init(_ cancel: @escaping () -> Void) {
            action = cancel
        }

        /// Creates a token that cancels `cancellable` the first time it is cancelled or deinitialised.
        ///
        /// - Parameter cancellable: The work to cancel.
        public convenience init(_ cancellable: some Cancellable) {
            self.init { cancellable.cancel() }
        }

        deinit {
            cancel()
        }

        /// Runs the cancel action if it has not run yet. Safe to call from any thread, repeatedly.
        public func cancel() {
            // Not `withLock`: returning the closure through its generic result re-wraps it in a new
            // closure, an allocation on every cancel.
            let lock = TokenLocks.lock(for: self)
            lock.lock()
            let action = self.action.take()
            lock.unlock()
            action?()
        }

        /// Keeps the token in a set, so it lives as long as the set holds it.
        ///
        /// - Parameter set: The set that keeps the token.
        public func store(in set: inout Set<AnyCancellable>) {
            set.insert(self)
        }

        /// Keeps the token in a collection, such as an array, so it lives as long as the
        /// collection holds it.
        ///
        /// - Parameter collection: The collection that keeps the token.
        public func store<C: RangeReplaceableCollection>(in collection: inout C)
        where C.Element == AnyCancellable {
            collection.append(self)
        }

        /// Tokens are equal only when they are the same instance.
        public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
            lhs === rhs
        }

        /// Hashes the token's identity.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(self))
        }
    }

    /// Locks shared by cancellation tokens, picked by the token's address.
    ///
    /// A token holds its lock only to take its action out, never while running it, so a few locks
    /// serve every token without contention or lock-order concerns, and a token, made on every
    /// subscription, allocates no lock of its own.
    @usableFromInline
    enum TokenLocks {
        @usableFromInline static let locks = (0..<64).map { _ in Lock() }

        @inlinable
        static func lock(for token: AnyObject) -> Lock {
            // Objects are at least 16-byte aligned: the low bits carry no information.
            locks[Int((UInt(bitPattern: ObjectIdentifier(token)) >> 4) & 63)]
        }
    }
#endif
