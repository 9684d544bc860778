/// A publisher whose subscription, in Combine, calls itself something other than the
/// publisher's type name (`Optional.Publisher`'s is "Optional", `Fail`'s "Empty"), or is not
/// its own: Combine's `map`, `filter`, `scan`, … hand their subscriber the upstream's
/// subscription, so `print()` after them names the upstream.
package protocol CombineSubscriptionNaming {
    /// What a subscription to this publisher describes itself as, in Combine.
    static var subscriptionDescription: String { get }
}

/// An operator whose subscriber, in Combine, receives its upstream's subscription.
package protocol PassingUpstreamSubscription: CombineSubscriptionNaming {
    /// The publisher the operator subscribes to.
    associatedtype Upstream: Publisher
}

extension PassingUpstreamSubscription {
    package static var subscriptionDescription: String {
        Publishing.subscriptionDescription(of: Upstream.self)
    }
}

/// What a subscription to a publisher of type `publisherType` describes itself as, as Combine's
/// do in `print()`, the debugger and failure output: the operator's name ("Map", "Debounce",
/// "PassthroughSubject"), never an implementation's class name.
///
/// Worked out when a description is asked for, not when subscribing: a subscription keeps
/// only the type.
package func subscriptionDescription(of publisherType: Any.Type) -> String {
    if let named = publisherType as? any CombineSubscriptionNaming.Type {
        return named.subscriptionDescription
    }
    // "Debounce<PassthroughSubject<Int, Never>, DispatchQueue>" names the operator first.
    let name = String(describing: publisherType)
    return String(name.prefix { $0 != "<" })
}

/// What a subscription to a publisher of type `publisherType` describes itself as, where the
/// subscription it made to its upstream is `upstream`: that one's own description for an
/// operator that, in Combine, passes it on.
package func subscriptionDescription(
    of publisherType: Any.Type, upstream: (any Subscription)?
) -> String {
    if publisherType is any PassingUpstreamSubscription.Type, let upstream {
        return String(describing: upstream)
    }
    return subscriptionDescription(of: publisherType)
}

// Linux: on Apple platforms these types are Combine's, which name their own subscriptions.
#if !canImport(Combine)
    extension Optional.Publisher: CombineSubscriptionNaming {
        package static var subscriptionDescription: String { "Optional" }
    }

    extension Result.Publisher: CombineSubscriptionNaming {
        // Combine's name for it before it was `Result.Publisher`.
        package static var subscriptionDescription: String { "Once" }
    }

    extension Fail: CombineSubscriptionNaming {
        // Combine's `Fail` hands its subscriber `Subscriptions.empty`, then the failure.
        package static var subscriptionDescription: String { "Empty" }
    }

    extension Published.Publisher: CombineSubscriptionNaming {
        package static var subscriptionDescription: String { "PublishedSubject" }
    }

    extension Publishers.FirstWhere: CombineSubscriptionNaming {
        // Combine's own name for it; OpenCombine's tests, run against Combine, check it.
        package static var subscriptionDescription: String { "TryFirst" }
    }

    extension Publishers.Share: CombineSubscriptionNaming {
        package static var subscriptionDescription: String { "Multicast" }
    }

    extension Publishers.MakeConnectable: CombineSubscriptionNaming {
        package static var subscriptionDescription: String { "Multicast" }
    }

    extension Publishers.Map: PassingUpstreamSubscription {}
    extension Publishers.MapKeyPath: PassingUpstreamSubscription {}
    extension Publishers.MapKeyPath2: PassingUpstreamSubscription {}
    extension Publishers.MapKeyPath3: PassingUpstreamSubscription {}
    extension Publishers.CompactMap: PassingUpstreamSubscription {}
    extension Publishers.Filter: PassingUpstreamSubscription {}
    extension Publishers.Scan: PassingUpstreamSubscription {}
    extension Publishers.IgnoreOutput: PassingUpstreamSubscription {}
    extension Publishers.MapError: PassingUpstreamSubscription {}
    extension Publishers.SetFailureType: PassingUpstreamSubscription {}
    extension Publishers.AssertNoFailure: PassingUpstreamSubscription {}
    extension Publishers.Breakpoint: PassingUpstreamSubscription {}
    extension Publishers.Autoconnect: PassingUpstreamSubscription {}
#endif
