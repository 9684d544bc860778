// Linux: on Apple platforms these names are Combine's (see Publishing.swift).
#if !canImport(Combine)
    /// What a one-upstream operator does with each event of one subscription: for each upstream
    /// value it sends at most one value of its own, at once (or keeps it toward one, as
    /// `collect(_:)` does), or ends the stream; at the upstream's completion it may send a last
    /// value (`replaceError`'s), which waits, with the completion, for demand.
    ///
    /// Written once, an operator's steps run two ways: under a `sink` (which asks for every value)
    /// the upstream is sunk directly; under any other subscriber the operator passes the demand
    /// on, as Combine's operators do: the subscriber's requests go to the upstream, and a value
    /// the steps drop asks the upstream for one more. So a value nobody asked for meets the
    /// source's own rule (a `PassthroughSubject` drops it, a `CurrentValueSubject` keeps it as
    /// its value, a sequence waits) before the operator counts or accumulates it.
    @usableFromInline
    package struct Steps<Input, UpstreamFailure: Error, Output, Failure: Error> {
        /// Handles one upstream value: sends at most one value, or ends the stream.
        package var value: (Input, Forwarder<Output, Failure>) -> Void
        /// How many upstream values make one value of the operator's (`collect(_:)`'s count):
        /// each request is asked of the upstream that many times over, and a value kept toward
        /// one asks for none in its place, as Combine's `collect(_:)` asks.
        package var valuesPerOutput = 1
        /// Whether a request for no values stops the program, as Combine's `dropFirst`,
        /// `drop(while:)` and `replaceEmpty` do (a request must ask for at least one value).
        package var requiresDemand = false
        /// Whether a value the subscriber has not asked for stops the program, as Combine's
        /// `replaceError` does (it counts the subscriber's demand down, below zero).
        package var trapsOnUnaskedValue = false
        /// What the subscription does with what comes before the upstream's subscription.
        package var beforeSubscription = BeforeSubscription.handled
        /// What the subscription does with what comes after the stream's end.
        package var afterEnd = AfterEnd.ignored
        /// Whether the demand a value's delivery returns is asked of the upstream at once, the
        /// value's sender getting `.none`, as Combine's `measureInterval` asks it.
        package var asksUpstreamForReturnedDemand = false
        /// Handles the upstream's completion: ends the stream (the forwarder ignores a second end).
        package var completion:
            (Subscribers.Completion<UpstreamFailure>, Forwarder<Output, Failure>) -> Void
        /// What the subscription shows in a mirror, with the state the steps keep, or `nil` for
        /// no children, as most of Combine's operators show none.
        package var children: ((StepMirrorParts) -> [Mirror.Child])?
    }

    /// What a ``Steps`` subscription does with what comes before the upstream's subscription, a
    /// broken upstream's doing (or a subscriber's that reached the subscription early), as its
    /// Combine counterpart does: Combine's operators differ here, one family to a case.
    @usableFromInline
    package enum BeforeSubscription: Sendable {
        /// Values and the completion are handled as if subscribed (`collect(_:)`, `encode`).
        case handled
        /// Values are handled and the completion is ignored (`tryMap`, `tryScan`).
        case valuesHandled
        /// Values (asking for none) and the completion are ignored (`drop(while:)`,
        /// `replaceError`, `measureInterval`).
        case ignored
        /// A value, a completion or a request stops the program (`prefix(while:)`,
        /// `removeDuplicates`, `tryFilter`, `tryCompactMap`), and a subscription that comes after
        /// the subscriber cancelled is cancelled. The other cases leave such a subscription
        /// alone.
        case traps
    }

    /// What a ``Steps`` subscription does with what a broken upstream sends after the stream's
    /// end (its own completion, the steps' end, or the subscriber's cancel), as its Combine
    /// counterpart does: Combine's operators differ here, one family to a case. Events that
    /// come after the end go straight to the subscriber, which the subscription keeps.
    @usableFromInline
    package enum AfterEnd: Sendable {
        /// Nothing reaches the steps or the subscriber.
        case ignored
        /// Values are handled, and what the steps send goes on, the failure of a throw too, each
        /// time; the upstream's completion is ignored (`tryMap`).
        case valuesAndFailuresSent
        /// Values are handled and what the steps send goes on, but not their end; the upstream's
        /// completion is ignored (`tryScan`).
        case valuesSent
        /// The upstream's completion goes on, without a last value, each time; values are
        /// ignored (`collect(_:)`).
        case completionsSent
    }

    extension Steps where UpstreamFailure == Failure {
        /// Steps that hand the upstream's completion on unchanged.
        package init(value: @escaping (Input, Forwarder<Output, Failure>) -> Void) {
            self.init(
                value: value,
                completion: { completion, downstream in downstream.finish(completion) })
        }
    }
    extension Steps {
        /// These steps, doing with what comes before the upstream's subscription as `handling`
        /// says.
        package func handling(beforeSubscription handling: BeforeSubscription) -> Self {
            var steps = self
            steps.beforeSubscription = handling
            return steps
        }

        /// These steps, doing with what comes after the stream's end as `handling` says.
        package func handling(afterEnd handling: AfterEnd) -> Self {
            var steps = self
            steps.afterEnd = handling
            return steps
        }

        /// These steps, asking the upstream at once for the demand a value's delivery returns.
        package func askingUpstreamForReturnedDemand() -> Self {
            var steps = self
            steps.asksUpstreamForReturnedDemand = true
            return steps
        }

        /// These steps, showing `children` in the subscription's mirror.
        package func reflecting(_ children: @escaping (StepMirrorParts) -> [Mirror.Child]) -> Self {
            var steps = self
            steps.children = children
            return steps
        }
    }

    /// What a ``Steps`` subscription holds, for a mirror that shows it as Combine's does.
    package struct StepMirrorParts {
        /// The subscriber.
        package var downstream: Any
        /// The upstream's subscription, while it is kept.
        package var upstream: (any Subscription)?
        /// Whether the stream has ended, or been cancelled.
        package var isFinished: Bool

        /// Where the subscription stands, under the name Combine's mirrors give it.
        package var status: String {
            isFinished ? "terminal" : upstream == nil ? "awaitingSubscription" : "subscribed"
        }
    }

    /// The children of a subscription that shows only its subscriber, as Combine's
    /// `tryFilter`, `tryCompactMap`, `prefix(while:)` and `tryPrefix(while:)` show.
    func subscriberOnly(_ parts: StepMirrorParts) -> [Mirror.Child] {
        [("downstream", parts.downstream)]
    }
#endif
