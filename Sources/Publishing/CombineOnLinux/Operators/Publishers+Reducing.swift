// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    // The operators that reduce their upstream to one value at its end. Combine's ask their
    // upstream for every value and send their result, and even a finish with no result, only
    // once their subscriber has asked for something (a failure goes at once): OpenCombine's ReduceTests
    // (testUpstreamFinishesImmediatelyWithoutDemand, a compatibility test also run against
    // Apple's Combine) records nothing delivered to a subscriber that has not asked.

    extension Publishers.AllSatisfy {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }

    extension Publishers.Collect {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }

    extension Publishers.Comparison {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }

    extension Publishers.Contains {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }

    extension Publishers.ContainsWhere {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }

    extension Publishers.Count {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }

    extension Publishers.First {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }

    extension Publishers.FirstWhere {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }

    extension Publishers.Last {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }

    extension Publishers.LastWhere {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }

    extension Publishers.Reduce {
        /// The result and the finish wait for the subscriber's first request.
        @inlinable
        package var completesOnlyWhenAsked: Bool { true }
    }
#endif
