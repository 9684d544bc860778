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
    extension Publishers.MapError: PassingUpstreamSubscription {}
    extension Publishers.SetFailureType: PassingUpstreamSubscription {}
    extension Publishers.AssertNoFailure: PassingUpstreamSubscription {}
    extension Publishers.Breakpoint: PassingUpstreamSubscription {}
#endif
