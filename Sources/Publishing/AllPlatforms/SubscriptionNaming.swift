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
