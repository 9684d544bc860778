// Linux: on Apple platforms these types are Combine's, whose subscriptions show themselves.
#if !canImport(Combine)
    // What Combine's subscriptions to subjects and value publishers show in a mirror, and so in
    // `dump()` and the debugger: a subject's its subject, subscriber and demand (the subject and
    // subscriber `nil` once it has ended); `Just`'s, `Optional.Publisher`'s and
    // `Result.Publisher`'s their value, unlabelled (the last two in `OnceSubscription`).
    // OpenCombine's tests, run against Apple's Combine, record each.

    /// A weak reference, for a mirror that shows an object without keeping it.
    final class WeakReference: @unchecked Sendable {
        // @unchecked: `object` is set once, at creation, and a weak reference is read atomically.
        weak var object: AnyObject?

        init(_ object: AnyObject) {
            self.object = object
        }
    }

    /// The children of Combine's subject subscriptions ("conduits"): the subject, the
    /// subscriber, the demand, the subject again; `Future`'s say whether any demand came.
    private func conduitChildren<Parent: AnyObject>(
        _: Parent.Type, _ reflected: Any?, _ parts: SinkMirrorParts, demand: Any,
        showsParent: Bool? = nil
    ) -> [Mirror.Child] {
        let shown = showsParent ?? parts.isLive
        let parent = shown ? (reflected as? WeakReference)?.object as? Parent : nil
        return [
            ("parent", parent as Any), ("downstream", parts.downstream), ("demand", demand),
            ("subject", parent as Any),
        ]
    }

    extension PassthroughSubject: SinkReflecting {
        /// The subject, the subscriber, the demand and the subject again, as Combine's show.
        package static func mirrorChildren(of reflected: Any?, _ parts: SinkMirrorParts)
            -> [Mirror.Child]
        {
            conduitChildren(Self.self, reflected, parts, demand: parts.demand)
        }
    }

    extension CurrentValueSubject: SinkReflecting {
        /// The subject, the subscriber, the demand and the subject again, as Combine's show.
        package static func mirrorChildren(of reflected: Any?, _ parts: SinkMirrorParts)
            -> [Mirror.Child]
        {
            conduitChildren(Self.self, reflected, parts, demand: parts.demand)
        }
    }

    extension Future: SinkReflecting {
        /// Held weakly: the future holds the subscription until it is fulfilled.
        @usableFromInline
        package var subscriptionReflected: Any? { WeakReference(self) }

        /// The future, the subscriber, whether it has asked for anything and the future again,
        /// as Combine's show. As Combine's, the future stays shown after a result delivered in
        /// answer to a request; one the promise delivered, or a cancel, lets it go.
        package static func mirrorChildren(of reflected: Any?, _ parts: SinkMirrorParts)
            -> [Mirror.Child]
        {
            var children = conduitChildren(
                Self.self, reflected, parts, demand: parts.hasAsked,
                showsParent: parts.showsPublisher)
            children[2].label = "hasAnyDemand"
            return children
        }
    }

    extension Published.Publisher: SinkReflecting {
        /// The property's subject, as Combine's subscriptions to `$property` show it.
        @usableFromInline
        package var subscriptionReflected: Any? { PublishedSubject(relay) }

        /// The subject, the subscriber, the demand and the subject again, as Combine's show.
        package static func mirrorChildren(of reflected: Any?, _ parts: SinkMirrorParts)
            -> [Mirror.Child]
        {
            let subject = parts.isLive ? reflected as? PublishedSubject<Value> : nil
            return [
                ("parent", subject as Any), ("downstream", parts.downstream),
                ("demand", parts.demand), ("subject", subject as Any),
            ]
        }
    }

    /// What a subscription to `$property` shows as its subject, under the name of Combine's
    /// (its subscriptions are named after it too): the property's relay, held weakly, as the
    /// property's owner holds it.
    final class PublishedSubject<Value>: @unchecked Sendable {
        // @unchecked: `relay` is set once, at creation, and a weak reference is read atomically.
        weak var relay: Relay<Value, Never>?

        init(_ relay: Relay<Value, Never>) {
            self.relay = relay
        }
    }

    extension Just: SinkReflecting {
        /// The value.
        @usableFromInline
        package var subscriptionReflected: Any? { output }

        /// The value, unlabelled, as Combine's shows.
        package static func mirrorChildren(of reflected: Any?, _ parts: SinkMirrorParts)
            -> [Mirror.Child]
        {
            valueChildren(reflected)
        }
    }

    private func valueChildren(_ reflected: Any?) -> [Mirror.Child] {
        reflected.map { [(nil, $0)] } ?? []
    }
#endif
